import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectedFacility } from '../../../machines/facilityBookingSelectors';
import { localized } from '../../domain/localize';
import { Skeleton } from '../../ui/Skeleton';
import { sameItems, type FacilityBookingRef } from './bookingActor';
import { useLanguage } from '../../i18n/useLanguage';
import { displayTime } from '../../domain/dates';
import { displayDate } from './bookingText';
import { ProductCard } from './ProductCard';

export interface StepProps {
  booking: FacilityBookingRef;
  currency: string;
  imageBase: string;
}

/** Step 2: the visit line and the ticket cards of a per-capacity facility. */
export function TicketsStep({ booking, currency, imageBase }: StepProps) {
  const { t } = useTranslation('facilityBooking');
  const lang = useLanguage();
  const loading = useSelector(booking, (state) => state.matches({ open: { step2: 'loadingProducts' } }));
  const adding = useSelector(booking, (state) => state.matches({ open: { step2: 'addingTicket' } }));
  const pendingTicketId = useSelector(booking, (state) => state.context.pendingTicketId);
  const tickets = useSelector(booking, (state) => state.context.products?.products ?? []);
  const quantities = useSelector(booking, (state) => state.context.ticketQuantities);
  const addable = useSelector(
    booking,
    (state) => (state.context.products?.products ?? []).filter((ticket) => state.can({ type: 'ticket.add', productId: ticket.product_id })).map((ticket) => ticket.product_id),
    sameItems,
  );
  const visit = useSelector(booking, (state) => ({
    isBaps: state.context.config.is_baps === 1,
    facility: state.context.products?.facility ?? selectedFacility(state.context),
    date: state.context.date,
    minutes: state.context.durationMinutes,
    start: state.context.slot?.start_time ?? '',
    end: state.context.slot?.end_time ?? '',
  }), (a, b) => JSON.stringify(a) === JSON.stringify(b));

  const facilityName = visit.facility ? localized(visit.facility, 'name', lang) : '';
  return (
    <div className="booking-step">
      <p className="booking-visit">
        {visit.isBaps
          ? t('tickets.bapsVisit', { date: displayDate(visit.date, lang), time: `${displayTime(visit.start)} – ${displayTime(visit.end)}` })
          : t('tickets.visit', { facility: facilityName, date: displayDate(visit.date, lang), minutes: visit.minutes })}
      </p>
      {loading ? (
        <div className="product-grid" aria-busy="true">
          <Skeleton height="12rem" />
          <Skeleton height="12rem" />
        </div>
      ) : tickets.length === 0 ? (
        <p className="booking-empty">{t('tickets.none')}</p>
      ) : (
        <div className="product-grid">
          {tickets.map((ticket) => (
            <ProductCard
              key={ticket.product_id}
              product={ticket}
              quantityLabel={t('tickets.numberOfTickets')}
              addLabel={t('tickets.addToCart')}
              quantity={quantities[ticket.product_id] ?? 0}
              currency={currency}
              imageBase={imageBase}
              canAdd={addable.includes(ticket.product_id)}
              busy={adding && pendingTicketId === ticket.product_id}
              onQuantity={(quantity) => booking.send({ type: 'ticket.quantity', productId: ticket.product_id, quantity })}
              onAdd={() => booking.send({ type: 'ticket.add', productId: ticket.product_id })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
