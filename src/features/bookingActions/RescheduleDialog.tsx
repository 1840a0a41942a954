import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom } from 'xstate';
import { type rescheduleBookingMachine } from '../../../machines/rescheduleBooking';
import { slotText } from '../../domain/bookingActions/display';
import { formatAmount } from '../../domain/money';
import { useLanguage } from '../../i18n/useLanguage';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { DateField } from '../../ui/formFields';
import { Skeleton } from '../../ui/Skeleton';
import { SlotButtons } from '../../ui/SlotButtons';
import { DifferencePayment } from './DifferencePayment';
import { failureText } from './failureText';

type RescheduleRef = ActorRefFrom<typeof rescheduleBookingMachine>;

/** The reschedule dialog: a date and one of its free slots, then the price difference and the confirm. */
export function RescheduleDialog({ reschedule, bookingName, current }: { reschedule: RescheduleRef; bookingName: string; current: { date: string; start_time: string | null; end_time: string | null } }) {
  const { t } = useTranslation('bookingActions');
  const lang = useLanguage();
  const slotsId = useId();
  const state = useSelector(reschedule, (snapshot) => snapshot);
  const { slots, quote, result, failure, date, target } = state.context;
  const open = !state.matches('idle');
  const picking = state.matches('loadingSlots') || state.matches('picking') || state.matches('quoting');
  const close = () => reschedule.send({ type: 'reschedule.close' });
  const money = (amount: number) => formatAmount(amount, quote?.currency ?? result?.currency);
  const back = () => reschedule.send({ type: 'reschedule.back' });

  const dearer = state.matches('dearer');
  const paying = dearer || ((quote?.to_pay ?? 0) > 0 && (state.matches('submitting') || state.matches('redirecting')));
  const actions = state.matches('confirming') || state.matches('submitting') || state.matches('redirecting') || dearer ? (
    <>
      <Button variant="secondary" onClick={back} disabled={state.hasTag('pending')}>
        {t('rescheduleDialog.back')}
      </Button>
      <Button pending={state.hasTag('pending')} onClick={() => reschedule.send({ type: 'reschedule.confirm' })}>
        {paying && quote ? t('rescheduleDialog.pay', { amount: money(quote.to_pay) }) : t('rescheduleDialog.confirm')}
      </Button>
    </>
  ) : state.matches('failed') ? (
    <>
      <Button variant="secondary" onClick={close}>
        {t('rescheduleDialog.close')}
      </Button>
      <Button onClick={() => reschedule.send({ type: 'reschedule.retry' })}>{t('rescheduleDialog.retry')}</Button>
    </>
  ) : (
    <Button variant="secondary" onClick={close}>
      {t('rescheduleDialog.close')}
    </Button>
  );

  return (
    <Dialog open={open} onClose={state.matches('submitting') || state.matches('redirecting') ? undefined : close} title={t('rescheduleDialog.title')} size="lg" actions={actions} className="booking-action-dialog">
      <p className="booking-action-subject">{bookingName}</p>
      <p>
        {t('rescheduleDialog.current')}: <bdi>{slotText(current, lang)}</bdi>
      </p>
      {picking ? (
        <>
          <DateField
            label={t('rescheduleDialog.date')}
            name="date"
            value={date}
            min={slots?.first_date}
            max={slots?.last_date}
            onChange={(chosen) => {
              if (chosen) reschedule.send({ type: 'date.change', date: chosen });
            }}
          />
          <section className="booking-action-slots" aria-labelledby={slotsId} aria-busy={state.matches('loadingSlots') || undefined}>
            <h3 id={slotsId} className="booking-action-section-title">
              {t('rescheduleDialog.slots')}
            </h3>
            {state.matches('loadingSlots') ? (
              <div className="booking-action-skeletons" role="status" aria-label={t('rescheduleDialog.loading')}>
                {Array.from({ length: 4 }, (_, index) => (
                  <Skeleton key={index} height="var(--target-min)" />
                ))}
              </div>
            ) : slots && slots.slots.length > 0 ? (
              <SlotButtons
                slots={slots.slots}
                chosen={target?.start_time ?? null}
                labelledBy={slotsId}
                busy={state.matches('quoting')}
                isBookable={() => !state.matches('quoting')}
                onSelect={(startTime) => reschedule.send({ type: 'slot.select', startTime })}
              />
            ) : (
              <p>{t('rescheduleDialog.none')}</p>
            )}
          </section>
        </>
      ) : null}
      {quote && (state.matches('confirming') || state.matches('submitting') || state.matches('redirecting') || dearer) ? (
        <div className="booking-action-quote">
          <p className="booking-action-headline">
            {t('rescheduleDialog.next')}: <bdi>{slotText(quote.next, lang)}</bdi>
          </p>
          {paying ? (
            <DifferencePayment reschedule={reschedule} amount={money(quote.to_pay)} money={money} />
          ) : quote.refund_to_wallet > 0 ? (
            <p>{t('rescheduleDialog.refund', { amount: money(quote.refund_to_wallet) })}</p>
          ) : (
            <p>{t('rescheduleDialog.samePrice')}</p>
          )}
        </div>
      ) : null}
      {state.matches('failed') ? <p role="alert">{failureText(t, failure)}</p> : null}
      {result && state.matches('done') ? (
        <div role="status">
          <p className="booking-action-headline">{t('rescheduleDialog.done', { when: slotText(result.slot, lang) })}</p>
          {result.refund_to_wallet > 0 ? <p>{t('rescheduleDialog.doneWallet', { amount: money(result.refund_to_wallet), balance: money(result.wallet_balance) })}</p> : null}
        </div>
      ) : null}
    </Dialog>
  );
}
