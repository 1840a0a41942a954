import { rendersOnServer } from '../domain/firstScreen';
import { KEEPS_NO_PAGES_CACHE, KEPT_AT_ATTRIBUTE, KEPT_PAGES_CACHE_PREFIX, keepingDecision, keptAt } from '../domain/keptPages';

/**
 * The app's side of kept pages (src/domain/keptPages.ts, src/sw.ts): it knows who is signed in and whether the device
 * is a kiosk, which the service worker cannot, so it asks the worker to keep the public page on screen, and forgets
 * every kept page itself as soon as a visitor signs in or the device turns out to be a kiosk, leaving the worker a
 * mark (KEEPS_NO_PAGES_CACHE) that holds for every tab until the visitor has gone.
 */

/** Whether this page is one the service worker kept: its embedded data is a device copy, to be refreshed. */
export function isKeptPage(document: Document): boolean {
  return keptAt(document.documentElement.getAttribute(KEPT_AT_ATTRIBUTE)) !== null;
}

export type PageOnScreen = {
  url: string;
  /** The route's path as in src/domain/routeTable.ts ('/events/$id'), or undefined before the router has matched. */
  routePath: string | undefined;
  signedIn: boolean;
  /** null until the terminal's settings are read. */
  kiosk: boolean | null;
  lang: string;
};

export function syncKeptPage(page: PageOnScreen, caches: CacheStorage | undefined = globalThis.caches, worker = globalThis.navigator?.serviceWorker): Promise<void> {
  switch (keepingDecision({ signedIn: page.signedIn, kiosk: page.kiosk, rendersOnServer: page.routePath !== undefined && rendersOnServer(page.routePath) })) {
    case 'forgetAll':
      return forgetKeptPages(caches);
    case 'keep':
      return keepPagesAgain(caches).then(() => {
        // Once a worker is active: on a first visit it is still installing when the first screen is up.
        void worker?.ready.then((registration) => registration.active?.postMessage({ type: 'KEEP_PAGE', url: page.url, lang: page.lang }));
      });
    case 'leave':
      return Promise.resolve();
  }
}

/** Deleted from the page, not through the worker: it works before a worker is active, and at once. */
export async function forgetKeptPages(caches: Pick<CacheStorage, 'keys' | 'delete' | 'open'> | undefined): Promise<void> {
  if (!caches) return;
  // The mark first: a worker keeping a page meanwhile then drops it.
  await caches.open(KEEPS_NO_PAGES_CACHE).catch(() => undefined);
  const names = (await caches.keys().catch(() => [])).filter((name) => name.startsWith(KEPT_PAGES_CACHE_PREFIX));
  await Promise.all(names.map((name) => caches.delete(name).catch(() => false)));
}

async function keepPagesAgain(caches: Pick<CacheStorage, 'delete'> | undefined): Promise<void> {
  await caches?.delete(KEEPS_NO_PAGES_CACHE).catch(() => false);
}

/** The longest a terminal's restart waits for its start page to be kept: offline or slow, it restarts from the shell. */
export const START_PAGE_WAIT_MS = 1500;

/**
 * A kiosk terminal's start page (the attract screen), kept by the service worker as the server renders it for nobody, so
 * the restart after a visitor's wipe paints it at once from the server's HTML (src/sw.ts, KEEP_START_PAGE): at once when
 * it is kept already (the wipe leaves it; each restart refreshes it), else once fetched.
 * Resolves whether it is kept, within `waitMs`.
 */
export async function keepStartPage(
  page: { url: string; lang: string },
  { worker = globalThis.navigator?.serviceWorker, waitMs = START_PAGE_WAIT_MS }: { worker?: ServiceWorkerContainer; waitMs?: number } = {},
): Promise<boolean> {
  const active = worker?.controller;
  if (!active) return false;
  const channel = new MessageChannel();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  const kept = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<{ type?: string; kept?: boolean }>) => resolve(event.data.type === 'START_PAGE_KEPT' && event.data.kept === true);
  });
  active.postMessage({ type: 'KEEP_START_PAGE', url: page.url, lang: page.lang }, [channel.port2]);
  try {
    return await Promise.race([kept, late]);
  } finally {
    clearTimeout(timer);
    channel.port1.close();
  }
}
