import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom } from 'xstate';
import { type rescheduleBookingMachine } from '../../../machines/rescheduleBooking';
import { Skeleton } from '../../ui/Skeleton';

type RescheduleRef = ActorRefFrom<typeof rescheduleBookingMachine>;

/**
 * How a dearer slot's difference is paid, with the checkout's methods: the wallet first when ticked, then a saved
 * card or a new card on the payment page (which may be kept). The slot is held while the payment is made.
 */
export function DifferencePayment({ reschedule, amount, money }: { reschedule: RescheduleRef; amount: string; money: (value: number) => string }) {
  const { t } = useTranslation('bookingActions');
  const state = useSelector(reschedule, (snapshot) => snapshot);
  const { methods, payment } = state.context;
  const locked = !state.matches({ dearer: 'choosing' });
  if (state.matches({ dearer: 'loadingMethods' })) {
    return (
      <div role="status" aria-label={t('pay.loading')}>
        <Skeleton height="var(--target-min)" />
      </div>
    );
  }
  const cards = methods?.saved_cards ?? [];
  return (
    <>
      <p>{t('pay.intro', { amount, minutes: 15 })}</p>
      <fieldset className="booking-action-methods" disabled={locked}>
        <legend>{t('pay.legend')}</legend>
        {cards.map((card) => (
          <label key={card.id} className="booking-action-choice">
            <input type="radio" name="difference-method" checked={payment.cardId === card.id} onChange={() => reschedule.send({ type: 'pay.card.choose', cardId: card.id })} />
            <span dir="auto">{t('pay.savedCard', { brand: card.brand, last4: card.last4, expiry: card.expiry })}</span>
          </label>
        ))}
        <label className="booking-action-choice">
          <input type="radio" name="difference-method" checked={payment.cardId === null} onChange={() => reschedule.send({ type: 'pay.card.choose', cardId: null })} />
          <span>{cards.length > 0 ? t('pay.newCard') : t('pay.card')}</span>
        </label>
        {payment.cardId === null ? (
          <label className="booking-action-choice">
            <input type="checkbox" checked={payment.saveCard} onChange={(event) => reschedule.send({ type: 'pay.card.save', save: event.target.checked })} />
            <span>{t('pay.saveCard')}</span>
          </label>
        ) : null}
        {methods && methods.wallet > 0 ? (
          <label className="booking-action-choice">
            <input type="checkbox" checked={payment.wallet} onChange={() => reschedule.send({ type: 'pay.wallet.toggle' })} />
            <span>{t('pay.wallet', { amount: money(methods.wallet) })}</span>
          </label>
        ) : null}
      </fieldset>
    </>
  );
}
