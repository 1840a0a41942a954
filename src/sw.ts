/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  htmlLang,
  KEEPS_NO_PAGES_CACHE,
  KEPT_PAGES_CACHE_PREFIX,
  keptPageKey,
  keptPagesCacheName,
  markKept,
  overflowing,
  precachedPaths,
  START_PAGE_CACHE_PREFIX,
  startPageCacheName,
  startPageKey,
  unkeepable,
} from './domain/keptPages';

declare let self: ServiceWorkerGlobalScope;

/**
 * Runtime caches that hold anything belonging to one visitor must be named with this prefix: a kiosk
 * idle reset purges them all. The same literal is used by src/services/serviceWorker.ts.
 */
const PERSONAL_CACHE_PREFIX = 'personal-';

/** Messages from the app (src/services/serviceWorker.ts). */
type AppMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'PURGE_PERSONAL_CACHES' }
  | { type: 'KEEP_PAGE'; url: string; lang: string }
  | { type: 'KEEP_START_PAGE'; url: string; lang: string };

const DAY_SECONDS = 24 * 60 * 60;

const manifest = self.__WB_MANIFEST;
// No directory index: `/` is a navigation like any other (a kept page or the shell, below), not index.html as such.
precacheAndRoute(manifest, { directoryIndex: '' });
cleanupOutdatedCaches();

/** This build's kept pages (src/domain/keptPages.ts); another build's are deleted as this one activates. */
const KEPT_PAGES = keptPagesCacheName(manifest);
const START_PAGE = startPageCacheName(manifest);
const PRECACHED = precachedPaths(manifest);

const shell = createHandlerBoundToURL('index.html');

/**
 * The language the app last showed (each KEEP_PAGE says it): an address without `lang` is shown in it. Kept in a cache
 * of its own, as the worker is stopped between starts; remembered here while it runs.
 */
const DEVICE_LANGUAGE_CACHE = 'device-language';
const DEVICE_LANGUAGE_KEY = '/device-language';
let deviceLanguage: Promise<string | null> | null = null;

function readDeviceLanguage(): Promise<string | null> {
  deviceLanguage ??= self.caches
    .match(DEVICE_LANGUAGE_KEY, { cacheName: DEVICE_LANGUAGE_CACHE })
    .then((answer) => answer?.text() ?? null)
    .catch(() => null);
  return deviceLanguage;
}

async function rememberDeviceLanguage(lang: string): Promise<void> {
  if ((await readDeviceLanguage()) === lang) return;
  deviceLanguage = Promise.resolve(lang);
  await (await self.caches.open(DEVICE_LANGUAGE_CACHE)).put(DEVICE_LANGUAGE_KEY, new Response(lang));
}

// A public page kept from the server answers its navigation at once, and a fresh copy is fetched for next time;
// every other navigation gets the SPA shell, so a terminal without network still starts. Server-owned paths are left
// to the network: the API, media files, the version file and the development identity provider's pages.
registerRoute(
  new NavigationRoute(
    async (options) => {
      // A terminal's restart after a visitor's wipe: its start page as kept (KEEP_START_PAGE), refreshed for next time.
      const start = startPageKey(options.url);
      if (start) {
        const keptStart = await self.caches.match(start, { cacheName: START_PAGE });
        if (!keptStart) return shell(options);
        options.event.waitUntil(refreshKept(START_PAGE, start, options.url.href, keptStart).catch(() => undefined));
        return keptStart;
      }
      // Both reads at once: each is a trip to the cache storage, and the page waits on them.
      const [deviceLang, keepsNoPages] = await Promise.all([readDeviceLanguage(), self.caches.has(KEEPS_NO_PAGES_CACHE)]);
      const key = keptPageKey(options.url, deviceLang);
      const kept = key && !keepsNoPages ? await self.caches.match(key, { cacheName: KEPT_PAGES }) : undefined;
      if (!key || !kept) return shell(options);
      options.event.waitUntil(refreshKept(KEPT_PAGES, key, options.url.href, kept).catch(() => undefined));
      return kept;
    },
    { denylist: [/^\/api\//, /^\/media\//, /^\/version\.json(?:$|\?)/, /^\/dev-idp(?:\/|$|\?)/] },
  ),
);

// /api/ and /version.json are deliberately not routed: the browser fetches them from the network and
// nothing here ever stores them, so the version check and live data are never answered from a cache.

registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'media-images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

/**
 * The server's page for `url`, marked as kept, or null when it cannot be kept (see `unkeepable`) or the network failed.
 * Asked without the page's cookies being of any use: the server renders every page it renders anonymously.
 */
async function fetchKeepablePage(url: string, lang: string): Promise<Response | 'unkeepable' | null> {
  const answer = await fetch(url, { headers: { accept: 'text/html' }, credentials: 'omit', cache: 'no-store' }).catch(() => null);
  if (!answer) return null;
  if (!answer.ok || !answer.headers.get('content-type')?.includes('text/html')) return 'unkeepable';
  const html = await answer.text();
  if (unkeepable(html, { lang, precached: PRECACHED })) return 'unkeepable';
  const headers = new Headers(answer.headers);
  // The body is stored decoded; its length changes with the mark.
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(markKept(html, Date.now()), { status: answer.status, headers });
}

/**
 * Stale-while-revalidate for a kept page or a terminal's start page just served: its fresh copy replaces it, or it is
 * dropped when the server no longer renders it (maintenance, a page gone). Only a page still kept is replaced, and a
 * kept page only on a device that still keeps pages: the app forgets every page when a visitor signs in, and a copy
 * fetched meanwhile must not come back. (A terminal always carries that mark; its start page is rendered for nobody.)
 */
async function refreshKept(cacheName: string, key: string, url: string, kept: Response): Promise<void> {
  const fresh = await fetchKeepablePage(url, htmlLang(await kept.clone().text()) ?? '');
  if (fresh === null) return;
  const cache = await self.caches.open(cacheName);
  if ((cacheName === KEPT_PAGES && (await self.caches.has(KEEPS_NO_PAGES_CACHE))) || !(await cache.match(key))) return;
  if (fresh === 'unkeepable') await cache.delete(key);
  else await cache.put(key, fresh);
}

/** The app asks for the page on screen to be kept; a page kept already is refreshed only as it is served. */
async function keepPage(url: string, lang: string): Promise<void> {
  await rememberDeviceLanguage(lang);
  const key = keptPageKey(new URL(url), lang);
  if (!key || new URL(url).origin !== self.location.origin || (await self.caches.has(KEEPS_NO_PAGES_CACHE))) return;
  const cache = await self.caches.open(KEPT_PAGES);
  const kept = await cache.match(key);
  if (kept && htmlLang(await kept.text()) === lang) return;
  // A page kept in another language (an address without `lang`, the visitor has changed it since) would flip.
  if (kept) await cache.delete(key);
  const fresh = await fetchKeepablePage(url, lang);
  // A visitor may have signed in while the page came.
  if (!fresh || fresh === 'unkeepable' || (await self.caches.has(KEEPS_NO_PAGES_CACHE))) return;
  await cache.put(key, fresh);
  const keys = await cache.keys();
  await Promise.all(overflowing(keys).map((request) => cache.delete(request)));
}

/**
 * A kiosk terminal's start page, asked for as its visitor wipe ends: fetched without cookies, and the server renders
 * it for nobody, so it holds nothing of any visitor, and a wipe leaves it. Kept already, the restart goes ahead at once
 * (its navigation refreshes it); otherwise fetched now. Says whether it is kept.
 */
async function keepStartPage(url: string, lang: string): Promise<boolean> {
  const key = startPageKey(new URL(url));
  if (!key || new URL(url).origin !== self.location.origin) return false;
  if (await self.caches.match(key, { cacheName: START_PAGE })) return true;
  const fresh = await fetchKeepablePage(url, lang);
  if (!fresh || fresh === 'unkeepable') return false;
  await self.caches.delete(START_PAGE);
  await (await self.caches.open(START_PAGE)).put(key, fresh);
  return true;
}

async function deleteCaches(isStale: (name: string) => boolean): Promise<string[]> {
  const names = (await self.caches.keys()).filter(isStale);
  await Promise.all(names.map((name) => self.caches.delete(name)));
  return names;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    deleteCaches(
      (name) => (name.startsWith(KEPT_PAGES_CACHE_PREFIX) && name !== KEPT_PAGES) || (name.startsWith(START_PAGE_CACHE_PREFIX) && name !== START_PAGE),
    ),
  );
});

// No skipWaiting on install: an update waits until the app asks (after the visitor confirms the
// new-version modal), so a new version never swaps code under a checkout in progress. Claiming on
// activate makes the very first visit controlled, so the next start works offline.
clientsClaim();

/**
 * A kiosk's visitor wipe: the personal caches and the kept pages, so the next visitor starts from nothing left by
 * anyone. The terminal's start page stays: it was rendered for nobody, and the restart paints it without waiting on
 * the network (KEEP_START_PAGE).
 */
function purgePersonalCaches(): Promise<string[]> {
  return deleteCaches((name) => [PERSONAL_CACHE_PREFIX, KEPT_PAGES_CACHE_PREFIX].some((prefix) => name.startsWith(prefix)));
}

function isAppMessage(data: unknown): data is AppMessage {
  if (typeof data !== 'object' || data === null || !('type' in data)) return false;
  if (data.type === 'KEEP_PAGE' || data.type === 'KEEP_START_PAGE') return 'url' in data && typeof data.url === 'string' && 'lang' in data && typeof data.lang === 'string';
  return data.type === 'SKIP_WAITING' || data.type === 'PURGE_PERSONAL_CACHES';
}

self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isAppMessage(message)) return;
  switch (message.type) {
    case 'SKIP_WAITING':
      event.waitUntil(self.skipWaiting());
      break;
    case 'PURGE_PERSONAL_CACHES':
      event.waitUntil(
        purgePersonalCaches().then(
          (purged) => event.ports[0]?.postMessage({ type: 'PERSONAL_CACHES_PURGED', purged }),
          (error: unknown) => event.ports[0]?.postMessage({ type: 'PERSONAL_CACHES_PURGE_FAILED', error: String(error) }),
        ),
      );
      break;
    case 'KEEP_PAGE':
      event.waitUntil(keepPage(message.url, message.lang).catch(() => undefined));
      break;
    case 'KEEP_START_PAGE':
      // Answered, so the terminal's restart waits until the page is kept.
      event.waitUntil(
        keepStartPage(message.url, message.lang)
          .catch(() => false)
          .then((kept) => event.ports[0]?.postMessage({ type: 'START_PAGE_KEPT', kept })),
      );
      break;
  }
});
