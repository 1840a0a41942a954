import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type SearchMiddleware,
} from '@tanstack/react-router';
import * as z from 'zod/mini';
import type { ApiClient } from '../api/client';
import { getPage } from '../api/pages';
import type { SiteConfig } from '../domain/contract/config';
import { isLang, type Lang } from '../domain/lang';
import { featureGuard, needsLogin, safeNextUrl } from '../domain/navigation';
import type { User } from '../domain/session';
import { RootLayout } from '../features/shell/RootLayout';
import { SiteLayout } from '../features/shell/SiteLayout';
import { BareLayout } from '../features/shell/BareLayout';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import { RouteErrorPage } from '../features/shell/RouteErrorPage';
import { withEveryString } from '../i18n/i18n';

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
    if (!isLang(search.lang)) {
      throw redirect({ to: location.pathname, search: { ...search, lang: context.language() }, hash: location.hash, replace: true });
    }
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

let currentLanguage: () => Lang = () => 'en';

const siteLayout = createRoute({ getParentRoute: () => rootRoute, id: '_site', component: SiteLayout });
const bareLayout = createRoute({ getParentRoute: () => rootRoute, id: '_bare', component: BareLayout });

type GuardArgs = { context: RouterContext; location: { pathname: string; href: string } };

function requireFeature({ context, location }: GuardArgs) {
  if (featureGuard(location.pathname, context.config().header_nav) === 'notFound') throw redirect({ to: '/404' });
}

function requireLogin({ context, location }: GuardArgs) {
  if (needsLogin(location.pathname) && !context.user()) {
    throw redirect({ to: '/login', search: { nextUrl: location.href } });
  }
}

// The home page is the one first screen that needs only the strings shipped with it (i18n/i18n.ts).
const home = lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage');
/** Every other screen: its module, ready only with every string (i18n/i18n.ts, `withEveryString`). */
const screen = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(withEveryString(load), name as never);
const catalogue = (name: string) => screen(() => import('../features/catalogue/CataloguePages'), name as never);
const profile = (name: string) => screen(() => import('../features/profile/ProfilePages'), name as never);
const account = (name: string) => screen(() => import('../features/account/AccountPages'), name as never);
const content = screen(() => import('../features/content/ContentPage'), 'ContentPage');

const site = <P extends string>(path: P, component: ReturnType<typeof lazyRouteComponent>, beforeLoad?: (a: GuardArgs) => void) =>
  createRoute({ getParentRoute: () => siteLayout, path, component, beforeLoad });

/** Built-in content pages are served by the venue's page store under their own slug. */
const builtInContent = <P extends string>(path: P) =>
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

const routes = [
  site('/', home),
  site('/home', home),
  site('/events', catalogue('EventsPage'), requireFeature),
  site('/events/$id', catalogue('EventDetailPage'), requireFeature),
  site('/training', catalogue('TrainingPage'), requireFeature),
  site('/training/$id', catalogue('TrainerDetailPage'), requireFeature),
  site('/academies', catalogue('AcademiesPage'), requireFeature),
  site('/academy/$id', catalogue('AcademyDetailPage'), requireFeature),
  site('/academy/$id/packages', catalogue('AcademyPackagesPage'), requireFeature),
  site('/memberships', screen(() => import('../features/catalogue/MembershipsPage'), 'MembershipsPage'), requireFeature),
  site('/blogs', catalogue('BlogsPage'), requireFeature),
  site('/blog/$slug', catalogue('BlogDetailPage'), requireFeature),
  site('/outlets', screen(() => import('../features/offers/OutletPages'), 'OutletsPage'), requireFeature),
  site('/outlets/$id', screen(() => import('../features/offers/OutletPages'), 'OutletDetailPage'), requireFeature),
  site('/retail', catalogue('RetailPage'), requireFeature),
  site('/offers', screen(() => import('../features/offers/OffersPage'), 'OffersPage'), requireFeature),
  site('/media-library', catalogue('MediaLibraryPage'), requireFeature),
  site('/service/$id', screen(() => import('../features/booking/ServicePage'), 'ServicePage')),
  site('/cart', screen(() => import('../features/cart/CartPage'), 'CartPage')),
  site('/profile/user', profile('ProfileUserPage'), requireLogin),
  site('/profile/view-tickets/$orderId', profile('ViewTicketsPage'), requireLogin),
  site('/profile/user/q-points', profile('QPointsPage'), requireLogin),
  site('/profile/user/wallet', profile('WalletPage'), requireLogin),
  site('/profile/facility-bookings', profile('FacilityBookingsPage'), requireLogin),
  site('/profile/trainer-sessions', profile('TrainerSessionsPage'), requireLogin),
  site('/profile/trainer-sessions/$id', profile('TrainerSessionDetailPage'), requireLogin),
  site('/profile/academy-bookings', profile('AcademyBookingsPage'), requireLogin),
  site('/profile/academy-bookings/$id', profile('AcademyBookingDetailPage'), requireLogin),
  site('/profile/event-bookings', profile('EventBookingsPage'), requireLogin),
  site('/profile/memberships-bookings', profile('MembershipsBookingsPage'), requireLogin),
  site('/profile/retail', profile('ProfileRetailPage'), requireLogin),
  site('/profile/family', profile('FamilyPage'), requireLogin),
  createRoute({
    getParentRoute: () => siteLayout,
    path: '/login',
    validateSearch: loginSearch,
    beforeLoad: ({ context, search }) => {
      const user = context.user();
      // A logged-in customer has no business on the login page; a guest may still sign in properly.
      if (user && !user.is_anonymous) throw redirect({ href: safeNextUrl(search.nextUrl), replace: true });
    },
    component: account('LoginPage'),
  }),
  site('/register', account('RegisterPage')),
  site('/verify-customer', account('VerifyCustomerPage')),
  site('/paymentsuccess/$token', screen(() => import('../features/checkout/PaymentPages'), 'PaymentSuccessPage')),
  site('/paymentfailed', screen(() => import('../features/checkout/PaymentPages'), 'PaymentFailedPage')),
  builtInContent('/terms-and-conditions'),
  builtInContent('/privacy-policy'),
  builtInContent('/contact-us'),
  site('/form/$slug', screen(() => import('../features/content/FormPage'), 'FormPage')),
  site('/customer-support', screen(() => import('../features/support/SupportPages'), 'CustomerSupportPage'), requireLogin),
  site('/customer-support/$id', screen(() => import('../features/support/SupportPages'), 'CustomerSupportDetailPage'), requireLogin),
  createRoute({ getParentRoute: () => siteLayout, path: '/404', component: NotFoundPage }),
  createRoute({
    getParentRoute: () => siteLayout,
    path: '/$slug',
    loader: ({ context, params }) => loadPage(context.api, params.slug),
    component: content,
  }),
] as const;

const bareRoutes = [
  createRoute({ getParentRoute: () => bareLayout, path: '/home-bsl', component: screen(() => import('../features/home/HomeBslPage'), 'HomeBslPage') }),
  createRoute({ getParentRoute: () => bareLayout, path: '/home-bsl/$token', component: screen(() => import('../features/home/HomeBslPage'), 'HomeBslPage') }),
  createRoute({ getParentRoute: () => bareLayout, path: '/event-invite', component: catalogue('EventInvitePage') }),
  // Two segments, so never taken for a content page (/$slug); open to every venue, not behind the feature guard.
  createRoute({
    getParentRoute: () => bareLayout,
    path: '/kiosk/provision',
    validateSearch: z.object({ code: z.catch(z.optional(z.string()), undefined) }),
    component: screen(() => import('../features/kiosk/ProvisionPage'), 'ProvisionPage'),
  }),
] as const;

const routeTree = rootRoute.addChildren([siteLayout.addChildren([...routes]), bareLayout.addChildren([...bareRoutes])]);

export function createPortalRouter(context: RouterContext) {
  currentLanguage = context.language;
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
}
