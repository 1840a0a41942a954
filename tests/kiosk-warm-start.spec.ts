import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkScreen, KIOSK, LANGS, open, PHONE, resetServer } from './helpers';
import { becomeKioskTerminal, type Lang } from './support/accounts';
import { fill, venueDay } from './support/booking';
import { pitchLine, RENTAL, venueId } from './support/cart';
import { putCartLinesWhenReady, VENUE, watchPageErrors } from './support/portal';
import { copy, pauseClock, putTerminalSetting, waitForServiceWorkerControl } from './support/shell';

/**
 * Issue 14: a terminal restarts after every visitor's wipe, so its warm start is every visitor's first screen. The wipe
 * has the service worker keep the terminal's start page (the attract screen) as the server renders it for nobody
 * (src/sw.ts, KEEP_START_PAGE), and the restart paints it from that HTML before any of the app's code has run.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/kiosk-warm';
const IDLE_MS = 60_000;
const WARNING_MS = 30_000;
const START_PAGE_PREFIX = 'start-page-';

const kv = (lang: Lang, key: string) => copy(lang, `kioskVisitor:${key}`);
const touchToStart = (page: Page, lang: Lang) => page.getByRole('button', { name: kv(lang, 'attract.start'), exact: true });
const attractScreen = (page: Page, lang: Lang) => page.getByRole('dialog', { name: fill(kv(lang, 'attract.label'), { venue: VENUE[lang] }) });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

// A terminal, its service worker and a visitor's whole visit before what is under test.
test.describe.configure({ timeout: 90_000 });

/** The pages the service worker holds, by cache: the terminal's start page and any kept page, with their HTML. */
function heldPages(page: Page): Promise<{ cache: string; url: string; html: string }[]> {
  return page.evaluate(async () => {
    const held: { cache: string; url: string; html: string }[] = [];
    for (const name of (await caches.keys()).filter((cacheName) => /^(start-page-|kept-pages-)/.test(cacheName))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        held.push({ cache: name, url: url.pathname + url.search, html: (await (await cache.match(request))?.text()) ?? '' });
      }
    }
    return held;
  });
}

/** A terminal in `lang` with its service worker in control and its language set by staff (the restart's language). */
async function terminalIn(page: Page, lang: Lang) {
  await becomeKioskTerminal(page, lang);
  await waitForServiceWorkerControl(page);
  await putTerminalSetting(page, 'defaultLanguage', lang);
}

for (const lang of LANGS) {
  test(`${lang}: after a visitor's wipe the terminal restarts on its start page kept from the server, holding nothing of the visitor, and runs as before`, async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    await page.clock.install();
    await terminalIn(page, lang);

    // A visitor signs in and puts a pitch in the cart.
    const token = await request.post('/api/v1/dev/token', { data: { customer: 'customer' } });
    const { data: login } = (await token.json()) as { data: { token: string; user: { name: string; email: string; mobile: string } } };
    await page.evaluate((stored) => localStorage.setItem('portal.session', stored), JSON.stringify({ user: { ...login.user, token: login.token }, lastUpdated: Date.now() }));
    await putCartLinesWhenReady(page, [pitchLine(await venueId(request), venueDay(1))]);
    await open(page, `/cart?lang=${lang}`);
    await expect(page.getByRole('main').getByRole('listitem', { name: RENTAL[lang], exact: true })).toBeVisible();
    await expect(page.getByRole('banner').locator('.shell-cart__badge')).toBeVisible();

    // They leave: the idle question, then no answer wipes them and restarts the terminal.
    await pauseClock(page);
    await page.keyboard.press('Shift');
    await page.clock.runFor(IDLE_MS);
    await expect(page.getByRole('alertdialog', { name: kv(lang, 'idle.title') })).toBeVisible();
    const restarted = page.waitForURL((url) => url.searchParams.has('attract'));
    await page.clock.runFor(WARNING_MS);
    // Real time again: the restart waits (within a time limit) for the service worker to keep the start page.
    await page.clock.resume();
    await restarted;

    await test.step('the restart is the start page the wipe kept, in the terminal language and layout', async () => {
      await expect(page.locator('html')).toHaveAttribute('data-kept-at', /^\d+$/);
      await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(attractScreen(page, lang)).toBeVisible();
      await expect(touchToStart(page, lang)).toBeVisible();
      await page.waitForSelector('html[data-ready="true"]');
      // Modal once the app runs: the page behind it is out of reach.
      expect(await page.locator('dialog.attract').evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
      await checkScreen(page, 'dialog.attract', `${SHOTS}/attract-after-wipe-${lang}-kiosk.png`);
    });

    await test.step('what the device holds is the anonymous start page alone: no name, contact, login or cart of the visitor', async () => {
      const held = await heldPages(page);
      expect(held.map(({ cache, url }) => [cache.startsWith(START_PAGE_PREFIX), url])).toEqual([[true, `/?attract=1&lang=${lang}&mode=kiosk`]]);
      const [start] = held;
      expect(start!.html.includes('data-mode="kiosk"'), 'the kiosk layout').toBe(true);
      expect(start!.html.includes(kv(lang, 'attract.start')), 'the attract screen').toBe(true);
      for (const personal of [login.user.name, login.user.email, login.user.mobile, login.token]) expect(start!.html.includes(personal), personal).toBe(false);
      // The header's cart count (its rules are in the inlined styles, its element is not).
      expect(/class="[^"]*shell-cart__badge/.test(start!.html), 'a cart badge').toBe(false);
      expect(await page.evaluate(() => caches.keys().then((names) => names.filter((name) => name.startsWith('personal-'))))).toEqual([]);
    });

    await test.step('the next visitor starts signed out with an empty cart', async () => {
      await touchToStart(page, lang).click();
      await expect(attractScreen(page, lang)).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).searchParams.has('attract')).toBe(false);
      await expect(page.getByRole('banner').locator('.shell-cart__badge')).toHaveCount(0);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('portal.session') ?? '{}') as { user?: unknown })).not.toHaveProperty('user.token');
    });
    expect(errors).toEqual([]);
  });
}

/** Has the service worker keep the start page as the wipe does, and answers once it says it has. */
async function keepStartPage(page: Page, lang: Lang) {
  const kept = await page.evaluate(
    (lang) =>
      new Promise<boolean>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ kept: boolean }>) => resolve(event.data.kept);
        navigator.serviceWorker.controller!.postMessage({ type: 'KEEP_START_PAGE', url: `${location.origin}/?mode=kiosk&attract=1&lang=${lang}`, lang }, [channel.port2]);
      }),
    lang,
  );
  expect(kept).toBe(true);
}

for (const lang of LANGS) {
  test(`${lang}: the kept start page paints the attract screen before any script has run, at kiosk and phone sizes`, async ({ page }) => {
    await terminalIn(page, lang);
    await keepStartPage(page, lang);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    try {
      for (const [size, viewport] of [['kiosk', KIOSK], ['phone', PHONE]] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/?mode=kiosk&attract=1&lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('data-kept-at', /^\d+$/);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(attractScreen(page, lang).getByRole('heading', { level: 1, name: VENUE[lang] })).toBeVisible();
        await expect(touchToStart(page, lang)).toBeVisible();
        await expect(page.locator('dialog.attract .attract-slide img')).toBeVisible();
        expect((await touchToStart(page, lang).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(64);
        await page.screenshot({ path: `${SHOTS}/start-page-without-scripts-${lang}-${size}.png` });
      }
    } finally {
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    }
  });
}

test('without a kept start page (staff cleared the caches) the terminal still gets its start page rendered by the server', async ({ page }) => {
  await terminalIn(page, 'en');
  await keepStartPage(page, 'en');
  expect((await heldPages(page)).length).toBe(1);
  // What the staff panel's "clear caches" does to the device, then its restart (src/features/kiosk/kioskRuntime.ts).
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  });
  await page.goto('/?mode=kiosk&attract=1&lang=en');
  await expect(page.locator('html')).not.toHaveAttribute('data-kept-at');
  // Rendered by the server all the same: the terminal's first screen arrives with the HTML.
  await expect(touchToStart(page, 'en')).toBeVisible();
  expect(await heldPages(page)).toEqual([]);
});

/** When the start page held for `lang` was kept (its `data-kept-at`), or null. */
async function startPageKeptAt(page: Page, lang: Lang): Promise<string | null> {
  const start = (await heldPages(page)).find(({ cache, url }) => cache.startsWith(START_PAGE_PREFIX) && url === `/?attract=1&lang=${lang}&mode=kiosk`);
  return start ? (/data-kept-at="(\d+)"/.exec(start.html)?.[1] ?? null) : null;
}

for (const lang of LANGS) {
  test(`${lang}: the start page outlives a visitor's wipe, each restart refreshes it, and a restart offline still paints it`, async ({ page, context }) => {
    await terminalIn(page, lang);
    await keepStartPage(page, lang);
    const first = await startPageKeptAt(page, lang);
    expect(first).toMatch(/^\d+$/);

    // What the wipe has the service worker delete (src/features/kiosk/kioskRuntime.ts): the start page is no visitor's.
    const purged = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event: MessageEvent<{ purged: string[] }>) => resolve(event.data.purged);
          navigator.serviceWorker.controller!.postMessage({ type: 'PURGE_PERSONAL_CACHES' }, [channel.port2]);
        }),
    );
    expect(purged.filter((name) => name.startsWith(START_PAGE_PREFIX))).toEqual([]);
    expect(await startPageKeptAt(page, lang)).toBe(first);

    await test.step('the restart paints the kept copy without waiting on the network, then a fresh copy replaces it', async () => {
      await page.goto(`/?mode=kiosk&attract=1&lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('data-kept-at', first!);
      await expect(touchToStart(page, lang)).toBeVisible();
      await expect.poll(() => startPageKeptAt(page, lang)).not.toBe(first);
      expect(await startPageKeptAt(page, lang)).toMatch(/^\d+$/);
    });

    await test.step('offline, the restart still paints the start page rather than the bare shell', async () => {
      const kept = await startPageKeptAt(page, lang);
      await page.waitForSelector('html[data-ready="true"]');
      await context.setOffline(true);
      await page.goto(`/?mode=kiosk&attract=1&lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('data-kept-at', kept!);
      await expect(attractScreen(page, lang)).toBeVisible();
      await expect(touchToStart(page, lang)).toBeVisible();
      await context.setOffline(false);
    });
  });
}
