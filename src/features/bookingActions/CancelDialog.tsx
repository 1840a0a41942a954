import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom } from 'xstate';
import { type cancelBookingMachine } from '../../../machines/cancelBooking';
import { venueMomentText } from '../../domain/bookingActions/display';
import { type CancelQuote } from '../../domain/contract/bookingActions';
import { formatAmount } from '../../domain/money';
import { useLanguage } from '../../i18n/useLanguage';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { failureText } from './failureText';

type CancelRef = ActorRefFrom<typeof cancelBookingMachine>;

/** The cancel dialog: what comes back and how, then the confirm; the machine decides which part shows. */
export function CancelDialog({ cancel, bookingName, timeZone }: { cancel: CancelRef; bookingName: string; timeZone: string }) {
  const { t } = useTranslation('bookingActions');
  const lang = useLanguage();
  const state = useSelector(cancel, (snapshot) => snapshot);
  const { quote, result, failure } = state.context;
  const open = !state.matches('idle');
  const pending = state.hasTag('pending');
  const close = () => cancel.send({ type: 'cancel.close' });
  const moment = (instant: string) => venueMomentText(instant, timeZone, lang);
  const money = (amount: number) => formatAmount(amount, quote?.currency ?? result?.currency);
  // The quote arrives after the dialog opened: focus moves to the safe choice, keeping the booking.
  const keepRef = useRef<HTMLButtonElement>(null);
  const confirming = state.matches('confirming');
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  const actions = state.matches('confirming') || state.matches('submitting') ? (
    <>
      <Button variant="secondary" ref={keepRef} onClick={close} disabled={pending}>
        {t('cancelDialog.keep')}
      </Button>
      <Button variant="danger" pending={state.matches('submitting')} onClick={() => cancel.send({ type: 'cancel.confirm' })}>
        {t('cancelDialog.confirm')}
      </Button>
    </>
  ) : state.matches('failed') ? (
    <>
      <Button variant="secondary" onClick={close}>
        {t('cancelDialog.close')}
      </Button>
      <Button onClick={() => cancel.send({ type: 'cancel.retry' })}>{t('cancelDialog.retry')}</Button>
    </>
  ) : state.matches('quoting') ? null : (
    <Button onClick={close}>{t('cancelDialog.close')}</Button>
  );

  return (
    <Dialog open={open} onClose={state.matches('submitting') ? undefined : close} title={t('cancelDialog.title')} size="md" actions={actions} className="booking-action-dialog">
      <p className="booking-action-subject">{bookingName}</p>
      {state.matches('quoting') ? (
        <p role="status" className="booking-action-status">
          <Spinner /> {t('cancelDialog.loading')}
        </p>
      ) : null}
      {quote && (state.matches('confirming') || state.matches('submitting')) ? <QuoteSummary quote={quote} moment={moment} money={money} /> : null}
      {quote && state.matches('refused') ? (
        <div role="alert">
          <p className="booking-action-headline">{t('cancelDialog.refusedTitle')}</p>
          <p>{t('cancelDialog.refused', { until: moment(quote.cancel_until) })}</p>
        </div>
      ) : null}
      {state.matches('failed') ? <p role="alert">{failureText(t, failure)}</p> : null}
      {result && state.matches('done') ? (
        <div role="status">
          <p className="booking-action-headline">{t('cancelDialog.done')}</p>
          {result.to_wallet > 0 ? <p>{t('cancelDialog.doneWallet', { amount: money(result.to_wallet), balance: money(result.wallet_balance) })}</p> : null}
          {result.to_card > 0 ? <p>{t('cancelDialog.doneCard', { amount: money(result.to_card), days: quote?.card_refund_business_days ?? 7 })}</p> : null}
        </div>
      ) : null}
    </Dialog>
  );
}

function QuoteSummary({ quote, moment, money }: { quote: CancelQuote; moment: (instant: string) => string; money: (amount: number) => string }) {
  const { t } = useTranslation('bookingActions');
  return (
    <div className="booking-action-quote">
      <p className="booking-action-headline">{quote.outcome === 'free' ? t('cancelDialog.free', { until: moment(quote.free_until) }) : t('cancelDialog.fee', { until: moment(quote.free_until) })}</p>
      <dl className="booking-action-amounts">
        <div>
          <dt>{t('cancelDialog.paid')}</dt>
          <dd>{money(quote.paid)}</dd>
        </div>
        {quote.fee > 0 ? (
          <div>
            <dt>{t('cancelDialog.feeLine')}</dt>
            <dd>{money(quote.fee)}</dd>
          </div>
        ) : null}
        <div className="booking-action-total">
          <dt>{t('cancelDialog.refund')}</dt>
          <dd>{money(quote.refund)}</dd>
        </div>
      </dl>
      {quote.to_wallet > 0 ? <p>{t('cancelDialog.toWallet', { amount: money(quote.to_wallet) })}</p> : null}
      {quote.to_card > 0 ? <p>{t('cancelDialog.toCard', { amount: money(quote.to_card), days: quote.card_refund_business_days })}</p> : null}
      {quote.refund === 0 ? <p>{t('cancelDialog.nothingBack')}</p> : null}
      <p className="booking-action-hint">{t('cancelDialog.lastMoment', { until: moment(quote.cancel_until) })}</p>
    </div>
  );
}
