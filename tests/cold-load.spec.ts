import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { KIOSK, LANGS, open, PHONE, resetServer } from './helpers';
import { cartLink } from './support/booking';
import { deviceStoreExists, readDeviceRow } from './support/deviceDatabase';
import { copy } from './support/shell';

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

test('the start\'s scripts open with V8\'s compile hint in each encoding the server sends, a screen\'s own code without it', async ({ request }) => {
  // On its first line only, V8 compiles the file's functions as it streams in, off the main thread (vite.config.ts).
  const firstLine = async (script: string, encoding: string) => {
    const response = await request.get(script, { headers: { 'accept-encoding': encoding } });
    return { line: (await response.text()).split('\n', 1)[0], servedAs: response.headers()['content-encoding'] ?? 'identity' };
  };
  for (const path of PAGES) {
    const html = await (await request.get(path)).text();
    const start = [
      ...html.matchAll(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g),
      ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="(\/assets\/(?:page-script|main)-[^"]+\.js)"/g),
      ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="(\/assets\/[^"]+\.js)" data-app-chunk>/g),
    ].map(([, src]) => src!);
    // The page's script, its helpers, the libraries, the app's chunk and the app's entry.
    expect(start.length, path).toBe(8);
    const servedAs = new Set<string>();
    for (const script of start) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const { line, servedAs: encoded } = await firstLine(script, encoding);
        servedAs.add(encoded);
        expect(line, `${script} as ${encoding}`).toBe('//# allFunctionsCalledOnLoad');
      }
    }
    // The compressed copies are made again once the hint is in: each is checked, not only the plain files.
    expect([...servedAs].sort(), path).toEqual(['br', 'gzip', 'identity']);
    const screen = /<link rel="modulepreload"[^>]*\shref="(\/assets\/(?:HomeScreen|CataloguePages)-[^"]+\.js)"/.exec(html)?.[1];
    expect(screen, path).toBeTruthy();
    expect((await firstLine(screen!, 'br')).line, screen).not.toBe('//# allFunctionsCalledOnLoad');
  }
});

test("the app's code and the lazy code loaded while the page is idle are linked a few files a task, never a long list at once", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => {
    const batches: number[] = [];
    (window as unknown as { linkBatches: number[] }).linkBatches = batches;
    // Each callback has the links one task added (or a few tasks', which could only make a batch look larger).
    new MutationObserver((records) => {
      const added = records.flatMap((record) => [...record.addedNodes]).filter((node) => node instanceof HTMLLinkElement && node.rel === 'modulepreload');
      if (added.length > 0) batches.push(added.length);
    }).observe(document, { childList: true, subtree: true });
  });
  await open(page, '/');
  // The booking dialog's code is loaded while the page is idle (src/features/booking/BookFacilityButton.tsx).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/FacilityBookingModal-/.test(entry.name))), { timeout: 15_000 })
    .toBe(true);
  await page.waitForLoadState('networkidle');
  const batches = await page.evaluate(() => (window as unknown as { linkBatches: number[] }).linkBatches);
  // The app's ~20 links and the dialog's ~15 (Vite's loader put those in all at once: one task of 40-150 ms at 4x CPU).
  expect(batches.reduce((sum, batch) => sum + batch, 0)).toBeGreaterThan(20);
  expect(Math.max(...batches), batches.join(' ')).toBeLessThanOrEqual(3);
});

/** The scripts and stylesheets a page fetches until the network has been idle, by path. */
async function fetchedBy(page: Page, path: string) {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (request.resourceType() === 'script') scripts.push(file);
    if (request.resourceType() === 'stylesheet') stylesheets.push(file);
  });
  // The server's largest image, remembered before any script runs, to compare with the one on screen afterwards.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { serverImage: Element | null }).serverImage = document.querySelector('img[fetchpriority="high"]');
    });
  });
  await open(page, path);
  await page.waitForLoadState('networkidle');
  return { scripts, stylesheets };
}

const NOT_FOR_A_PUBLIC_PAGE = /\/assets\/(altcha|OnScreenKeyboard|StaffPanelHost|staff-panel)-/;
const DEVICE_STORAGE = /\/assets\/db-/;

for (const [layout, viewport] of [
  ['phone', PHONE],
  ['kiosk-size', KIOSK],
] as const) {
  for (const lang of LANGS) {
    test(`${layout}, ${lang}: a cold public page asks for its scripts with its HTML in a few files, keeps the server's image, and never fetches the captcha, the keyboard or the staff panel`, async ({
      page,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize(viewport);
      for (const path of ['/events', '/events/1']) {
        // What the HTML asks for at once: eight files of the shell (the page's script, its helpers, the bundler's
        // runtime, the router, i18next, XState, the shell's code and the app's start; ~50 one-kilobyte files before
        // 2026-11-26) and the screen's own, no device storage.
        const html = await (await page.request.get(withLang(path, lang))).text();
        const withTheHtml = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*\s(?:src|href)="([^"]+)"/g)].map(([, file]) => file!);
        expect(withTheHtml.length, withTheHtml.join('\n')).toBeLessThanOrEqual(26);
        expect(withTheHtml.slice(0, 8).map((file) => /\/assets\/([a-z0-9-]+)-/.exec(file)?.[1])).toEqual(['index', 'page-script', 'rolldown-runtime', 'router', 'i18n', 'xstate', 'app', 'main']);
        // The page's script evaluates the chunks the app's entry imports one a task, in this order, then the entry.
        const evaluatedFirst = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([a-z0-9-]+)-[^"]*" data-app-chunk>/g)].map(([, name]) => name);
        expect(evaluatedFirst).toEqual(['rolldown-runtime', 'router', 'i18n', 'xstate', 'app']);
        expect(withTheHtml.filter((file) => DEVICE_STORAGE.test(file) || NOT_FOR_A_PUBLIC_PAGE.test(file))).toEqual([]);

        const { scripts, stylesheets } = await fetchedBy(page, withLang(path, lang));
        // Everything until the network is idle, the deferred work included (cart, strings, service worker): 134
        // scripts before this round.
        expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(60);
        expect(scripts.filter((file) => NOT_FOR_A_PUBLIC_PAGE.test(file))).toEqual([]);
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

/** The cart's own machinery (storage, dialogs), not its strings: a namespace's chunk is named after it too. */
const CART_MACHINERY = /\/assets\/(cartStore|CartHost)-/;
/** A whole language in one file, as before this round; now each namespace is a chunk of its own. */
const WHOLE_LANGUAGE = /\/assets\/(en|ar)-[\w-]+\.js$/;
/** Namespaces no public catalogue page shows. */
const OTHER_SCREENS_STRINGS = /\/assets\/(profile|wallet|bookings|bookingActions|tickets|kiosk|kioskVisitor|checkout)-/;

for (const lang of LANGS) {
  test(`${lang}: a first visit fetches no cart and only the strings it shows; the cart opens on first use`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: PHONE });
    try {
      const page = await context.newPage();
      const { scripts } = await fetchedBy(page, withLang('/events/1', lang));
      expect(scripts.filter((file) => CART_MACHINERY.test(file) || WHOLE_LANGUAGE.test(file) || OTHER_SCREENS_STRINGS.test(file))).toEqual([]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The cart page needs both: they load then, and the page works.
      await cartLink(page, lang, 0).click();
      await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:cart.title') })).toBeVisible();
      // A link inside the app opens no new document, so its network idle was reached long ago: wait for the code itself.
      await expect.poll(() => scripts.some((file) => CART_MACHINERY.test(file)), { message: 'the cart machinery loads' }).toBe(true);
      expect(scripts.filter((file) => WHOLE_LANGUAGE.test(file))).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('ICU starts on a worker the page\'s script starts, allowed by the page\'s policy, and the app then starts', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: PHONE });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const worker = page.waitForEvent('worker', { predicate: (started) => /\/assets\/intlWarmUp\.worker-[\w-]+\.js$/.test(started.url()) });
    // `open` waits for the app to be ready, which it is only once its start has gone past the wait for the worker.
    await open(page, '/events/1');
    await worker;
    // The worker answered (not the start's half-second deadline): the page's promise settles through its message.
    const answered = await page.evaluate(() => (window as { intlWarmUp?: Promise<void> }).intlWarmUp?.then(() => 'answered'));
    expect(answered).toBe('answered');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

/** The venue config row the device database keeps for an offline start, if the database exists. */
const keptConfig = async (page: Page) => ((await readDeviceRow(page, 'config', 'site')) ? 'config kept' : 'none');

test('a first visit loads no device storage; once it has settled it keeps its copies, and the next start reads the kept config', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: PHONE });
  try {
    const first = await context.newPage();
    const { scripts } = await fetchedBy(first, '/events');
    await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.filter((file) => DEVICE_STORAGE.test(file))).toEqual([]);
    expect(await deviceStoreExists(first, 'config')).toBe(false);

    // A few seconds on, idle, the page keeps what it showed for the next start (or when the visitor leaves the tab).
    await expect.poll(() => keptConfig(first), { timeout: 15_000 }).toBe('config kept');
    expect(scripts.filter((file) => DEVICE_STORAGE.test(file))).not.toEqual([]);
    await first.close();

    // The next start cannot reach the venue's config: a page the app starts by itself shows it from the device's row.
    const second = await context.newPage();
    await second.addInitScript(() => localStorage.removeItem('portal.venueConfig'));
    await second.route(/\/api\/v1\/config(\?|$)/, (route) => route.abort());
    await open(second, '/login');
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(second.getByText(copy('en', 'common:shell.unavailableTitle'))).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a kiosk still starts as a kiosk, its setting kept at once', async ({ page }) => {
  await open(page, '/?mode=kiosk');
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
  await expect.poll(() => keptConfig(page)).toBe('config kept');
});
