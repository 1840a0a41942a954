import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../fixtures';
import { open, putCartLines, resetServer } from '../helpers';
import { deviceStoreExists, readDeviceRow, readDeviceRows } from './deviceDatabase';
import { workerPort } from './shell';

/** This worker's server reached under another host name; Chromium resolves every *.localhost to loopback. */
export const onHost = (host: string, path = '/') => `http://${host}:${workerPort()}${path}`;

export const VENUE = { en: 'Marina Sports & Leisure Park', ar: 'منتزه مارينا للرياضة والترفيه' } as const;

/**
 * Collects uncaught page errors and console errors from now on. Read it after the page has settled;
 * an empty list means the page ran cleanly.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

/**
 * Waits until the app has opened its device database: right after the first screen on a device that keeps data; on
 * a first visit when it keeps its copies (src/services/database.ts), which it does at once when the page is hidden.
 * The page says it was hidden, as when a visitor switches away, rather than the test waiting out the quiet seconds.
 */
export async function waitForDeviceStorage(page: Page) {
  await expect
    .poll(
      async () => {
        if (await deviceStoreExists(page, 'cartLines')) return true;
        await page.evaluate(() => {
          const announce = (state: DocumentVisibilityState) => {
            Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
            document.dispatchEvent(new Event('visibilitychange'));
          };
          announce('hidden');
          announce('visible');
          // Back to the browser's own answer.
          delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
        });
        return false;
      },
      { message: 'the device database is open' },
    )
    .toBe(true);
}

/** helpers.putCartLines, once the app's device database exists. */
export async function putCartLinesWhenReady(page: Page, lines: Parameters<typeof putCartLines>[1]) {
  await waitForDeviceStorage(page);
  await putCartLines(page, lines);
}

/**
 * Turns this browser context into a kiosk terminal the way staff do: one visit with ?mode=kiosk.
 * Returns once the device has stored the setting, so the next page load starts as a kiosk.
 */
export async function becomeKiosk(page: Page) {
  await open(page, '/?mode=kiosk');
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
  await expect
    .poll(() => readDeviceRow(page, 'settings', 'kiosk'), { message: 'the device keeps kiosk mode' })
    .toEqual({ key: 'kiosk', value: true });
}

export async function expectDocumentLanguage(page: Page, lang: 'en' | 'ar') {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  await expect(html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

type MenuItem = { path: string; children: MenuItem[] } & Record<string, unknown>;

/** The venue config as the portal receives it. */
export async function venueConfig(request: APIRequestContext): Promise<Record<string, unknown> & { header_nav: MenuItem[] }> {
  const response = await request.get('/api/v1/config');
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { data: Record<string, unknown> & { header_nav: MenuItem[] } };
  return body.data;
}

/** The configured header menu with every entry (at any depth) whose path is one of `paths` left out. */
export async function headerNavWithout(request: APIRequestContext, ...paths: string[]): Promise<MenuItem[]> {
  const prune = (items: MenuItem[]): MenuItem[] =>
    items.filter((item) => !paths.includes(item.path)).map((item) => ({ ...item, children: prune(item.children) }));
  return prune((await venueConfig(request)).header_nav);
}

/** The pathname and query the browser shows now, e.g. '/events?lang=en'. */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export type PageInput = {
  slug: string;
  title: string;
  ar_title?: string;
  content: string;
  ar_content?: string;
  is_published?: boolean;
  is_default?: boolean;
};

/** Creates or replaces a content page of the demo venue through the development tools. */
export async function createPage(request: APIRequestContext, input: PageInput) {
  const response = await request.post('/api/v1/dev/pages', { data: input });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** The cart lines this browser keeps on the device for a cart session, as the cart stored them. */
export async function storedLinesOf(page: Page, session: string): Promise<Record<string, unknown>[]> {
  await waitForDeviceStorage(page);
  const rows = await readDeviceRows<Record<string, unknown>>(page, 'cartLines');
  return rows.filter((row) => row.sessionKey === session);
}

/** Each test of the file starts from the freshly seeded demo venue, with this browser's cart lines under `session`. */
export function freshVenueWithCartSession(session: string) {
  test.beforeEach(async ({ page, request }) => {
    await resetServer(request);
    await page.addInitScript((key) => {
      if (!localStorage.getItem('session_id')) localStorage.setItem('session_id', key);
    }, session);
  });
}
