import { useTranslation } from 'react-i18next';
import { addonMax } from '../../domain/booking/addonLimits';
import { type Addon } from '../../domain/contract/facilities';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { langOf } from '../../domain/lang';
import { QuantityStepper } from './QuantityStepper';

export interface AddonCardProps {
  addon: Addon;
  quantity: number;
  currency: string;
  imageBase: string;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onAdd: () => void;
}

/** An add-on: image, name, price with tax, a quantity stepper (up to its max) and add to cart. */
export function AddonCard({ addon, quantity, currency, imageBase, busy, onQuantity, onAdd }: AddonCardProps) {
  const { t, i18n } = useTranslation('facilityBooking');
  const name = localized(addon, 'name', langOf(i18n.language));
  return (
    <article className="product-card">
      <div className="product-card-image">{addon.image ? <img src={`${imageBase}${addon.image}`} alt="" loading="lazy" /> : null}</div>
      <h4 className="product-card-name" dir="auto">
        {name}
      </h4>
      <p className="product-card-price" dir="ltr">
        {formatAmount(addon.price + addon.tax_amount, currency)}
      </p>
      {/* No max on the control: going past it must reach the machine, which says 'Max quantity {max} reached'. */}
      <QuantityStepper label={t('addons.quantity')} value={quantity} onChange={onQuantity} disabled={addonMax(addon) === 0} />
      <Button onClick={onAdd} disabled={quantity <= 0} pending={busy}>
        {t('addons.addToCart')}
      </Button>
    </article>
  );
}
