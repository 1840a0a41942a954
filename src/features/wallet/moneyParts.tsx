import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { bookingRanges, type BookingRange } from '../../domain/contract/routeParams';
import { dayjs, DATE_FORMATS } from '../../domain/dates';
import { formatAmount } from '../../domain/money';
import { userKinds } from '../../domain/session';
import { venueNow } from '../../domain/venueTime';
import { useLanguage } from '../../i18n/useLanguage';
import { usePortal } from '../../app/portal';
import { useSiteConfig } from '../../app/account/useAccountSession';
import './wallet.css';

const MONEY_PAGES = [
  { to: '/profile/user/wallet', labelKey: 'nav.wallet' },
  { to: '/profile/user/q-points', labelKey: 'nav.qpoints' },
  { to: '/profile/user/cards', labelKey: 'nav.cards' },
] as const;
const PARTNER_PAGE = { to: '/profile/partner', labelKey: 'nav.partner' } as const;

/** The customer's money pages side by side (the partner page for partner and employee accounts). */
export function MoneyNav() {
  const { t } = useTranslation('wallet');
  const { session } = usePortal();
  const user = useSelector(session, (state) => state.context.user);
  const pages = userKinds(user).partner ? [...MONEY_PAGES, PARTNER_PAGE] : MONEY_PAGES;
  return (
    <nav className="money-nav" aria-label={t('nav.label')}>
      {pages.map((page) => (
        <Link key={page.to} to={page.to} className="money-nav-link" activeProps={{ 'aria-current': 'page' }}>
          {t(page.labelKey)}
        </Link>
      ))}
    </nav>
  );
}

/** Spec 000 §9 range shortcuts as links: each range has its own address and starts on its first page. */
export function RangeFilter({ current }: { current: BookingRange }) {
  const { t } = useTranslation('wallet');
  return (
    <nav className="range-filter" aria-label={t('ranges.label')}>
      {bookingRanges.map((range) => (
        <Link
          key={range}
          to="."
          search={(previous: Record<string, unknown>) => ({ ...previous, range: range === 'all' ? undefined : range, page: undefined, payment: undefined })}
          className="range-filter-link"
          aria-current={range === current ? 'true' : undefined}
        >
          {t(`ranges.${range}`)}
        </Link>
      ))}
    </nav>
  );
}

/** Amounts in the venue's currency, and instants as the venue's date and time, in the screen's language. */
export function useMoneyText(currency: string) {
  const lang = useLanguage();
  const config = useSiteConfig();
  return {
    amount: (value: number) => formatAmount(value, currency),
    /** '+AED 100' for money in, 'AED -50' for money out: the sign is read before the number. */
    signed: (value: number) => (value > 0 ? `+${formatAmount(value, currency)}` : formatAmount(value, currency)),
    date: (day: string) => dayjs(day).locale(lang === 'ar' ? 'ar' : 'en').format(DATE_FORMATS.display),
    /** The venue's calendar day of a moment: 'Tue, 16 Jun 2026'. */
    venueDate: (iso: string) => dayjs(venueNow(config.time_zone, new Date(iso)).today).locale(lang === 'ar' ? 'ar' : 'en').format(DATE_FORMATS.display),
    dateTime: (iso: string) => {
      const at = venueNow(config.time_zone, new Date(iso));
      return `${dayjs(at.today).locale(lang === 'ar' ? 'ar' : 'en').format(DATE_FORMATS.display)} ${at.time.slice(0, 5)}`;
    },
  };
}

/** What the gateway answered, shown once on the way back (`?payment=`). */
export function PaymentOutcome({ outcome, paidKey, declinedKey }: { outcome: 'paid' | 'declined' | undefined; paidKey: string; declinedKey: string }) {
  const { t } = useTranslation('wallet');
  if (!outcome) return null;
  return (
    <p className={`money-outcome money-outcome-${outcome}`} role={outcome === 'paid' ? 'status' : 'alert'}>
      {t(outcome === 'paid' ? paidKey : declinedKey)}
    </p>
  );
}
