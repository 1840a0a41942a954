import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
  type SearchMiddleware,
} from '@tanstack/react-router';
import * as z from 'zod/mini';
import type { ApiClient } from '../api/client';
import type { CatalogueKind } from '../api/catalogue';
import { getPage } from '../api/pages';
import type { SiteConfig } from '../domain/contract/config';
import { isLang, type Lang } from '../domain/lang';
import { featureGuard, safeNextUrl } from '../domain/navigation';
import type { ROUTE_TABLE } from '../domain/routeTable';
import type { User } from '../domain/session';
import { RootLayout } from '../features/shell/RootLayout';
import { SiteLayout } from '../features/shell/SiteLayout';
import { BareLayout } from '../features/shell/BareLayout';
import { ScreenOutlet } from '../app/ScreenOutlet';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { RouteErrorPage } from '../features/shell/RouteErrorPage';
import { stringsFor } from '../i18n/i18n';
import { firstScreenNamespaces } from '../domain/firstScreen';
import { VALIDATION_NAMESPACE } from '../domain/validation/messages';
import { bookingListSearch, eventSearch, ledgerSearch, listSearch, partnerSearch, recordId } from '../domain/contract/routeParams';
import { type BookingKind } from '../domain/contract/bookings';

export type RouterContext = {
  api: ApiClient;
  config: () => SiteConfig;
  user: () => User | null;
  language: () => Lang;
};

/** Unknown or malformed parameters fall back instead of crashing a kiosk. */
const rootSearch = z.looseObject({
  lang: z.catch(z.optional(z.enum(['en', 'ar'])), undefined),
});

const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearch,
  search: {
    middlewares: [
      // Every navigation without a lang query gets the current locale.
      (({ search, next, }) => {
        const result = next(search);
        return isLang(result.lang) ? result : { ...result, lang: currentLanguage() };
      }) as SearchMiddleware<z.infer<typeof rootSearch>>,
    ],
  },
  beforeLoad: ({ search, location, context }) => {
    loadScreenStrings(location.pathname);
    if (!isLang(search.lang)) {
      throw redirect({ to: location.pathname, search: { ...search, lang: context.language() }, hash: location.hash, replace: true });
    }
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

let currentLanguage: () => Lang = () => 'en';

/**
 * The strings of the screen a navigation or preload is about to show (its route's namespaces), asked for before its
 * code, data and screen load, and waited for with its code: a screen never shows a key, and a page loads only the
 * strings it shows.
 */
let screenStrings: Promise<void> = Promise.resolve();
/** Set by the app's router (`createPortalRouter`), which knows the route of a path; the server's render embeds its own. */
let loadScreenStrings: (pathname: string) => void = () => {};
const withScreenStrings =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), screenStrings]).then(([module]) => module);

const siteLayout = createRoute({ getParentRoute: () => rootRoute, id: '_site', component: SiteLayout });
const bareLayout = createRoute({ getParentRoute: () => rootRoute, id: '_bare', component: BareLayout });

/** Pages of a feature section exist only when the venue put the section in its header navigation. */
const featureLayout = createRoute({
  getParentRoute: () => siteLayout,
  id: '_feature',
  component: ScreenOutlet,
  beforeLoad: ({ context, location }) => {
    if (featureGuard(location.pathname, context.config().header_nav) === 'notFound') throw redirect({ to: '/404' });
  },
});

/** Pages of the customer's own account: without a login, the login page, which comes back here afterwards. */
const loginLayout = createRoute({
  getParentRoute: () => siteLayout,
  id: '_login',
  component: ScreenOutlet,
  beforeLoad: ({ context, location }) => {
    if (!context.user()) throw redirect({ to: '/login', search: { nextUrl: location.href } });
  },
});

/**
 * The loaders and the calls, schemas and device storage they use load with the first screen that needs data, in
 * parallel with its code, and never with the home page.
 */
const loaders = () => import('./loaders');

/**
 * A lazy screen; `source` names its module in the server's build (vite.config.ts, `screenSources`), so a page the
 * server renders links the screen's code and styles (src/ssr/renderPage.tsx).
 */
type ScreenLoad<T> = (() => Promise<T>) & { source?: string };
const lazyScreen = <T extends Record<string, unknown>>(load: ScreenLoad<T>, name: keyof T & string, ready: (load: () => Promise<T>) => () => Promise<T>) =>
  Object.assign(lazyRouteComponent(ready(load), name), { source: load.source });

// The home page is the one first screen that needs only the strings shipped with it (i18n/i18n.ts).
const home = lazyScreen(() => import('./HomeScreen'), 'HomeScreen', (load) => load);
/** Every other screen: its module, ready only with its strings (`withScreenStrings`). */
const screen = <T extends Record<string, unknown>>(load: ScreenLoad<T>, name: keyof T & string) => lazyScreen(load, name, withScreenStrings);
/** The screens of one module, each named by its export. */
const screensOf =
  <T extends Record<string, unknown>>(load: ScreenLoad<T>) =>
  (name: keyof T & string) =>
    screen(load, name);
const catalogue = screensOf(() => import('../features/catalogue/CataloguePages'));
const bookingScreen = screensOf(() => import('./BookingScreens'));
const account = screensOf(() => import('../features/account/AccountPages'));
const outlets = screensOf(() => import('../features/offers/OutletPages'));
const payment = screensOf(() => import('../features/checkout/PaymentPages'));
const support = screensOf(() => import('../features/support/SupportPages'));
const wallet = screensOf(() => import('../features/wallet/WalletPages'));
const content = screen(() => import('../features/content/ContentPage'), 'ContentPage');
const homeBsl = screen(() => import('../features/home/HomeBslPage'), 'HomeBslPage');
/** Placeholders shown while a screen's data loads; a catalogue's are in its shape, so the content arriving moves nothing. */
const pending = (name: 'PendingPage' | 'CardGridPending' | 'DetailPending') => lazyRouteComponent(() => import('../features/shell/PendingPage'), name);
const cardGridPending = pending('CardGridPending');
const detailPending = pending('DetailPending');

type Component = ReturnType<typeof lazyRouteComponent>;
type Facts = (typeof ROUTE_TABLE)[number];
/** The table (src/domain/routeTable.ts) says which layout a path sits under; the types hold the router to it. */
type PathWhere<Condition> = Extract<Facts, Condition>['path'];
type SectionPath = PathWhere<{ section: string }>;
type LoginPath = PathWhere<{ login: true }>;
type BarePath = PathWhere<{ layout: 'bare' }>;
type SitePath = Exclude<PathWhere<{ layout: 'site' }>, SectionPath | LoginPath>;
type AliasPath = NonNullable<Extract<Facts, { aliases: readonly string[] }>['aliases']>[number];

const sitePage = <P extends SitePath | Extract<AliasPath, `/home${string}`>>(path: P, component: Component) =>
  createRoute({ getParentRoute: () => siteLayout, path, component });
const sectionPage = <P extends SectionPath>(path: P, component: Component) => createRoute({ getParentRoute: () => featureLayout, path, component });
const loginPage = <P extends LoginPath>(path: P, component: Component) => createRoute({ getParentRoute: () => loginLayout, path, component });
const barePage = <P extends BarePath | Extract<AliasPath, `/home-bsl/${string}`>>(path: P, component: Component) =>
  createRoute({ getParentRoute: () => bareLayout, path, component });

/** Built-in content pages are served by the venue's page store under their own slug. */
const builtInContent = <P extends SitePath>(path: P) =>
  createRoute({
    getParentRoute: () => siteLayout,
    path,
    loader: ({ context }) => loadPage(context.api, path.replace(/^\//, '')),
    component: content,
  });

async function loadPage(api: ApiClient, slug: string) {
  const result = await getPage(api, slug);
  if (result.ok) return result.data.data;
  // 404 unknown, 409 a page that may not be shown: both go to the not-found page.
  if (result.status === 404 || result.status === 409) throw redirect({ to: '/404', replace: true });
  throw new LoadError(result.status, result.message);
}

/** A route's data could not be loaded; status 0 means the network was unreachable. */
class LoadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message || `status ${status}`);
  }
}

const loginSearch = z.object({ nextUrl: z.catch(z.optional(z.string()), undefined) });

/** A section's list: its page in the query, that page's data by its loader. */
const listPage = <P extends SectionPath, T>(path: P, load: (api: ApiClient, page: number) => Promise<T>, component: Component) =>
  createRoute({
    getParentRoute: () => featureLayout,
    path,
    validateSearch: listSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
    loader: ({ context, deps }) => load(context.api, deps.page),
    component,
    pendingComponent: cardGridPending,
  });
const catalogueListPage = <P extends SectionPath>(path: P, kind: CatalogueKind, component: Component) =>
  listPage(path, async (api, page) => (await loaders()).catalogueList(api, kind, page), component);

const catalogueItemPage = <P extends Extract<SectionPath, `${string}/$id`>>(path: P, kind: CatalogueKind, component: Component) =>
  createRoute({
    getParentRoute: () => featureLayout,
    path,
    loader: async ({ context, params }) => (await loaders()).catalogueItem(context.api, kind, recordId.parse('id' in params ? params.id : undefined)),
    component,
    pendingComponent: detailPending,
  });

const sectionPages = [
  catalogueListPage('/events', 'events', catalogue('EventsPage')),
  createRoute({
    getParentRoute: () => featureLayout,
    path: '/events/$id' satisfies SectionPath,
    validateSearch: eventSearch,
    loaderDeps: ({ search }) => ({ day: search.day }),
    loader: async ({ context, params, deps }) => (await loaders()).eventWithPlaces(context.api, recordId.parse(params.id), deps.day, context.config().time_zone),
    component: catalogue('EventDetailPage'),
    pendingComponent: detailPending,
  }),
  catalogueListPage('/training', 'trainers', catalogue('TrainingPage')),
  catalogueItemPage('/training/$id', 'trainers', catalogue('TrainerDetailPage')),
  catalogueListPage('/academies', 'academies', catalogue('AcademiesPage')),
  catalogueItemPage('/academy/$id', 'academies', catalogue('AcademyDetailPage')),
  sectionPage('/academy/$id/packages', catalogue('AcademyPackagesPage')),
  listPage('/memberships', async (api, page) => (await loaders()).memberships(api, page), screen(() => import('../features/catalogue/MembershipsPage'), 'MembershipsPage')),
  sectionPage('/blogs', catalogue('BlogsPage')),
  sectionPage('/blog/$slug', catalogue('BlogDetailPage')),
  listPage('/outlets', async (api, page) => (await loaders()).outlets(api, page), outlets('OutletsPage')),
  createRoute({
    getParentRoute: () => featureLayout,
    path: '/outlets/$id' satisfies SectionPath,
    loader: async ({ context, params }) => (await loaders()).outlet(context.api, recordId.parse(params.id)),
    component: outlets('OutletDetailPage'),
  }),
  sectionPage('/retail', catalogue('RetailPage')),
  listPage('/offers', async (api, page) => (await loaders()).offers(api, page), screen(() => import('../features/offers/OffersPage'), 'OffersPage')),
  sectionPage('/media-library', catalogue('MediaLibraryPage')),
] as const;

/** One of the customer's booking lists: its page, range and sort in the address, that page by its loader. */
const bookingListPage = <P extends LoginPath>(path: P, kind: BookingKind, component: Component) =>
  createRoute({
    getParentRoute: () => loginLayout,
    path,
    validateSearch: bookingListSearch,
    loaderDeps: ({ search }) => ({ page: search.page, range: search.range, sort: search.sort }),
    loader: async ({ context, deps }) => (await loaders()).bookings(context.api, kind, deps),
    component,
  });

const bookingDetailsPage = <P extends Extract<LoginPath, `${string}/$id`>>(path: P, kind: BookingKind, component: Component) =>
  createRoute({
    getParentRoute: () => loginLayout,
    path,
    loader: async ({ context, params }) => (await loaders()).booking(context.api, kind, recordId.parse('id' in params ? params.id : undefined)),
    component,
    pendingComponent: detailPending,
  });

const loginPages = [
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/user' satisfies LoginPath,
    loader: async ({ context }) => (await loaders()).accountProfile(context.api),
    component: screen(() => import('../features/account-profile/ProfileUserPage'), 'ProfileUserPage'),
  }),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/view-tickets/$orderId' satisfies LoginPath,
    loader: async ({ context, params }) => {
      const tickets = await (await loaders()).orderTickets(context.api, recordId.parse(params.orderId), context.user());
      // Another customer's order, a missing one and a malformed id alike: the not-found page.
      if (tickets.documents.status === 404 || tickets.documents.status === 400) throw redirect({ to: '/404', replace: true });
      return tickets;
    },
    component: screen(() => import('../features/tickets/ViewTicketsPage'), 'ViewTicketsPage'),
  }),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/booking-moves/$token' satisfies LoginPath,
    loader: async ({ context, params }) => (await loaders()).bookingMove(context.api, params.token),
    component: screen(() => import('../features/bookingActions/BookingMovePage'), 'BookingMovePage'),
  }),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/user/q-points' satisfies LoginPath,
    validateSearch: ledgerSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1, range: search.range ?? 'all' }),
    loader: async ({ context, deps }) => (await loaders()).qpoints(context.api, deps.page, deps.range),
    component: wallet('QPointsPage'),
  }),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/user/wallet' satisfies LoginPath,
    validateSearch: ledgerSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1, range: search.range ?? 'all' }),
    loader: async ({ context, deps }) => (await loaders()).wallet(context.api, deps.page, deps.range),
    component: wallet('WalletPage'),
  }),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/user/cards' satisfies LoginPath,
    loader: async ({ context }) => (await loaders()).savedCards(context.api),
    component: screen(() => import('../features/wallet/SavedCardsPage'), 'SavedCardsPage'),
  }),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/partner' satisfies LoginPath,
    validateSearch: partnerSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
    loader: async ({ context, deps }) => (await loaders()).partner(context.api, deps.page),
    component: screen(() => import('../features/wallet/PartnerPage'), 'PartnerPage'),
  }),
  bookingListPage('/profile/facility-bookings', 'facility', bookingScreen('FacilityBookingsScreen')),
  bookingListPage('/profile/trainer-sessions', 'training', bookingScreen('TrainerSessionsScreen')),
  bookingDetailsPage('/profile/trainer-sessions/$id', 'training', bookingScreen('TrainerSessionDetailsScreen')),
  bookingListPage('/profile/academy-bookings', 'academy', bookingScreen('AcademyBookingsScreen')),
  bookingDetailsPage('/profile/academy-bookings/$id', 'academy', bookingScreen('AcademyBookingDetailsScreen')),
  bookingListPage('/profile/event-bookings', 'event', bookingScreen('EventBookingsScreen')),
  bookingListPage('/profile/memberships-bookings', 'membership', bookingScreen('MembershipBookingsScreen')),
  bookingListPage('/profile/retail', 'retail', bookingScreen('RetailBookingsScreen')),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/profile/family' satisfies LoginPath,
    validateSearch: listSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
    loader: async ({ context, deps }) => (await loaders()).family(context.api, deps.page),
    component: screen(() => import('../features/account-profile/FamilyPage'), 'FamilyPage'),
  }),
  createRoute({
    getParentRoute: () => loginLayout,
    path: '/verify-customer' satisfies LoginPath,
    loader: async ({ context }) => (await loaders()).profileDetails(context.api),
    component: screen(() => import('../features/account-profile/VerifyCustomerPage'), 'VerifyCustomerPage'),
  }),
  loginPage('/customer-support', support('CustomerSupportPage')),
  loginPage('/customer-support/$id', support('CustomerSupportDetailPage')),
] as const;

const sitePages = [
  sitePage('/', home),
  sitePage('/home', home),
  createRoute({
    getParentRoute: () => siteLayout,
    path: '/service/$id' satisfies SitePath,
    loader: async ({ context }) => (await loaders()).venueServices(context.api),
    component: screen(() => import('../features/booking/ServicePage'), 'ServicePage'),
  }),
  sitePage('/cart', screen(() => import('./CartPage'), 'CartPage')),
  createRoute({
    getParentRoute: () => siteLayout,
    path: '/login' satisfies SitePath,
    validateSearch: loginSearch,
    beforeLoad: ({ context, search }) => {
      const user = context.user();
      // A logged-in customer has no business on the login page; a guest may still sign in properly.
      if (user && !user.is_anonymous) throw redirect({ href: safeNextUrl(search.nextUrl), replace: true });
    },
    component: account('LoginPage'),
  }),
  sitePage('/register', account('RegisterPage')),
  createRoute({
    getParentRoute: () => siteLayout,
    path: '/paymentsuccess/$token' satisfies SitePath,
    loader: async ({ context, params }) => (await loaders()).order(context.api, params.token),
    component: payment('PaymentSuccessPage'),
  }),
  sitePage('/paymentfailed', payment('PaymentFailedPage')),
  builtInContent('/terms-and-conditions'),
  builtInContent('/privacy-policy'),
  builtInContent('/contact-us'),
  sitePage('/form/$slug', screen(() => import('../features/content/FormPage'), 'FormPage')),
  sitePage('/404', NotFoundPage),
  createRoute({
    getParentRoute: () => siteLayout,
    path: '/$slug' satisfies SitePath,
    loader: ({ context, params }) => loadPage(context.api, params.slug),
    component: content,
  }),
] as const;

const barePages = [
  barePage('/home-bsl', homeBsl),
  barePage('/home-bsl/$token', homeBsl),
  barePage('/event-invite', catalogue('EventInvitePage')),
  createRoute({
    getParentRoute: () => bareLayout,
    path: '/kiosk/provision' satisfies BarePath,
    validateSearch: z.object({ code: z.catch(z.optional(z.string()), undefined) }),
    component: screen(() => import('../features/kiosk/ProvisionPage'), 'ProvisionPage'),
  }),
] as const;

const routeTree = rootRoute.addChildren([
  siteLayout.addChildren([featureLayout.addChildren([...sectionPages]), loginLayout.addChildren([...loginPages]), ...sitePages]),
  bareLayout.addChildren([...barePages]),
]);

/**
 * In the browser by default; the server's first-screen render (src/ssr/renderPage.tsx) gives a history in memory, and
 * leaves scroll restoration to the client: on the server it writes an inline script, which the CSP refuses.
 */
export function createPortalRouter(context: RouterContext, server?: { history: RouterHistory }) {
  currentLanguage = context.language;
  const router = createRouter({
    routeTree,
    context,
    ...(server ? { history: server.history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: !server,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    defaultPendingComponent: pending('PendingPage'),
  });
  if (!server) {
    loadScreenStrings = (pathname) => {
      const [routes] = router.getMatchedRoutes(pathname);
      const routePath = routes.at(-1)?.fullPath;
      // Form checks' words too: any screen's form may show one, through `translateMessage` rather than a hook that would wait.
      screenStrings = stringsFor([VALIDATION_NAMESPACE, ...(routePath ? firstScreenNamespaces(routePath) : [])]);
    };
  }
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
}

/**
 * Requests the code and strings of the screen at `pathname`, and the loaders when it has data, at once: the app calls
 * it while the venue config is still on its way, so they arrive together instead of one after the other.
 */
export function preloadScreen(router: ReturnType<typeof createPortalRouter>, pathname: string): void {
  loadScreenStrings(pathname);
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
  if (routes.some((route) => route.options.loader)) void loaders().catch(() => undefined);
}
