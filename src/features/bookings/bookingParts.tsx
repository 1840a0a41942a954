import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortal } from '../../app/portal';
import { type BookingKind, type BookingListItem } from '../../domain/contract/bookings';
import { dayjs, DATE_FORMATS } from '../../domain/dates';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { viewTicketsPath } from '../../domain/profileMenu';
import { buttonClass } from '../../ui/Button';

/** What the cancel and reschedule actions (another part of the app) put into a booking's row or details. */
export type BookingActions = (booking: BookingListItem) => ReactNode;
export type BookingScreenProps = { renderActions?: BookingActions };

/** Spec 000 §9 formats: the date as `ddd, DD MMM YYYY`, times as `hh:mm A`. */
export const shownDate = (date: string, lang: Lang) => dayjs(date).locale(lang).format(DATE_FORMATS.display);
const shownTime = (time: string) => dayjs(`2000-01-01 ${time}`).format(DATE_FORMATS.time12);

/** When: the day, and the times where the booking has them (kept left to right, as a clock reads, in Arabic too). */
function When({ booking, lang }: { booking: Pick<BookingListItem, 'date' | 'start_time' | 'end_time'>; lang: Lang }) {
  const times = [booking.start_time, booking.end_time].filter((time): time is string => Boolean(time)).map(shownTime).join(' – ');
  return (
    <span className="booking-when">
      {booking.date ? <span>{shownDate(booking.date, lang)}</span> : null}
      {times ? <bdi dir="ltr">{times}</bdi> : null}
    </span>
  );
}

/** Where the booking is: its facility, hall or outlet, else the venue itself. */
export function usePlaceName(place: BookingListItem['place'], lang: Lang): string {
  const { shell } = usePortal();
  const venue = useSelector(shell, (state) => state.context.config?.venue ?? null);
  if (place) return localized(place, 'name', lang);
  return venue ? localized(venue, 'name', lang) : '';
}

/** The status label (spec 000 §4), in words and in a colour that reads well on its background. */
export function StatusBadge({ booking }: { booking: Pick<BookingListItem, 'status' | 'awaiting_approval'> }) {
  const { t } = useTranslation('bookings');
  return (
    <span className="booking-badges">
      <span className={`booking-status booking-status--${booking.status}`}>{t(`status.${booking.status}`)}</span>
      {booking.awaiting_approval ? <span className="booking-status booking-status--awaiting">{t('awaitingApproval')}</span> : null}
    </span>
  );
}

const DETAILS_PATH: Partial<Record<BookingKind, '/profile/trainer-sessions/$id' | '/profile/academy-bookings/$id'>> = {
  training: '/profile/trainer-sessions/$id',
  academy: '/profile/academy-bookings/$id',
};

/** The links of a booking: its order's tickets (once issued) and its details page, where its kind has one. */
export function BookingLinks({ booking, name, withDetails }: { booking: BookingListItem; name: string; withDetails: boolean }) {
  const { t } = useTranslation('bookings');
  const details = withDetails ? DETAILS_PATH[booking.kind] : undefined;
  if (!booking.tickets_issued && !details) return null;
  return (
    <div className="booking-links">
      {booking.tickets_issued ? (
        <Link to={viewTicketsPath(booking.order_id)} className={buttonClass('secondary')} aria-label={t('viewTicketsOf', { name })}>
          {t('viewTickets')}
        </Link>
      ) : null}
      {details ? (
        <Link to={details} params={{ id: String(booking.id) }} className={buttonClass('secondary')} aria-label={t('detailsOf', { name })}>
          {t('details')}
        </Link>
      ) : null}
    </div>
  );
}

/** The facts every booking has: where, when, how many, what it cost, and its order. */
export function BookingFacts({ booking, lang, children }: { booking: BookingListItem; lang: Lang; children?: ReactNode }) {
  const { t } = useTranslation('bookings');
  const place = usePlaceName(booking.place, lang);
  return (
    <dl className="booking-facts">
      <div>
        <dt>{t('where')}</dt>
        <dd dir="auto">{place}</dd>
      </div>
      <div>
        <dt>{t(`when.${booking.kind}`)}</dt>
        <dd>
          <When booking={booking} lang={lang} />
        </dd>
      </div>
      <div>
        <dt>{t('quantity')}</dt>
        <dd>{booking.quantity}</dd>
      </div>
      <div>
        <dt>{t('amount')}</dt>
        <dd>
          <bdi dir="ltr">{formatAmount(booking.amount, booking.currency)}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t('reference')}</dt>
        <dd>
          <bdi dir="ltr">{booking.order_reference}</bdi>
        </dd>
      </div>
      {children}
    </dl>
  );
}
