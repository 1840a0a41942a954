import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../app/LoadState';
import { PagedList } from '../../app/PagedList';
import { usePortal } from '../../app/portal';
import { screenData } from '../../app/screenData';
import { type BookingDetails, type BookingListItem } from '../../domain/contract/bookings';
import { bookingRanges, bookingSorts, type BookingListSearch, type BookingSort } from '../../domain/contract/routeParams';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { venueNow } from '../../domain/venueTime';
import { useLanguage } from '../../i18n/useLanguage';
import { Button, buttonClass } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { BookingFacts, BookingLinks, shownDate, StatusBadge, type BookingActions, type BookingScreenProps } from './bookingParts';
import './bookings.css';

const listRoutes = {
  facility: getRouteApi('/_site/_login/profile/facility-bookings'),
  event: getRouteApi('/_site/_login/profile/event-bookings'),
  training: getRouteApi('/_site/_login/profile/trainer-sessions'),
  academy: getRouteApi('/_site/_login/profile/academy-bookings'),
  membership: getRouteApi('/_site/_login/profile/memberships-bookings'),
  retail: getRouteApi('/_site/_login/profile/retail'),
} as const;
type ListKind = keyof typeof listRoutes;

/** Range shortcuts (spec 000 §9) as a group of toggle buttons; a range starts at its first page. */
function RangeShortcuts({ current }: { current: BookingListSearch['range'] }) {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const selected = current ?? 'all';
  return (
    <div className="booking-ranges" role="group" aria-label={t('range.label')}>
      {bookingRanges.map((range) => (
        <Button
          key={range}
          variant={range === selected ? 'primary' : 'secondary'}
          aria-pressed={range === selected}
          onClick={() => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, range: range === 'all' ? undefined : range, page: undefined }) })}
        >
          {t(`range.${range}`)}
        </Button>
      ))}
    </div>
  );
}

function SortControl({ current }: { current: BookingListSearch['sort'] }) {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="field booking-sort">
      <label className="field-label" htmlFor={id}>
        {t('sort.label')}
      </label>
      <select
        id={id}
        className="field-input"
        value={current ?? 'date_desc'}
        onChange={(event) => {
          const sort = event.currentTarget.value as BookingSort;
          void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, sort: sort === 'date_desc' ? undefined : sort, page: undefined }) });
        }}
      >
        {(Object.keys(bookingSorts) as BookingSort[]).map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function BookingRow({ booking, lang, renderActions }: { booking: BookingListItem; lang: Lang; renderActions: BookingActions | undefined }) {
  const id = useId();
  const name = localized(booking, 'name', lang);
  return (
    <li className="booking-row card" aria-labelledby={id}>
      <div className="booking-row__head">
        <h2 id={id} className="booking-row__name" dir="auto">
          {name}
        </h2>
        <StatusBadge booking={booking} />
      </div>
      <BookingFacts booking={booking} lang={lang} />
      <BookingLinks booking={booking} name={name} withDetails />
      {renderActions ? <div className="booking-actions">{renderActions(booking)}</div> : null}
    </li>
  );
}

/** One booking list: range shortcuts, the sort, a page of rows and the links to the other pages. */
function BookingList({ kind, title, renderActions }: { kind: ListKind; title: string; renderActions: BookingActions | undefined }) {
  const { t } = useTranslation('bookings');
  const lang = useLanguage();
  const route = listRoutes[kind];
  const state = screenData(route.useLoaderData());
  const search: BookingListSearch = route.useSearch();
  return (
    <div className="container page booking-page">
      <PageHeading title={title} />
      <div className="booking-controls">
        <RangeShortcuts current={search.range} />
        <SortControl current={search.sort} />
      </div>
      {state.status === 'ready' && state.data.data.total > 0 ? (
        <p className="booking-count" role="status">
          {t('count', { count: state.data.data.total })}
        </p>
      ) : null}
      <PagedList
        state={state}
        emptyText={t(search.range ? 'emptyInRange' : `empty.${kind}`)}
        listClassName="booking-list"
        renderItem={(booking) => <BookingRow key={booking.id} booking={booking} lang={lang} renderActions={renderActions} />}
      />
    </div>
  );
}

/** /profile/facility-bookings [S0-2.23]: titled My Bookings in the is_baps mode (spec 000 §2, profile menu). */
export function FacilityBookingsPage({ renderActions }: BookingScreenProps) {
  const { t: pages } = useTranslation('pages');
  const { t: shell } = useTranslation('shell');
  const { shell: shellActor } = usePortal();
  const isBaps = useSelector(shellActor, (state) => state.context.config?.is_baps === 1);
  return <BookingList kind="facility" title={isBaps ? shell('profile.myBookings') : pages('profile.facilityBookings')} renderActions={renderActions} />;
}

/** A list page of one kind under its page title (the pages namespace, as the profile's other pages). */
const listPage = (kind: Exclude<ListKind, 'facility'>, titleKey: string) =>
  function KindBookingsPage({ renderActions }: BookingScreenProps) {
    const { t } = useTranslation('pages');
    return <BookingList kind={kind} title={t(titleKey)} renderActions={renderActions} />;
  };

/** /profile/event-bookings [S0-2.28] */
export const EventBookingsPage = listPage('event', 'profile.eventBookings');
/** /profile/trainer-sessions [S0-2.24] */
export const TrainerSessionsPage = listPage('training', 'profile.trainerSessions');
/** /profile/academy-bookings [S0-2.26] */
export const AcademyBookingsPage = listPage('academy', 'profile.academyBookings');
/** /profile/memberships-bookings [S0-2.29] */
export const MembershipBookingsPage = listPage('membership', 'profile.membershipsBookings');
/** /profile/retail [S0-2.30]: outlet products and packages. */
export const RetailBookingsPage = listPage('retail', 'profile.retail');

const detailRoutes = {
  training: { api: getRouteApi('/_site/_login/profile/trainer-sessions/$id'), list: '/profile/trainer-sessions', titleKey: 'profile.trainerSession' },
  academy: { api: getRouteApi('/_site/_login/profile/academy-bookings/$id'), list: '/profile/academy-bookings', titleKey: 'profile.academyBooking' },
} as const;

function DetailsFacts({ booking, lang }: { booking: BookingDetails; lang: Lang }) {
  const { t } = useTranslation('bookings');
  const { shell } = usePortal();
  const timeZone = useSelector(shell, (state) => state.context.config?.time_zone);
  /** The venue's day of a moment the server wrote (UTC). */
  const venueDay = (moment: string) => shownDate(venueNow(timeZone, new Date(moment)).today, lang);
  const money = (amount: number) => formatAmount(amount, booking.currency);
  const fact = (label: string, value: string | null, dir?: 'ltr' | 'auto') =>
    value ? (
      <div key={label}>
        <dt>{label}</dt>
        <dd>
          <bdi dir={dir}>{value}</bdi>
        </dd>
      </div>
    ) : null;
  const specialty = booking.specialty ? localized(booking, 'specialty', lang) : null;
  const ages = booking.min_age !== null && booking.max_age !== null ? t('ages', { min: booking.min_age, max: booking.max_age }) : null;
  // The card pays once the gateway confirms; wallet, q-points and credit are taken when the order is placed and given
  // back when it is never paid (declined, or its time ran out).
  const settled = booking.order_status === 'paid' || booking.order_status === 'awaiting_approval';
  const lapsed = booking.order_status === 'failed' || booking.order_status === 'expired';
  const taken = (method: 'card' | 'wallet' | 'qpoints' | 'credit') => (method === 'card' ? settled : !lapsed);
  const payments = (['card', 'wallet', 'qpoints', 'credit'] as const).filter((method) => taken(method) && booking[`paid_by_${method}`] > 0);
  return (
    <BookingFacts booking={booking} lang={lang}>
      {fact(t('specialty'), specialty, 'auto')}
      {fact(t('sessionLength'), booking.session_minutes ? t('minutes', { count: booking.session_minutes }) : null)}
      {fact(t('programme'), booking.first_day && booking.last_day ? t('fromTo', { from: shownDate(booking.first_day, lang), to: shownDate(booking.last_day, lang) }) : null)}
      {fact(t('ageRange'), ages)}
      {fact(t('visitors'), booking.visitors.length > 0 ? booking.visitors.join(', ') : null, 'auto')}
      {fact(t('unitPrice'), t('priceAndVat', { price: money(booking.unit_price), vat: money(booking.unit_tax) }))}
      {fact(t('discount'), booking.discount > 0 ? money(booking.discount) : null, 'ltr')}
      {booking.addons.map((addon, index) => (
        <div key={index}>
          <dt>{t('addon')}</dt>
          <dd dir="auto">{t('addonLine', { name: localized(addon, 'name', lang), quantity: addon.quantity, amount: money(addon.amount) })}</dd>
        </div>
      ))}
      {fact(t('orderedOn'), venueDay(booking.created_at))}
      {fact(t('orderTotal'), money(booking.order_total), 'ltr')}
      {payments.map((method) => fact(t(`paidBy.${method}`), money(booking[`paid_by_${method}`]), 'ltr'))}
      {fact(t('cancelledOn'), booking.cancelled_at ? venueDay(booking.cancelled_at) : null)}
      {booking.refunds.map((refund, index) => (
        <div key={`refund-${index}`}>
          <dt>{t('refund')}</dt>
          <dd>{t(`refundLine.${refund.method}.${refund.status}`, { amount: money(refund.amount) })}</dd>
        </div>
      ))}
    </BookingFacts>
  );
}

function BookingDetailsScreen({ kind, renderActions }: { kind: keyof typeof detailRoutes; renderActions: BookingActions | undefined }) {
  const { t } = useTranslation('bookings');
  const { t: pages } = useTranslation('pages');
  const lang = useLanguage();
  const route = detailRoutes[kind];
  const state = screenData(route.api.useLoaderData());
  const back = (
    <Link to={route.list} className={buttonClass('ghost')}>
      {t(`backTo.${kind}`)}
    </Link>
  );
  if (state.status === 'error' && (state.code === 404 || state.code === 400)) {
    return (
      <div className="container page booking-page">
        <PageHeading title={pages(route.titleKey)} />
        <p className="empty-state" role="alert">
          {t('notFound')}
        </p>
        {back}
      </div>
    );
  }
  const booking = state.status === 'ready' ? state.data.data : null;
  const name = booking ? localized(booking, 'name', lang) : '';
  return (
    <div className="container page booking-page">
      <PageHeading title={pages(route.titleKey)} />
      <LoadState state={state} />
      {booking ? (
        <article className="booking-details card" aria-labelledby="booking-details-name">
          <div className="booking-row__head">
            <h2 id="booking-details-name" className="booking-row__name" dir="auto">
              {name}
            </h2>
            <StatusBadge booking={booking} />
          </div>
          {booking.description ? (
            <p className="booking-details__about" dir="auto">
              {localized(booking, 'description', lang)}
            </p>
          ) : null}
          <DetailsFacts booking={booking} lang={lang} />
          <BookingLinks booking={booking} name={name} withDetails={false} />
          {renderActions ? <div className="booking-actions">{renderActions(booking)}</div> : null}
        </article>
      ) : null}
      {back}
    </div>
  );
}

/** /profile/trainer-sessions/{id} [S0-2.25] */
export function TrainerSessionDetailsPage({ renderActions }: BookingScreenProps) {
  return <BookingDetailsScreen kind="training" renderActions={renderActions} />;
}

/** /profile/academy-bookings/{id} [S0-2.27] */
export function AcademyBookingDetailsPage({ renderActions }: BookingScreenProps) {
  return <BookingDetailsScreen kind="academy" renderActions={renderActions} />;
}
