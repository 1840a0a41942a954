import { describe, expect, it, vi } from 'vitest';
import { KEEPS_NO_PAGES_CACHE } from '../domain/keptPages';
import { forgetKeptPages, syncKeptPage, type PageOnScreen } from './keptPages';

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
