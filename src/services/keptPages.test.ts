import { describe, expect, it, vi } from 'vitest';
import { KEEPS_NO_PAGES_CACHE } from '../domain/keptPages';
import { forgetKeptPages, keepStartPage, syncKeptPage, type PageOnScreen } from './keptPages';

/** Cache storage as names only: what the app does here is create and delete whole caches. */
function fakeCaches(names: string[]) {
  const held = new Set(names);
  return {
    held,
    storage: {
      keys: () => Promise.resolve([...held]),
      delete: (name: string) => Promise.resolve(held.delete(name)),
      open: (name: string) => {
        held.add(name);
        return Promise.resolve({} as Cache);
      },
    } as unknown as CacheStorage,
  };
}

function fakeWorker() {
  const postMessage = vi.fn();
  return { postMessage, container: { ready: Promise.resolve({ active: { postMessage } }) } as unknown as ServiceWorkerContainer };
}

const PUBLIC_EVENT: PageOnScreen = { url: 'https://venue.example/events/1?lang=ar', routePath: '/events/$id', signedIn: false, kiosk: false, lang: 'ar' };

describe('syncKeptPage', () => {
  it('asks the worker to keep a public page for an anonymous visitor, and lets the device keep pages again', async () => {
    const caches = fakeCaches([KEEPS_NO_PAGES_CACHE]);
    const worker = fakeWorker();
    await syncKeptPage(PUBLIC_EVENT, caches.storage, worker.container);
    await vi.waitFor(() => expect(worker.postMessage).toHaveBeenCalledWith({ type: 'KEEP_PAGE', url: PUBLIC_EVENT.url, lang: 'ar' }));
    expect(caches.held.has(KEEPS_NO_PAGES_CACHE)).toBe(false);
  });

  it.each([
    ['a signed-in visitor', { signedIn: true }],
    ['a kiosk terminal', { kiosk: true }],
  ])('forgets every kept page for %s and marks the device as keeping none', async (_, change) => {
    const caches = fakeCaches(['kept-pages-abc', 'kept-pages-older', 'media-images']);
    const worker = fakeWorker();
    await syncKeptPage({ ...PUBLIC_EVENT, ...change }, caches.storage, worker.container);
    expect([...caches.held].sort()).toEqual([KEEPS_NO_PAGES_CACHE, 'media-images']);
    expect(worker.postMessage).not.toHaveBeenCalled();
  });

  it.each([
    ['a page the server does not render (the cart)', { routePath: '/cart' }],
    ['a page not matched yet', { routePath: undefined }],
    ["a terminal whose settings are not read yet", { kiosk: null }],
  ])('leaves the kept pages as they are on %s', async (_, change) => {
    const caches = fakeCaches(['kept-pages-abc']);
    const worker = fakeWorker();
    await syncKeptPage({ ...PUBLIC_EVENT, ...change }, caches.storage, worker.container);
    expect([...caches.held]).toEqual(['kept-pages-abc']);
    expect(worker.postMessage).not.toHaveBeenCalled();
  });
});

describe('forgetKeptPages', () => {
  it('does nothing without cache storage (an old browser, an insecure origin)', async () => {
    await expect(forgetKeptPages(undefined)).resolves.toBeUndefined();
  });
});

describe('keepStartPage', () => {
  const START = { url: 'https://venue.example/?mode=kiosk&attract=1&lang=ar', lang: 'ar' };

  /** A controlling worker that answers KEEP_START_PAGE on the port it is given, as src/sw.ts does, or never. */
  function controllingWorker(answer: { kept: boolean } | 'never') {
    const postMessage = vi.fn((_message: unknown, [port]: MessagePort[]) => {
      if (answer !== 'never') port?.postMessage({ type: 'START_PAGE_KEPT', kept: answer.kept });
    });
    return { postMessage, container: { controller: { postMessage } } as unknown as ServiceWorkerContainer };
  }

  it('waits until the worker has kept the start page', async () => {
    const worker = controllingWorker({ kept: true });
    await expect(keepStartPage(START, { worker: worker.container })).resolves.toBe(true);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'KEEP_START_PAGE', url: START.url, lang: 'ar' }, [expect.any(MessagePort)]);
  });

  it('says so when the worker could not keep it (offline, the server sent the plain shell)', async () => {
    await expect(keepStartPage(START, { worker: controllingWorker({ kept: false }).container })).resolves.toBe(false);
  });

  it('restarts without it after the wait when the worker does not answer', async () => {
    await expect(keepStartPage(START, { worker: controllingWorker('never').container, waitMs: 20 })).resolves.toBe(false);
  });

  it('asks nothing without a controlling worker (its first start, or after staff cleared the caches)', async () => {
    await expect(keepStartPage(START, { worker: { controller: null } as ServiceWorkerContainer })).resolves.toBe(false);
  });
});
