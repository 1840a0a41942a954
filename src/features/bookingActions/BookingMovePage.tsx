import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../app/LoadState';
import { useSiteConfig } from '../../app/account/useAccountSession';
import { screenData } from '../../app/screenData';
import { slotText, venueMomentText } from '../../domain/bookingActions/display';
import { type BookingMove } from '../../domain/contract/bookingActions';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { useLanguage } from '../../i18n/useLanguage';
import { leaveForGateway } from '../../services/checkout';
import { Button, buttonClass } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import './bookingActions.css';

const moveRoute = getRouteApi('/_site/_login/profile/booking-moves/$token');

/** The list each kind of movable booking is in: where a customer tries a move again. */
const LIST_OF: Partial<Record<BookingMove['kind'], '/profile/facility-bookings' | '/profile/trainer-sessions'>> = {
  facility: '/profile/facility-bookings',
  training: '/profile/trainer-sessions',
};

/**
 * Where the payment page sends the customer back after paying (or not) for a move to a dearer slot: moved to the
 * new time, or still booked at the old one with a way to try again, or still waiting for the payment.
 */
export function BookingMovePage() {
  const { t } = useTranslation('bookingActions');
  const lang = useLanguage();
  const router = useRouter();
  const config = useSiteConfig();
  const state = screenData(moveRoute.useLoaderData());
  if (state.status !== 'ready') {
    return (
      <div className="container page">
        <PageHeading title={t('move.title')} />
        <LoadState state={state} />
      </div>
    );
  }
  const move = state.data.data;
  const name = localized({ name: move.name, ar_name: move.ar_name }, 'name', lang);
  const list = LIST_OF[move.kind] ?? '/profile/facility-bookings';
  const amount = formatAmount(move.amount, move.currency);
  return (
    <div className="container page booking-move">
      <PageHeading title={t('move.title')} />
      <section className="card booking-move-card" aria-live="polite">
        <p className="booking-action-subject">{name}</p>
        {move.state === 'completed' ? (
          <div role="status">
            <p className="booking-action-headline">{t('move.completed', { when: slotText(move.to, lang) })}</p>
            <p>{t('move.paid', { amount })}</p>
          </div>
        ) : move.state === 'pending' ? (
          <div role="status">
            <p className="booking-action-headline">{t('move.pending', { when: slotText(move.from, lang) })}</p>
            <p>{t('move.held', { when: slotText(move.to, lang), until: venueMomentText(move.expires_at ?? '', config.time_zone, lang), amount })}</p>
          </div>
        ) : (
          <div role="alert">
            <p className="booking-action-headline">{t(move.state === 'expired' ? 'move.expired' : 'move.failed')}</p>
            <p>{t('move.unchanged', { when: slotText(move.from, lang) })}</p>
          </div>
        )}
        <div className="booking-move-actions">
          {move.state === 'pending' && move.payment ? (
            <>
              <Button onClick={() => move.payment && leaveForGateway(move.payment)}>{t('move.continue', { amount })}</Button>
              <Button variant="secondary" onClick={() => void router.invalidate()}>
                {t('move.refresh')}
              </Button>
            </>
          ) : null}
          {move.state === 'failed' || move.state === 'expired' ? (
            <Link to={list} className={buttonClass('primary', 'md')}>
              {t('move.tryAgain')}
            </Link>
          ) : null}
          <Link to={list} className={buttonClass('secondary', 'md')}>
            {t('move.toBookings')}
          </Link>
        </div>
      </section>
    </div>
  );
}
