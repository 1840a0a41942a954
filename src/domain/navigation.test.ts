import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type MenuItem } from './contract/config';
import { BUILT_IN_PATHS, FEATURE_ROUTES, LOGIN_REQUIRED_PREFIXES, type FeatureSection } from './routeTable';
import {
  SECTION_PATHS,
  featureGuard,
  featureSectionOf,
  isBuiltInPage,
  isSectionEnabled,
  menuItemTarget,
  navPaths,
  needsLogin,
  normalizeNavPath,
  safeNextUrl,
} from './navigation';

const item = (path: string, over: Partial<MenuItem> = {}): MenuItem => ({
  link_text: path,
  path,
  is_custom: 0,
  is_default: 0,
  page_id: null,
  children: [],
  ...over,
});

describe('normalizeNavPath', () => {
  it.each([
    ['/#facilities', 'facilities'],
    ['#facilities', 'facilities'],
    ['/events/', 'events'],
    ['/events', 'events'],
    ['events', 'events'],
    ['/', ''],
    ['', ''],
    ['  /Events  ', 'events'],
    ['/events?category=2', 'events'],
    ['/events#top', 'events'],
    ['/Media-Library/', 'media-library'],
    ['/academy/4/packages', 'academy/4/packages'],
    ['//events//', 'events'],
    ['##', ''],
    ['/#/Facilities/?x=1', 'facilities'],
    [' /events / ', 'events'],
  ])('%j → %j', (path, expected) => {
    expect(normalizeNavPath(path)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normalizeNavPath(s);
        expect(normalizeNavPath(once)).toBe(once);
      }),
    );
  });
});

describe('navPaths and isSectionEnabled', () => {
  const nav: MenuItem[] = [
    item('/'),
    item('', {
      children: [item('/Events/'), item('/academies', { children: [item('/#facilities')] })],
    }),
    item('https://example.com/shop', { is_custom: 1 }),
  ];

  it('collects normalised paths of items and their children, recursively', () => {
    expect(navPaths(nav)).toEqual(new Set(['', 'events', 'academies', 'facilities', 'https://example.com/shop']));
  });

  it.each<[FeatureSection | 'facilities', boolean]>([
    ['events', true],
    ['workshops', true],
    ['facilities', true],
    ['training', false],
    ['memberships', false],
    ['blogs', false],
    ['outlets', false],
    ['retail', false],
    ['offers', false],
    ['mediaLibrary', false],
  ])('[S0-6.9] %s enabled: %s', (section, enabled) => {
    expect(isSectionEnabled(section, nav)).toBe(enabled);
  });

  it('section paths are the feature routes plus the home facilities anchor', () => {
    expect(FEATURE_ROUTES).toEqual({
      events: '/events',
      training: '/training',
      workshops: '/academies',
      memberships: '/memberships',
      blogs: '/blogs',
      outlets: '/outlets',
      retail: '/retail',
      offers: '/offers',
      mediaLibrary: '/media-library',
    });
    expect(SECTION_PATHS).toEqual({ ...FEATURE_ROUTES, facilities: '/#facilities' });
  });
});

describe('featureSectionOf', () => {
  it.each<[string, FeatureSection | null]>([
    ['/events', 'events'],
    ['/events/12', 'events'],
    ['/events/', 'events'],
    ['/events?lang=ar', 'events'],
    ['/training', 'training'],
    ['/training/3', 'training'],
    ['/academies', 'workshops'],
    ['/academy/4', 'workshops'],
    ['/academy/4/packages', 'workshops'],
    ['/memberships', 'memberships'],
    ['/blogs', 'blogs'],
    ['/blog/x', 'blogs'],
    ['/outlets', 'outlets'],
    ['/outlets/2', 'outlets'],
    ['/retail', 'retail'],
    ['/offers', 'offers'],
    ['/media-library', 'mediaLibrary'],
    ['/', null],
    ['/cart', null],
    ['/profile/event-bookings', null],
    ['/eventsx', null],
    ['/about-us', null],
  ])('%s → %s', (pathname, section) => {
    expect(featureSectionOf(pathname)).toBe(section);
  });
});

describe('featureGuard', () => {
  const sections: [string, FeatureSection, string, string][] = [
    ['S0-5.32', 'events', '/events', '/events/12'],
    ['S0-5.33', 'training', '/training', '/training/3'],
    ['S0-5.34', 'workshops', '/academies', '/academy/4/packages'],
    ['S0-5.35', 'memberships', '/memberships', '/memberships'],
    ['S0-5.36', 'blogs', '/blogs', '/blog/a-post'],
    ['S0-5.37', 'outlets', '/outlets', '/outlets/2'],
    ['S0-5.38', 'retail', '/retail', '/retail'],
    ['S0-5.39', 'offers', '/offers', '/offers'],
    ['S0-5.40', 'mediaLibrary', '/media-library', '/media-library'],
  ];

  it.each(sections)('[%s] %s pages are not found unless %s is in the header navigation', (_id, _section, listing, detail) => {
    expect(featureGuard(listing, [])).toBe('notFound');
    expect(featureGuard(detail, [item('/other')])).toBe('notFound');
    expect(featureGuard(listing, [item(listing)])).toBe('allow');
    expect(featureGuard(detail, [item('', { children: [item(`${listing}/`)] })])).toBe('allow');
  });

  it.each(['/', '/cart', '/profile/user', '/about-us', '/login'])('[S0-6.9] %s is not a feature page and is allowed', (pathname) => {
    expect(featureGuard(pathname, [])).toBe('allow');
  });
});

describe('[S0-5.31] [S0-6.8] needsLogin', () => {
  it('guards profile, customer support and verify-customer', () => {
    expect(LOGIN_REQUIRED_PREFIXES).toEqual(['/profile', '/customer-support', '/verify-customer']);
  });

  it.each([
    ['/profile', true],
    ['/profile/user', true],
    ['/profile/user/wallet', true],
    ['/profile/user/q-points', true],
    ['/profile/view-tickets/77', true],
    ['/profile/facility-bookings', true],
    ['/profile/trainer-sessions/3', true],
    ['/profile/family/', true],
    ['/Profile/User', true],
    ['/customer-support', true],
    ['/customer-support/5', true],
    ['/verify-customer', true],
    ['/profile?lang=ar', true],
    ['/', false],
    ['/profiles', false],
    ['/customer-supporter', false],
    ['/events', false],
    ['/login', false],
    ['/cart', false],
  ])('%s → %s', (pathname, expected) => {
    expect(needsLogin(pathname)).toBe(expected);
  });
});

describe('[S0-2.50] isBuiltInPage', () => {
  it('lists the first segment of every built-in route', () => {
    expect(BUILT_IN_PATHS).toEqual(
      expect.arrayContaining(['home', 'home-bsl', 'event-invite', 'academy', 'paymentsuccess', 'paymentfailed', 'form', 'service', '404']),
    );
    expect(BUILT_IN_PATHS).toHaveLength(28);
  });

  it.each<[MenuItem, boolean]>([
    [item('/'), true],
    [item('/#facilities'), true],
    [item('/events'), true],
    [item('/academy/4'), true],
    [item('/terms-and-conditions'), true],
    [item('/Contact-Us/'), true],
    [item('about-us'), false],
    [item('/about-us'), false],
    [item('/about-us', { is_default: 1 }), true],
    [item('/eventsx'), false],
  ])('%j → %s', (menuItem, expected) => {
    expect(isBuiltInPage(menuItem)).toBe(expected);
  });
});

describe('menuItemTarget', () => {
  it.each<[string, MenuItem, ReturnType<typeof menuItemTarget>]>([
    ['group of children', item('', { children: [item('/events')] }), { kind: 'group' }],
    ['[S0-2.71] custom external link', item('https://shop.example.com/x?y=1', { is_custom: 1 }), { kind: 'external', href: 'https://shop.example.com/x?y=1' }],
    ['[S0-2.71] custom http link', item(' http://example.com ', { is_custom: 1 }), { kind: 'external', href: 'http://example.com' }],
    ['protocol-relative link', item('//example.com/a'), { kind: 'external', href: '//example.com/a' }],
    ['mail link', item('mailto:info@example.com', { is_custom: 1 }), { kind: 'external', href: 'mailto:info@example.com' }],
    ['built-in page', item('/events'), { kind: 'internal', to: '/events' }],
    ['built-in without slash', item('events/'), { kind: 'internal', to: '/events' }],
    ['home anchor', item('/#facilities'), { kind: 'internal', to: '/', hash: 'facilities' }],
    ['home', item('/'), { kind: 'internal', to: '/' }],
    ['built-in with query', item('/events?category=2'), { kind: 'internal', to: '/events', search: { category: '2' } }],
    ['[S0-2.49] configured page', item('about-us', { page_id: 4 }), { kind: 'internal', to: '/about-us' }],
    ['[S0-2.49] configured page with slashes', item('/about-us/', { page_id: 4 }), { kind: 'internal', to: '/about-us' }],
    ['custom relative path', item('/offers', { is_custom: 1 }), { kind: 'internal', to: '/offers' }],
    ['group that also links', item('/events', { children: [item('/training')] }), { kind: 'internal', to: '/events' }],
  ])('%s', (_title, menuItem, expected) => {
    expect(menuItemTarget(menuItem)).toEqual(expected);
  });
});

describe('safeNextUrl', () => {
  it.each<[unknown, string]>([
    ['/profile/user', '/profile/user'],
    ['/events/3?lang=ar#x', '/events/3?lang=ar#x'],
    ['/', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['profile', '/'],
    ['', '/'],
    [null, '/'],
    [undefined, '/'],
    [42, '/'],
  ])('%j → %j', (next, expected) => {
    expect(safeNextUrl(next)).toBe(expected);
  });

  it('always answers a path that stays on this site', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((s) => `/${s}`)), (next) => {
        const safe = safeNextUrl(next);
        expect(new URL(safe, 'https://venue.example').origin).toBe('https://venue.example');
      }),
    );
  });
});
