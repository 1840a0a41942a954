import { type MenuItem } from './contract/config';
import { isSectionEnabled, type NavSection } from './navigation';

/** labelKey is an i18n key of the 'shell' namespace. */
export type ProfileMenuEntry = { key: string; to: string; labelKey: string };

type MenuRow = { entry: ProfileMenuEntry; shownWhen: NavSection[] | 'always' };

const ROWS: MenuRow[] = [
  { entry: { key: 'user', to: '/profile/user', labelKey: 'profile.user' }, shownWhen: 'always' },
  {
    entry: { key: 'facilityBookings', to: '/profile/facility-bookings', labelKey: 'profile.facilityBookings' },
    shownWhen: ['facilities'],
  },
  { entry: { key: 'eventBookings', to: '/profile/event-bookings', labelKey: 'profile.eventBookings' }, shownWhen: ['events'] },
  {
    entry: { key: 'trainerSessions', to: '/profile/trainer-sessions', labelKey: 'profile.trainerSessions' },
    shownWhen: ['training'],
  },
  {
    entry: { key: 'academyBookings', to: '/profile/academy-bookings', labelKey: 'profile.academyBookings' },
    shownWhen: ['workshops'],
  },
  {
    entry: { key: 'membershipsBookings', to: '/profile/memberships-bookings', labelKey: 'profile.membershipsBookings' },
    shownWhen: ['memberships'],
  },
  // PRODUCT.md: retail shows when outlets or retail is enabled.
  { entry: { key: 'retail', to: '/profile/retail', labelKey: 'profile.retail' }, shownWhen: ['outlets', 'retail'] },
  { entry: { key: 'family', to: '/profile/family', labelKey: 'profile.family' }, shownWhen: 'always' },
];

export function profileMenuEntries(nav: MenuItem[], isBaps: boolean): ProfileMenuEntry[] {
  return ROWS.filter(({ shownWhen }) => shownWhen === 'always' || shownWhen.some((section) => isSectionEnabled(section, nav))).map(
    ({ entry }) => (entry.key === 'facilityBookings' && isBaps ? { ...entry, labelKey: 'profile.myBookings' } : { ...entry }),
  );
}

/** Profile-area pages reached from inside the user page rather than from the menu. */
export const PROFILE_AREA_LINKS: { wallet: ProfileMenuEntry; qPoints: ProfileMenuEntry } = {
  wallet: { key: 'wallet', to: '/profile/user/wallet', labelKey: 'profile.wallet' },
  qPoints: { key: 'qPoints', to: '/profile/user/q-points', labelKey: 'profile.qPoints' },
};

export function viewTicketsPath(orderId: string | number): string {
  return `/profile/view-tickets/${encodeURIComponent(String(orderId))}`;
}
