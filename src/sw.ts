/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare let self: ServiceWorkerGlobalScope;

/**
 * Runtime caches that hold anything belonging to one visitor must be named with this prefix: a kiosk
 * idle reset purges them all. The same literal is used by src/services/serviceWorker.ts.
 */
const PERSONAL_CACHE_PREFIX = 'personal-';

/** Messages from the app (src/services/serviceWorker.ts). */
type AppMessage = { type: 'SKIP_WAITING' } | { type: 'PURGE_PERSONAL_CACHES' };

const DAY_SECONDS = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The SPA shell answers every navigation, so a terminal without network still starts. Server-owned
// paths are left to the network: the API, media files, the version file and the development identity
// provider's pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/version\.json(?:$|\?)/, /^\/dev-idp(?:\/|$|\?)/],
  }),
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

// No skipWaiting on install: an update waits until the app asks (after the visitor confirms the
// new-version modal), so a new version never swaps code under a checkout in progress. Claiming on
// activate makes the very first visit controlled, so the next start works offline.
clientsClaim();

async function purgePersonalCaches(): Promise<string[]> {
  const names = (await self.caches.keys()).filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX));
  await Promise.all(names.map((name) => self.caches.delete(name)));
  return names;
}

function isAppMessage(data: unknown): data is AppMessage {
  if (typeof data !== 'object' || data === null || !('type' in data)) return false;
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
  }
});
