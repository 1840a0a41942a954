import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type MenuItem } from './contract/config';
import { SECTION_PATHS, type NavSection } from './navigation';
import { profileAreaLinks, profileMenuEntries, viewTicketsPath } from './profileMenu';

const navOf = (...sections: NavSection[]): MenuItem[] => [
  {
    link_text: 'Explore',
    path: '',
    is_custom: 0,
    is_default: 0,
    page_id: null,
    children: sections.map((section) => ({
      link_text: section,
      path: SECTION_PATHS[section],
      is_custom: 0,
      is_default: 0,
      page_id: null,
      children: [],
    })),
  },
];

const keys = (nav: MenuItem[], isBaps = false) => profileMenuEntries(nav, isBaps).map((entry) => entry.key);

describe('profileMenuEntries', () => {
  it.each<[string, NavSection[], string[]]>([
    ['[S0-2.85] [S0-2.93] nothing enabled: user and family only', [], ['user', 'family']],
    ['[S0-2.86] facilities', ['facilities'], ['user', 'facilityBookings', 'family']],
    ['[S0-2.88] events', ['events'], ['user', 'eventBookings', 'family']],
    ['[S0-2.89] training', ['training'], ['user', 'trainerSessions', 'family']],
    ['[S0-2.90] workshops', ['workshops'], ['user', 'academyBookings', 'family']],
    ['[S0-2.91] memberships', ['memberships'], ['user', 'membershipsBookings', 'family']],
    ['[S0-2.92] outlets alone', ['outlets'], ['user', 'retail', 'family']],
    ['[S0-2.92] retail alone', ['retail'], ['user', 'retail', 'family']],
    ['[S0-2.92] outlets and retail', ['outlets', 'retail'], ['user', 'retail', 'family']],
    ['unrelated sections', ['blogs', 'offers', 'mediaLibrary'], ['user', 'family']],
    [
      'everything, in menu order',
      ['retail', 'memberships', 'workshops', 'training', 'events', 'facilities', 'outlets'],
      ['user', 'facilityBookings', 'eventBookings', 'trainerSessions', 'academyBookings', 'membershipsBookings', 'retail', 'family'],
    ],
  ])('%s', (_title, sections, expected) => {
    expect(keys(navOf(...sections))).toEqual(expected);
  });

  it('gives each entry its route and label key', () => {
    const all = profileMenuEntries(navOf('facilities', 'events', 'training', 'workshops', 'memberships', 'retail'), false);
    expect(all).toEqual([
      { key: 'user', to: '/profile/user', labelKey: 'profile.user' },
      { key: 'facilityBookings', to: '/profile/facility-bookings', labelKey: 'profile.facilityBookings' },
      { key: 'eventBookings', to: '/profile/event-bookings', labelKey: 'profile.eventBookings' },
      { key: 'trainerSessions', to: '/profile/trainer-sessions', labelKey: 'profile.trainerSessions' },
      { key: 'academyBookings', to: '/profile/academy-bookings', labelKey: 'profile.academyBookings' },
      { key: 'membershipsBookings', to: '/profile/memberships-bookings', labelKey: 'profile.membershipsBookings' },
      { key: 'retail', to: '/profile/retail', labelKey: 'profile.retail' },
      { key: 'family', to: '/profile/family', labelKey: 'profile.family' },
    ]);
  });

  it.each([
    [true, 'profile.myBookings'],
    [false, 'profile.facilityBookings'],
  ])('[S0-2.87] facility bookings in is_baps=%s is titled %s', (isBaps, labelKey) => {
    const entry = profileMenuEntries(navOf('facilities'), isBaps).find((e) => e.key === 'facilityBookings');
    expect(entry).toEqual({ key: 'facilityBookings', to: '/profile/facility-bookings', labelKey });
  });

  it('user and family are always first and last, whatever is enabled', () => {
    const sections: NavSection[] = ['facilities', 'events', 'training', 'workshops', 'memberships', 'blogs', 'outlets', 'retail', 'offers', 'mediaLibrary'];
    fc.assert(
      fc.property(fc.subarray(sections), fc.boolean(), (enabled, isBaps) => {
        const entries = keys(navOf(...enabled), isBaps);
        expect(entries[0]).toBe('user');
        expect(entries.at(-1)).toBe('family');
        expect(new Set(entries).size).toBe(entries.length);
      }),
    );
  });
});

describe('[S0-2.94] profile area links', () => {
  it('wallet, q-points and saved cards live under the user page; partner users also get their partner account', () => {
    const money = [
      { key: 'wallet', to: '/profile/user/wallet', labelKey: 'profile.wallet' },
      { key: 'qPoints', to: '/profile/user/q-points', labelKey: 'profile.qPoints' },
      { key: 'savedCards', to: '/profile/user/cards', labelKey: 'profile.savedCards' },
    ];
    const partner = { key: 'partner', to: '/profile/partner', labelKey: 'profile.partner' };
    expect(profileAreaLinks(null)).toEqual(money);
    expect(profileAreaLinks({ b2b_id: null, b2b_type: null })).toEqual(money);
    expect(profileAreaLinks({ b2b_id: 12, b2b_type: 'b2b' })).toEqual([...money, partner]);
    expect(profileAreaLinks({ b2b_id: 12, b2b_type: 'b2e' })).toEqual([...money, partner]);
  });

  it.each([
    [77, '/profile/view-tickets/77'],
    ['ORD-1', '/profile/view-tickets/ORD-1'],
    ['a/b', '/profile/view-tickets/a%2Fb'],
  ])('view tickets of order %s', (orderId, path) => {
    expect(viewTicketsPath(orderId)).toBe(path);
  });
});
