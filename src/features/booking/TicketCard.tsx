import { useTranslation } from 'react-i18next';
import { type Ticket } from '../../domain/contract/facilities';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { langOf } from '../../domain/lang';
import { QuantityStepper } from './QuantityStepper';

export interface TicketCardProps {
  ticket: Ticket;
  quantity: number;
  currency: string;
  imageBase: string;
  /** Adding is paused (a call is under way). */
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onAdd: () => void;
}

/** A ticket: image, name, price with tax, the 'Number of Tickets' stepper and Add to cart. */
export function TicketCard({ ticket, quantity, currency, imageBase, busy, onQuantity, onAdd }: TicketCardProps) {
  const { t, i18n } = useTranslation('facilityBooking');
  const name = localized(ticket, 'name', langOf(i18n.language));
  return (
    <article className="product-card">
      <div className="product-card-image">{ticket.image ? <img src={`${imageBase}${ticket.image}`} alt="" loading="lazy" /> : null}</div>
      <h4 className="product-card-name" dir="auto">
        {name}
      </h4>
      <p className="product-card-price" dir="ltr">
        {formatAmount(ticket.price + ticket.tax_amount, currency)}
      </p>
      <QuantityStepper label={t('tickets.numberOfTickets')} value={quantity} onChange={onQuantity} />
      <Button onClick={onAdd} disabled={quantity <= 0} pending={busy}>
        {t('tickets.addToCart')}
      </Button>
    </article>
  );
}
