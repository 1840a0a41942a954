/** The header navigation sections that turn pages on (spec 000 §6). */
export type FeatureSection =
  | 'events'
  | 'training'
  | 'workshops'
  | 'memberships'
  | 'blogs'
  | 'outlets'
  | 'retail'
  | 'offers'
  | 'mediaLibrary';

/** The string bundles of src/i18n/locales/<lang>/<namespace>.json. */
export type Namespace =
  | 'common'
  | 'ui'
  | 'shell'
  | 'pages'
  | 'errors'
  | 'validation'
  | 'account'
  | 'booking'
  | 'visitors'
  | 'facilityBooking'
  | 'cart'
  | 'checkout'
  | 'catalogue'
  | 'offers'
  | 'kiosk'
  | 'kioskVisitor'
  | 'leads'
  | 'tickets'
  | 'bookingActions'
  | 'wallet'
  | 'bookings'
  | 'profile';

/**
 * What the app knows of a route apart from its screen: where it is, whether it needs a login, which header
 * navigation section turns it on, and the strings it needs. src/routes/router.tsx gives each one its screen and
 * loader (type-checked to cover every path here); every list of paths elsewhere is derived from this table.
 */
export type RouteFacts = {
  readonly path: string;
  /** Other paths that show the same screen. */
  readonly aliases?: readonly string[];
  /** 'bare' routes show no header and footer. */
  readonly layout: 'site' | 'bare';
  readonly login?: true;
  /** The header navigation entry that turns the page on; without it the page is not found. */
  readonly section?: FeatureSection;
  readonly namespaces: readonly Namespace[];
  /** A page no venue menu points at (a terminal's own page); its first segment stays free for content pages. */
  readonly staffOnly?: true;
};

type Details = Omit<RouteFacts, 'path' | 'layout'>;
const route = <const P extends string, const F extends Details = { namespaces: [] }>(path: P, facts?: F): { path: P; layout: 'site' } & F =>
  ({ path, layout: 'site', ...(facts ?? { namespaces: [] }) }) as { path: P; layout: 'site' } & F;
const bareRoute = <const P extends string, const F extends Details>(path: P, facts: F): { path: P; layout: 'bare' } & F => ({ path, layout: 'bare', ...facts });

const catalogue = ['catalogue', 'cart'] as const satisfies Namespace[];
const profile = { login: true, namespaces: ['account'] } as const;
const bookings = { login: true, namespaces: ['bookings', 'bookingActions', 'account'] } as const;

/** Every route of the portal, in the order the router tries them; a section's listing page comes first. */
export const ROUTE_TABLE = [
  route('/', { aliases: ['/home'], namespaces: ['leads', 'facilityBooking', 'booking'] }),
  route('/events', { section: 'events', namespaces: catalogue }),
  route('/events/$id', { section: 'events', namespaces: catalogue }),
  route('/training', { section: 'training', namespaces: catalogue }),
  route('/training/$id', { section: 'training', namespaces: catalogue }),
  route('/academies', { section: 'workshops', namespaces: catalogue }),
  route('/academy/$id', { section: 'workshops', namespaces: catalogue }),
  route('/academy/$id/packages', { section: 'workshops', namespaces: catalogue }),
  route('/memberships', { section: 'memberships', namespaces: catalogue }),
  route('/blogs', { section: 'blogs', namespaces: catalogue }),
  route('/blog/$slug', { section: 'blogs', namespaces: catalogue }),
  route('/outlets', { section: 'outlets', namespaces: ['offers', ...catalogue] }),
  route('/outlets/$id', { section: 'outlets', namespaces: ['offers', ...catalogue] }),
  route('/retail', { section: 'retail', namespaces: catalogue }),
  route('/offers', { section: 'offers', namespaces: ['offers', ...catalogue] }),
  route('/media-library', { section: 'mediaLibrary', namespaces: catalogue }),
  route('/service/$id', { namespaces: ['booking', 'facilityBooking', 'visitors'] }),
  route('/cart', { namespaces: ['cart', 'checkout', 'account', 'booking', 'visitors'] }),
  route('/profile/user', { login: true, namespaces: ['profile', 'account'] }),
  route('/profile/view-tickets/$orderId', { login: true, namespaces: ['tickets'] }),
  route('/profile/booking-moves/$token', { login: true, namespaces: ['bookingActions', 'account'] }),
  route('/profile/user/q-points', { login: true, namespaces: ['wallet', 'account'] }),
  route('/profile/user/wallet', { login: true, namespaces: ['wallet', 'account'] }),
  route('/profile/user/cards', { login: true, namespaces: ['wallet', 'account'] }),
  route('/profile/partner', { login: true, namespaces: ['wallet', 'account'] }),
  route('/profile/facility-bookings', bookings),
  route('/profile/trainer-sessions', bookings),
  route('/profile/trainer-sessions/$id', bookings),
  route('/profile/academy-bookings', bookings),
  route('/profile/academy-bookings/$id', bookings),
  route('/profile/event-bookings', bookings),
  route('/profile/memberships-bookings', bookings),
  route('/profile/retail', bookings),
  route('/profile/family', { login: true, namespaces: ['profile', 'account'] }),
  route('/customer-support', profile),
  route('/customer-support/$id', profile),
  route('/login', { namespaces: ['account'] }),
  route('/register', { namespaces: ['account'] }),
  route('/verify-customer', { login: true, namespaces: ['profile', 'account'] }),
  route('/paymentsuccess/$token', { namespaces: ['checkout'] }),
  route('/paymentfailed', { namespaces: ['checkout'] }),
  route('/terms-and-conditions'),
  route('/privacy-policy'),
  route('/contact-us'),
  route('/form/$slug'),
  route('/404'),
  // A configured content page: any one-segment path no route above claims.
  route('/$slug'),
  bareRoute('/home-bsl', { aliases: ['/home-bsl/$token'], namespaces: [] }),
  bareRoute('/event-invite', { namespaces: ['catalogue'] }),
  // Two segments, so never taken for a content page; open to every venue, not behind a section.
  bareRoute('/kiosk/provision', { namespaces: ['kiosk'], staffOnly: true }),
] as const;

export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];

/** The strings every screen may use, whatever its route: the shell, the kit, the dialogs any page can open. */
export const APP_NAMESPACES = ['common', 'ui', 'shell', 'pages', 'errors', 'validation', 'account', 'booking', 'visitors', 'facilityBooking', 'cart', 'checkout', 'kiosk', 'kioskVisitor', 'leads'] as const satisfies Namespace[];

/** Every namespace the app has: the app's own and those of its routes. */
export const NAMESPACES: readonly Namespace[] = [...new Set<Namespace>([...APP_NAMESPACES, ...ROUTE_TABLE.flatMap((facts) => facts.namespaces)])];

const firstSegmentOf = (path: string) => path.split('/')[1] ?? '';
const isParam = (segment: string) => segment.startsWith('$');
const pathsOf = (facts: RouteFacts) => [facts.path, ...(facts.aliases ?? [])];

/** The listing page of each feature section: the section's first route. */
export const FEATURE_ROUTES = Object.fromEntries(
  [...ROUTE_TABLE].reverse().flatMap((facts: RouteFacts) => (facts.section ? [[facts.section, facts.path]] : [])),
) as Record<FeatureSection, string>;

/** The first path segment of every feature page, and its section ('academy' is a workshops page). */
export const SECTION_OF_FIRST_SEGMENT: Readonly<Record<string, FeatureSection>> = Object.fromEntries(
  ROUTE_TABLE.flatMap((facts: RouteFacts) => (facts.section ? [[firstSegmentOf(facts.path), facts.section]] : [])),
);

/** The first segments under which every page needs a login. */
export const LOGIN_REQUIRED_PREFIXES: readonly string[] = [
  ...new Set(ROUTE_TABLE.flatMap((facts: RouteFacts) => (facts.login ? [`/${firstSegmentOf(facts.path)}`] : []))),
];

/** First path segments of the built-in routes; any other menu path is a configured content page. */
export const BUILT_IN_PATHS: readonly string[] = [
  ...new Set(
    ROUTE_TABLE.flatMap((facts: RouteFacts) => (facts.staffOnly ? [] : pathsOf(facts)))
      .map(firstSegmentOf)
      .filter((segment) => segment !== '' && !isParam(segment)),
  ),
];
