import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { hydrate, render, type ComponentChild } from 'preact';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appShellMachine } from '../machines/appShell';
import { sessionMachine } from '../machines/session';
import { versionMachine } from '../machines/version';
import { verifyTime } from './api/time';
import { fetchVersion } from './api/version';
import { langOf } from './domain/lang';
import { userKinds, type User } from './domain/session';
import { reloadUrlWithVersion } from './domain/version';
import { hydratesServerPage } from './domain/hydration';
import { App } from './features/shell/App';
import { initialLanguage } from './features/shell/languagePreference';
import { PortalProvider, type Portal } from './app/portal';
import { preloadParts } from './app/preloadable';
import { applyLanguage, createI18n, withStrings } from './i18n/i18n';
import { createPortalRouter, preloadScreen } from './routes/router';
import { kioskScreens } from './routes/kioskScreens';
import { api, readTimeZone, setAuthToken } from './services/apiInstance';
import { createCartHandle, whenState } from './services/cartCount';
import { loadConfig, loadConfigFromDevice, refreshConfig } from './services/configCache';
import { beginWarmStart, endWarmStart, onDeviceCopyOutdated } from './services/warmStart';
import { isKeptPage, syncKeptPage } from './services/keptPages';
import type { ServiceWorkerControl } from './services/serviceWorker';
import { readStoredSession, writeStoredSession } from './services/sessionStore';
import { deviceKeepsData, markFirstScreenShown, onceDeviceKeepsData } from './services/database';
import { primeAnswers, readFirstScreen } from './services/firstScreen';
import { createTerminalMode } from './app/terminalMode';
import { startKioskRuntime } from './features/kiosk/kioskRuntime';
import { toast } from './ui/toast';
import { inTasksOfTheirOwn, yieldToMain } from './app/yieldToMain';
import { hydrateInParts } from './app/hydrateLater';
import { intlWarmedUp } from './app/intlWarmUp';

// The portal must never be shown inside another site's frame (the CSP forbids it too).
if (window.top && window.top !== window.self) window.top.location.href = window.self.location.href;

// The app's own code ends its evaluation here: what follows starts in a task of its own.
await yieldToMain();

const url = new URL(window.location.href);
const modeQuery = url.searchParams.get('mode');
// The terminal shell opens the portal with ?mode=kiosk, so a terminal is a kiosk from its first frame;
// the setting kept in device storage is read once the first screen is up.
const terminal = createTerminalMode(modeQuery?.toLowerCase() === 'kiosk');
// A page the server rendered carries the config, strings and screen data it used (src/domain/firstScreen.ts).
const firstScreen = readFirstScreen(document);
// A page the service worker kept (services/keptPages.ts) is painted already, but its data is as old as the page.
const kept = isKeptPage(document);
// Without it, or kept (the service worker's shell or copy, a kiosk restart), the device's copies show first (services/warmStart.ts).
if (!firstScreen || kept) beginWarmStart();
const i18n = createI18n();
if (firstScreen) {
  if (!kept) primeAnswers(firstScreen.answers);
  for (const [namespace, strings] of Object.entries(firstScreen.strings)) i18n.addResourceBundle(firstScreen.lang, namespace, strings, true, false);
}
const startLanguage = await applyLanguage(i18n, initialLanguage(url.searchParams.get('lang'), null));
// The start is cut into tasks (after the strings, the time zone, each machine, the kiosk runtime, the router and the
// screen's preload) so that none blocks a tap for long: on a mid-range phone each of them takes tens of milliseconds.
await yieldToMain();
// ICU, which the time zone header's formatter needs, is started by the page's script on another thread meanwhile.
await intlWarmedUp();
readTimeZone();
await yieldToMain();

let router: ReturnType<typeof createPortalRouter> | null = null;

const session = createActor(
  sessionMachine.provide({
    actions: {
      persist: (_, stored) => writeStoredSession(stored),
      applyToken: (_, token) => setAuthToken(token),
      notifyExpired: () => {
        toast.error(i18n.t('errors:sessionExpired'));
        void router?.navigate({ to: '/login' });
      },
    },
  }),
  { input: { stored: readStoredSession(), now: Date.now() } },
).start();
api.onUnauthorized(() => session.send({ type: 'session.expired' }));
await yieldToMain();

// Started after the session, so that the very first calls already carry a restored login's token.
const shell = createActor(
  appShellMachine.provide({
    actors: {
      loadConfig: fromPromise(({ input }) => (input.reload ? refreshConfig(api) : firstScreen && !kept ? loadConfig(api) : loadConfigFromDevice(api))),
      verifyTime: fromPromise(() => verifyTime(api)),
    },
  }),
  { input: { host: window.location.hostname } },
).start();
await yieldToMain();

// The service worker (and workbox-window) start after the first screen, like everything else that can wait.
let serviceWorker: ServiceWorkerControl | null = null;
let serviceWorkerRegistered: (control: ServiceWorkerControl | null) => void = () => {};
const serviceWorkerControl = new Promise<ServiceWorkerControl | null>((resolve) => {
  serviceWorkerRegistered = resolve;
});
const version = createActor(
  versionMachine.provide({
    actors: {
      fetchVersion: fromPromise(() => fetchVersion()),
      serviceWorkerUpdates: fromCallback(({ sendBack }) => {
        let stop: (() => void) | undefined;
        let stopped = false;
        void serviceWorkerControl.then((control) => {
          if (!stopped) stop = control?.onUpdateWaiting(() => sendBack({ type: 'version.swWaiting' }));
        });
        return () => {
          stopped = true;
          stop?.();
        };
      }),
    },
    actions: {
      // With a service worker, let the new version take over first, or the reload would show the old shell.
      reloadWithVersion: () => {
        if (serviceWorker) serviceWorker.applyUpdate();
        else window.location.replace(reloadUrlWithVersion(window.location.href, Date.now() / 1000));
      },
      logVersionFailure: (_, { error }) => console.warn('version check failed', error),
    },
  }),
).start();

// The cart (machine, storage, Dexie) loads after the first screen, or at once when the cart page opens.
const cart = createCartHandle(async () => {
  const [{ startCart }, { loadCustomerThreshold }, config] = await Promise.all([
    import('./services/cart'),
    import('./services/customerThreshold'),
    whenState(shell, (state) => state.context.config !== null).then((state) => state.context.config!),
  ]);
  const started = startCart(api, {
    holdsLines: config.allow_facility_items_reservation === 1,
    customerThreshold: config.is_baps === 1 ? await loadCustomerThreshold(api) : null,
    anonymousUser: userKinds(session.getSnapshot().context.user).guest,
  });
  // An emptied cart of a guest resets the user (spec 001 §4).
  started.on('cart.emptied', () => session.send({ type: 'session.cartEmptied' }));
  return started;
});

// The service worker keeps public pages for an anonymous visitor's next start; a login or a kiosk forgets them all.
let terminalKnown = false;
function syncKeptPages() {
  void syncKeptPage({
    url: window.location.href,
    routePath: router?.state.matches.at(-1)?.fullPath,
    signedIn: session.getSnapshot().context.user !== null,
    kiosk: terminalKnown ? terminal.kiosk() : null,
    lang: currentLanguage(),
  });
}

// A customer's own device keeps the tickets of their upcoming bookings for the gate, where there may be no network; a
// kiosk terminal never keeps them (known once its settings are read), and nobody's stay once the login ends.
function syncKeptTickets() {
  const user = session.getSnapshot().context.user;
  if (user && !terminalKnown) return;
  // Without a login there is only something to forget, and nothing on a device that has kept nothing.
  void (user ? Promise.resolve(true) : deviceKeepsData())
    .then((keeps) => (keeps ? import('./services/keptTickets') : null))
    .then((kept) => kept?.syncKeptTickets(api, kept.ticketOwner(user), terminal.kiosk()))
    .catch(() => undefined);
}

// A new user tells the cart who it serves; logout or any other end of a login resets the cart (and releases holds).
// Whatever the router kept for the one before (screen data, preloaded pages) is dropped, so nobody sees another's.
let cartUser: User | null = session.getSnapshot().context.user;
session.subscribe((state) => {
  const user = state.context.user;
  if (user === cartUser) return;
  const ended = cartUser !== null && user === null;
  cartUser = user;
  api.clearCache();
  router?.clearCache();
  cart.current()?.send({ type: 'user.changed', anonymous: userKinds(user).guest });
  if (ended) void cart.reset();
  syncKeptTickets();
  syncKeptPages();
});

const currentLanguage = () => langOf(i18n.language);
await yieldToMain();

// Idle reset, attract screen, updates held to the attract screen and the staff controls; resting unless a kiosk.
const kiosk = startKioskRuntime({
  api,
  session,
  cart,
  version,
  terminal,
  serviceWorker: () => serviceWorker,
  language: currentLanguage,
  showLanguage: (lang) => void router?.navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, lang }) }),
  startUrl: url,
});
await yieldToMain();

const portal: Portal = {
  api,
  shell,
  session,
  version,
  host: window.location.hostname,
  cart,
  subscribeCartCount: cart.subscribeCount,
  subscribeCartLineTypes: cart.subscribeLineTypes,
  clearCart: cart.reset,
  kioskVisitor: kiosk.visitor,
  kiosk: kiosk.controls,
};

router = createPortalRouter({
  api,
  config: () => {
    const config = shell.getSnapshot().context.config;
    if (!config) throw new Error('The router runs only once the venue config is loaded');
    return config;
  },
  user: () => session.getSnapshot().context.user,
  language: currentLanguage,
});
await yieldToMain();

preloadScreen(router, url.pathname);
await yieldToMain();
onDeviceCopyOutdated(() => void router?.invalidate());

// A login idle for over 12 hours ends at the next navigation or touch, not only at the next start.
const checkSession = () => session.send({ type: 'session.check', now: Date.now() });
router.subscribe('onBeforeNavigate', checkSession);
router.subscribe('onResolved', syncKeptPages);
document.addEventListener('pointerdown', checkSession, { capture: true });

let firstScreenShown = false;
function afterFirstScreen() {
  if (firstScreenShown) return;
  firstScreenShown = true;
  // A task later, so the first screen paints before device storage and the service worker start.
  window.setTimeout(startDeferredWork, 0);
}

// Each in a task of its own: together they would be one long task right when the visitor may first tap.
function startDeferredWork() {
  void inTasksOfTheirOwn([
    () => {
      endWarmStart();
      markFirstScreenShown();
    },
    // A device that has kept nothing has no cart lines: its cart starts on first use (useAddToCart, booking, cart page).
    () => void deviceKeepsData().then((keepsData) => (keepsData ? cart.actor() : null)),
    () => void import('./services/errorReporting').then(({ installErrorReporting }) => installErrorReporting(api, { hostname: window.location.hostname })),
    () =>
      void import('./services/serviceWorker').then(({ registerServiceWorker }) => {
        serviceWorker = registerServiceWorker();
        serviceWorkerRegistered(serviceWorker);
      }),
    () => void onceDeviceKeepsData().then(() => import('./services/outbox').then(({ startOutbox }) => startOutbox(api))),
    () =>
      void import('./services/terminalSettings')
        .then(({ applyModeQuery }) => applyModeQuery(modeQuery))
        .then((settings) => {
          terminal.set(settings.kiosk);
          terminalKnown = true;
          syncKeptTickets();
          syncKeptPages();
          if (!url.searchParams.has('lang') && settings.defaultLanguage && settings.defaultLanguage !== i18n.language) {
            void router?.navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, lang: settings.defaultLanguage }) });
          }
        }),
  ]);
}

// The cart's dialogs (cart warning, membership renewal) and its messages as toasts, on every screen, once it has started.
const CartHost = lazy(withStrings(['cart', 'pages', 'booking', 'checkout', 'validation'], () => import('./features/cart/CartHost').then((module) => ({ default: module.CartHost }))));
function CartHostSlot() {
  const started = useSyncExternalStore(cart.onStarted, cart.current);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <CartHost cart={started} onViewCart={() => void router?.navigate({ to: '/cart' })} />
    </Suspense>
  );
}

const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <PortalProvider portal={portal}>
        <App router={router} terminal={terminal} kioskScreens={kioskScreens} onFirstScreen={afterFirstScreen} />
        <CartHostSlot />
      </PortalProvider>
    </I18nextProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
let partsLoaded = false;
if (firstScreen) {
  // The server's page stays on screen while the app reaches the state it was rendered in: the config (embedded), the
  // route's code and data (embedded) and the code-split parts the page shows, so the first render matches it and
  // never suspends (a part that suspends would take its `useId` ids after its siblings').
  await whenState(shell, (state) => !state.hasTag('pending'));
  if (shell.getSnapshot().matches({ config: 'app' })) {
    // The layout's parts load beside the route; a screen's own parts register as its module loads, so are known after.
    const parts = firstScreen.parts;
    if (parts) void preloadParts(parts);
    await router.load().catch(() => undefined);
    partsLoaded = parts !== undefined && (await preloadParts(parts));
  }
  await yieldToMain();
}
// The server rendered the page an anonymous visitor of a web browser sees in that language (src/ssr/renderPage.tsx).
// When this visitor is one, `hydrate` takes the server's nodes over as they are: one render, no comparison of every
// attribute, the painted content and the LCP element stay. Anyone else gets Preact's `render` over the page, which
// keeps the nodes it can reuse and corrects the rest (src/domain/hydration.ts). Preact's own functions: React's
// `createRoot` (preact/compat) empties the root first. Parts below the fold are hydrated afterwards (`HydrateLater`).
const hydrates = hydratesServerPage({
  serverRendered: firstScreen !== null,
  kept,
  pageLang: firstScreen?.lang ?? null,
  startLang: startLanguage,
  signedIn: session.getSnapshot().context.user !== null,
  kiosk: terminal.kiosk(),
  showsApp: shell.getSnapshot().matches({ config: 'app' }),
  partsLoaded,
});
if (hydrates) void hydrateInParts(() => hydrate(app as ComponentChild, root));
else render(app as ComponentChild, root);
