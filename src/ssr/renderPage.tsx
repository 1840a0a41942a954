import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { renderToStringAsync } from 'preact-render-to-string';
import { createApiClient } from '../api/client';
import { getConfig } from '../api/config';
import { PortalProvider } from '../app/portal';
import { RenderedParts } from '../app/preloadable';
import { venueLook, type VenueLook } from '../domain/venueLook';
import { createTerminalMode } from '../app/terminalMode';
import { HEADERS } from '../domain/contract/headers';
import { firstScreenNamespaces, rendersOnServer, type EmbeddedAnswer, type FirstScreenData } from '../domain/firstScreen';
import { DEFAULT_LANG, directionOf, isLang, type Lang } from '../domain/lang';
import { ATTRACT_QUERY } from '../domain/kiosk/idle';
import { shellView } from '../domain/shellStatus';
import { App, type KioskScreens } from '../features/shell/App';
import { createI18nWith, type Resources } from '../i18n/i18n';
import { kioskScreens } from '../routes/kioskScreens';
import { createPortalRouter } from '../routes/router';
import { apiBase, visitorToken } from '../services/apiInstance';
import { startServerPortal } from './serverPortal';

/**
 * The server's renderer of the first screen, built by `vite build --ssr` into dist/server/ and called by
 * server/http/firstScreen.ts for a navigation: the same router, loaders and screens as the client, asking the venue API
 * in process, for a visitor without a login on a web browser or a kiosk terminal. Null: this page starts on the client as before.
 */

export type RenderRequest = {
  /** Path and query of the navigation. */
  url: string;
  host: string;
  /** Answers the API's calls in process (server/http/firstScreen.ts). */
  fetch: typeof globalThis.fetch;
};

/** `screens`: the source modules of the screens on the page (keys of the client build's manifest). */
export type RenderedPage = { lang: Lang; dir: 'ltr' | 'rtl'; kiosk: boolean; look: VenueLook; html: string; data: FirstScreenData; screens: string[] };

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/*.json', { eager: true });
const everyBundle: Resources = {};
for (const [path, bundle] of Object.entries(bundles)) {
  const [, lang, namespace] = /\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  if (lang && namespace) (everyBundle[lang] ??= {})[namespace] = bundle.default;
}

/** A terminal's screens as the server shows them: the staff corner is a portal into the document's body, the client's. */
const terminalScreens: KioskScreens = { VisitorHost: kioskScreens.VisitorHost, StaffPanelHost: () => null };

export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, 'http://portal.invalid');
  // A terminal's first screen needs none of its device settings: kiosk mode and the attract screen are in the address
  // (src/features/kiosk/kioskRuntime.ts, attractUrl), its idle time and staff panel act only once the client runs.
  const kiosk = url.searchParams.get('mode')?.toLowerCase() === 'kiosk';
  const queried = url.searchParams.get('lang');
  const lang: Lang = isLang(queried) ? queried : DEFAULT_LANG;
  url.searchParams.set('lang', lang);

  const answers: Record<string, EmbeddedAnswer> = {};
  const api = createApiClient({
    baseURL: apiBase,
    headers: () => ({ [HEADERS.visitorToken]: visitorToken }),
    fetch: async (input, init) => {
      const response = await request.fetch(input, init);
      if ((init?.method ?? 'GET') === 'GET' && response.ok) answers[String(input)] = { status: response.status, body: await response.clone().json() };
      return response;
    },
  });

  const config = await getConfig(api);
  if (!config.ok || shellView(config.data.data, request.host) !== 'app') return null;

  const router = createPortalRouter(
    { api, config: () => config.data.data, user: () => null, language: () => lang },
    { history: createMemoryHistory({ initialEntries: [`${url.pathname}${url.search}`] }) },
  );
  const [matched] = router.getMatchedRoutes(url.pathname);
  const leaf = matched.at(-1);
  if (!leaf || !rendersOnServer(leaf.fullPath)) return null;

  const { portal, stop } = await startServerPortal(api, config.data, request.host, { kiosk, atAttract: url.searchParams.has(ATTRACT_QUERY) });
  try {
    await router.load();
    const { status, location, matches } = router.state;
    // A redirect (to the login, the not-found page) or a page that failed to load: the client starts it as before.
    if (location.pathname !== url.pathname || status !== 'idle' || matches.some((match) => match.status !== 'success')) return null;
    const i18n = createI18nWith(everyBundle, lang);
    const parts = new Set<string>();
    const html = await renderToStringAsync(
      <StrictMode>
        <RenderedParts.Provider value={parts}>
          <I18nextProvider i18n={i18n}>
            <PortalProvider portal={portal}>
              <App router={router} terminal={createTerminalMode(kiosk)} kioskScreens={terminalScreens} onFirstScreen={() => undefined} />
            </PortalProvider>
          </I18nextProvider>
        </RenderedParts.Provider>
      </StrictMode>,
    );
    const strings = Object.fromEntries(firstScreenNamespaces(leaf.fullPath).map((namespace) => [namespace, everyBundle[lang]?.[namespace] ?? {}]));
    const screens = matches.flatMap((match) => {
      const source = (router.routesById[match.routeId]?.options.component as { source?: string } | undefined)?.source;
      return source ? [source] : [];
    });
    // A part is named by its module, a key of the client build's manifest: the page links its code and styles too.
    screens.push(...parts);
    return { lang, dir: directionOf(lang), kiosk, look: venueLook(config.data.data), html, data: { lang, strings, answers, parts: [...parts] }, screens };
  } finally {
    stop();
  }
}

/**
 * Loads every screen's code once, when the server starts: the first render of a page would otherwise spend most of
 * its time limit importing it (server/http/firstScreen.ts).
 */
export async function warmUp(): Promise<void> {
  const router = createPortalRouter({
    api: createApiClient({ baseURL: apiBase, headers: () => ({}) }),
    config: () => {
      throw new Error('Warming up renders nothing');
    },
    user: () => null,
    language: () => DEFAULT_LANG,
  });
  await Promise.all(Object.values(router.routesById).map((route) => router.loadRouteChunk(route)?.catch(() => undefined)));
}
