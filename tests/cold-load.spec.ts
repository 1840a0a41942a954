import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { KIOSK, LANGS, open, PHONE, resetServer } from './helpers';

/**
 * Issue 14, the cold load: what a phone with nothing cached fetches before the page shows and becomes usable. The
 * largest image comes first, the styles come inside the HTML, the app's code in a few files, and the code only a
 * form, a kiosk or the staff need stays on the server until then.
 */

const SHOTS = '/work/shots/cold';
const PAGES = ['/', '/events', '/events/1'];
const withLang = (path: string, lang: 'en' | 'ar') => (lang === 'ar' ? `${path}?lang=ar` : path);

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

for (const lang of LANGS) {
  test(`${lang}: the HTML of /, /events and /events/1 asks for its largest image before any script, and carries its styles inline`, async ({ request }) => {
    for (const path of PAGES) {
      const html = await (await request.get(withLang(path, lang))).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const leadImage = /<img\b[^>]*fetchpriority="high"[^>]*\ssrc="([^"]+)"|<img\b[^>]*\ssrc="([^"]+)"[^>]*fetchpriority="high"/i.exec(html);
      const src = leadImage?.[1] ?? leadImage?.[2];
      expect(src, path).toBeTruthy();
      const preload = head.indexOf(`<link rel="preload" as="image" href="${src}" fetchpriority="high">`);
      expect(preload, `${path} preloads ${src}`).toBeGreaterThan(0);
      expect(preload, `${path}: the image before the first script`).toBeLessThan(head.indexOf('<script'));
      // Every stylesheet is in the page; its link stays only as a marker, disabled, never fetched.
      const links = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(([link]) => link);
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect(link, path).toMatch(/ disabled>$/);
      expect(head.match(/<style>/g)?.length, path).toBe(links.length);
      // The screen's own code is asked for with the HTML, not after the app has started.
      expect(head, path).toMatch(path === '/' ? /modulepreload[^>]*\/assets\/HomeScreen-/ : /modulepreload[^>]*\/assets\/CataloguePages-/);
    }
  });
}

/** The scripts a page asks for, by file name, until the app is ready and then until the network has been idle. */
async function scriptsOf(page: Page, path: string) {
  const requested: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (request.resourceType() === 'script') requested.push(file);
    if (request.resourceType() === 'stylesheet') stylesheets.push(file);
  });
  // An image that fails its load would leave nothing to compare: the server's one is remembered before any script runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { serverImage: Element | null }).serverImage = document.querySelector('img[fetchpriority="high"]');
    });
  });
  await open(page, path);
  const beforeReady = [...requested];
  await page.waitForLoadState('networkidle');
  return { beforeReady, all: [...requested], stylesheets };
}

const NOT_FOR_A_PUBLIC_PAGE = /\/assets\/(altcha|OnScreenKeyboard|StaffPanelHost|staff-panel)-/;
const DEVICE_STORAGE = /\/assets\/db-/;

for (const [layout, viewport] of [
  ['phone', PHONE],
  ['kiosk-size', KIOSK],
] as const) {
  for (const lang of LANGS) {
    test(`${layout}, ${lang}: a cold public page starts on a handful of scripts, keeps the server's image, and never fetches the captcha, the keyboard or the staff panel`, async ({
      page,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize(viewport);
      for (const path of ['/events', '/events/1']) {
        const { beforeReady, all, stylesheets } = await scriptsOf(page, withLang(path, lang));
        // The entry, the bundler's runtime, the router, i18next, XState, the shell's own code and the screen's few
        // files: not the ~50 one-kilobyte files a slow line used to queue before the page could be used.
        expect(beforeReady.length, beforeReady.join('\n')).toBeLessThanOrEqual(14);
        expect(beforeReady.filter((file) => DEVICE_STORAGE.test(file)), 'device storage waits for the first screen').toEqual([]);
        expect(all.filter((file) => NOT_FOR_A_PUBLIC_PAGE.test(file))).toEqual([]);
        // The inline styles were enough: no stylesheet of the first screen is fetched again.
        expect(stylesheets.filter((file) => /\/assets\/(app|catalogue)-/.test(file))).toEqual([]);
        await expect(page.locator('img[fetchpriority="high"]').first()).toBeVisible();
        expect(await page.evaluate(() => (window as unknown as { serverImage: Element | null }).serverImage === document.querySelector('img[fetchpriority="high"]'))).toBe(true);
        await page.screenshot({ path: `${SHOTS}/cold${path.replaceAll('/', '-')}-${layout}-${lang}.png` });
      }
      // The home page, styled from the HTML alone and taken over by the app.
      await open(page, withLang('/', lang));
      await expect(page.getByRole('button', { name: lang === 'ar' ? 'احجز مرفقًا' : 'Book a Facility' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/cold-home-${layout}-${lang}.png` });
    });
  }
}

test('a page that needs device storage, the captcha or the keyboard still gets them: the home page\'s lead form and a kiosk', async ({ page }) => {
  const { all } = await scriptsOf(page, '/');
  expect(all.some((file) => DEVICE_STORAGE.test(file)), 'the cart and the terminal settings open device storage after the first screen').toBe(true);
  // The venue's lead form opens by itself on the home page, with its captcha.
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/?mode=kiosk');
  await page.waitForSelector('html[data-ready="true"]');
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
});
