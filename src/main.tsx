import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-600.css';
import './ui/ui.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appShellMachine } from '../machines/appShell';
import { sessionMachine } from '../machines/session';
import { versionMachine } from '../machines/version';
import { verifyTime } from './api/time';
import { fetchVersion } from './api/version';
import { isLang } from './domain/lang';
import { reloadUrlWithVersion } from './domain/version';
import { App } from './features/shell/App';
import { initialLanguage } from './features/shell/languagePreference';
import { PortalProvider, type Portal } from './features/shell/portal';
import { applyLanguage, createI18n } from './i18n/i18n';
import { createPortalRouter } from './routes/router';
import { api, setAuthToken } from './services/apiInstance';
import { subscribeCartCount } from './services/cartCount';
import { loadConfig, refreshConfig } from './services/configCache';
import { registerServiceWorker } from './services/serviceWorker';
import { readStoredSession, writeStoredSession } from './services/sessionStore';
import { applyModeQuery } from './services/terminalSettings';
import { toast } from './ui/toast';

// The portal must never be shown inside another site's frame (the CSP forbids it too).
if (window.top && window.top !== window.self) window.top.location.href = window.self.location.href;

const url = new URL(window.location.href);
const terminal = await applyModeQuery(url.searchParams.get('mode')).catch(() => ({ kiosk: false, defaultLanguage: null }));
const i18n = createI18n(initialLanguage(url.searchParams.get('lang'), terminal.defaultLanguage));
await applyLanguage(i18n, i18n.language);

const shell = createActor(
  appShellMachine.provide({
    actors: {
      loadConfig: fromPromise(({ input }) => (input.reload ? refreshConfig(api) : loadConfig(api))),
      verifyTime: fromPromise(() => verifyTime(api)),
    },
  }),
  { input: { host: window.location.hostname } },
).start();

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

const serviceWorker = registerServiceWorker();
const version = createActor(
  versionMachine.provide({
    actors: {
      fetchVersion: fromPromise(() => fetchVersion()),
      serviceWorkerUpdates: fromCallback(({ sendBack }) => serviceWorker?.onUpdateWaiting(() => sendBack({ type: 'version.swWaiting' }))),
    },
    actions: {
      reloadWithVersion: ({ context }) => {
        if (context.serviceWorkerWaiting && serviceWorker) serviceWorker.applyUpdate();
        else window.location.replace(reloadUrlWithVersion(window.location.href, Date.now() / 1000));
      },
      logVersionFailure: (_, { error }) => console.warn('version check failed', error),
    },
  }),
).start();

const portal: Portal = {
  api,
  shell,
  session,
  version,
  host: window.location.hostname,
  subscribeCartCount,
};

router = createPortalRouter({
  api,
  config: () => {
    const config = shell.getSnapshot().context.config;
    if (!config) throw new Error('The router runs only once the venue config is loaded');
    return config;
  },
  user: () => session.getSnapshot().context.user,
  language: () => (isLang(i18n.language) ? i18n.language : 'en'),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <PortalProvider portal={portal}>
        <App router={router} kiosk={terminal.kiosk} />
      </PortalProvider>
    </I18nextProvider>
  </StrictMode>,
);
