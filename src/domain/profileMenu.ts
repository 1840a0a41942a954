import { type MenuItem } from './contract/config';
import { isSectionEnabled, type NavSection } from './navigation';
import { userKinds, type UserKindFields } from './session';

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

const AREA_LINKS = {
  wallet: { key: 'wallet', to: '/profile/user/wallet', labelKey: 'profile.wallet' },
  qPoints: { key: 'qPoints', to: '/profile/user/q-points', labelKey: 'profile.qPoints' },
  savedCards: { key: 'savedCards', to: '/profile/user/cards', labelKey: 'profile.savedCards' },
  partner: { key: 'partner', to: '/profile/partner', labelKey: 'profile.partner' },
} satisfies Record<string, ProfileMenuEntry>;

/**
 * The profile area's money pages (spec 000 §1: wallet and q-points are in the profile area), listed after the menu's
 * entries and on the user page: wallet, q-points, saved cards, and the partner account for partner (B2B, B2E) users.
 */
export function profileAreaLinks(user: UserKindFields | null): ProfileMenuEntry[] {
  return [AREA_LINKS.wallet, AREA_LINKS.qPoints, AREA_LINKS.savedCards, ...(userKinds(user).partner ? [AREA_LINKS.partner] : [])];
}

export function viewTicketsPath(orderId: string | number): string {
  return `/profile/view-tickets/${encodeURIComponent(String(orderId))}`;
}
