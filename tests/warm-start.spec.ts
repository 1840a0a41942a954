import { type Page, type Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkScreen, KIOSK, open, patchConfig, PHONE, resetServer, signIn } from './helpers';
import { readDeviceRow } from './support/deviceDatabase';
import { copy, waitForServiceWorkerControl } from './support/shell';

/**
 * The warm start (src/services/warmStart.ts): with the service worker in control, a reload shows the page from the
 * device's copies of the config and the venue data while the network is still asked, and follows its answer. A public
 * page the server rendered is kept by the service worker (src/sw.ts, src/domain/keptPages.ts) and answers the next
 * navigation to it as HTML, painted before any of the app's code has run.
 */

const CASES = [
  { lang: 'en', layout: 'phone', viewport: PHONE },
  { lang: 'ar', layout: 'kiosk', viewport: KIOSK },
] as const;

const EVENT = '/events/1';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/warm';
const KEPT_PAGES_PREFIX = 'kept-pages-';
// From server/seed/demo.ts: the title the demo venue gives its maintenance page.
const MAINTENANCE_TITLE = { en: 'We are improving your experience', ar: 'نعمل على تحسين تجربتك' } as const;
const RENAMED = ' (moved to the main pitch)';

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

/** Requests of one kind held until `release`, each answered by the server (changed by `edit`) only then. */
function holdRequests(page: Page, pattern: RegExp, edit: (body: Record<string, unknown>) => void = () => {}) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = { waiting: 0, answered: 0, release };
  void page.route(pattern, async (route: Route) => {
    held.waiting += 1;
    await released;
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    edit(body);
    await route.fulfill({ response, json: body });
    held.waiting -= 1;
    held.answered += 1;
  });
  return held;
}

function rename(record: unknown) {
  const named = record as { name: string; ar_name?: string | null };
  named.name += RENAMED;
  if (named.ar_name) named.ar_name += RENAMED;
}

/** The addresses of the pages the service worker keeps, with the name of the cache they are in. */
function keptPages(page: Page): Promise<{ cache: string; url: string }[]> {
  return page.evaluate(async (prefix) => {
    const kept: { cache: string; url: string }[] = [];
    for (const name of (await caches.keys()).filter((cacheName) => cacheName.startsWith(prefix))) {
      for (const request of await (await caches.open(name)).keys()) kept.push({ cache: name, url: new URL(request.url).pathname + new URL(request.url).search });
    }
    return kept;
  }, KEPT_PAGES_PREFIX);
}

const keptUrls = async (page: Page) => (await keptPages(page)).map((kept) => kept.url);

/** Waits until the service worker has kept `address` (the app asks for it once its first screen is up). */
async function waitUntilKept(page: Page, address: string) {
  await expect.poll(() => keptUrls(page), { timeout: 15_000 }).toContain(address);
}

/** A first visit, rendered by the server, that leaves the service worker in control and the device with its copies. */
async function visitOnce(page: Page, lang: 'en' | 'ar') {
  await open(page, `${EVENT}?lang=${lang}`);
  await waitForServiceWorkerControl(page);
  await page.waitForSelector('html[data-ready="true"]');
  await expect.poll(() => readDeviceRow(page, 'config', 'site').then(Boolean), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => readDeviceRow(page, 'lookups', 'venue:events:1').then(Boolean), { timeout: 15_000 }).toBe(true);
  await waitUntilKept(page, `${EVENT}?lang=${lang}`);
  return (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
}

for (const { lang, layout, viewport } of CASES) {
  test(`a warm start shows the event from the device before the network answers, then the network's changes (${lang}, ${layout})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const eventName = await visitOnce(page, lang);
    const venueName = await page.getByRole('banner').getByRole('img').first().getAttribute('alt');

    const config = holdRequests(page, /\/api\/v1\/config(\?|$)/, (body) => rename((body.data as { venue: unknown }).venue));
    const event = holdRequests(page, /\/api\/v1\/events\/1(\?|$)/, (body) => rename(body.data));
    await page.reload();

    await test.step('the page, in its language, from the device while the network is held', async () => {
      await expect(page.locator('html')).toHaveAttribute('data-kept-at', /^\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('img', { name: venueName! })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
      await expect.poll(() => config.waiting + event.waiting).toBe(2);
      expect(config.answered + event.answered).toBe(0);
      await expect(page.getByText(copy(lang, 'shell:offline.banner'))).toHaveCount(0);
      await checkScreen(page, 'main', `${SHOTS}/warm-start-event-${lang}-${layout}.png`);
    });

    await test.step("the network's answers replace the device's copies on screen", async () => {
      config.release();
      event.release();
      await expect(page.getByRole('heading', { level: 1, name: `${eventName}${RENAMED}` })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('img', { name: `${venueName}${RENAMED}` })).toBeVisible();
      // Asked once each: the screen took the answer it had waited for instead of asking again.
      expect(config.answered).toBe(1);
      expect(event.answered).toBe(1);
    });
  });

  test(`a kept page paints its heading before any of the app's code has run; a page never kept gets the empty shell (${lang}, ${layout})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const eventName = await visitOnce(page, lang);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    try {
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-kept-at', /^\d+$/);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/kept-page-without-scripts-${lang}-${layout}.png` });

      await page.goto(`/memberships?lang=${lang}`);
      await expect(page.locator('html')).not.toHaveAttribute('data-kept-at');
      await expect(page.locator('#root')).toBeEmpty();
    } finally {
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    }
  });

  test(`[S0-4.13] maintenance switched on since the device's copy was kept shows once the network says so (${lang}, ${layout})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const eventName = await visitOnce(page, lang);
    await patchConfig(request, { maintenance: { enabled: true } });
    const config = holdRequests(page, /\/api\/v1\/config(\?|$)/);
    await page.reload();

    await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
    await expect.poll(() => config.waiting).toBe(1);
    config.release();
    await expect(page.getByRole('heading', { level: 1, name: eventName })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: MAINTENANCE_TITLE[lang] })).toBeVisible();
  });
}

test('offline, a kept page opens as kept, any other from the shell, each showing the venue data kept on the device', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  const eventName = await visitOnce(page, 'en');
  await open(page, '/events?lang=en&page=1');
  await context.setOffline(true);
  try {
    await page.goto(`${EVENT}?lang=en`);
    await expect(page.locator('html')).toHaveAttribute('data-kept-at', /^\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
    await expect(page.getByText(copy('en', 'shell:offline.banner'))).toBeVisible();
    // Opened just before going offline: not kept yet when the network went, so the shell answers.
    await page.goto('/events?lang=en');
    await expect(page.locator('html')).not.toHaveAttribute('data-kept-at');
    await expect(page.getByRole('link', { name: eventName }).first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test("a new version's service worker drops the pages an older one kept", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const older = `${KEPT_PAGES_PREFIX}older-build`;
  // An older build's kept page, there before this build's service worker is installed (its name is that build's).
  await page.addInitScript(
    ({ name, address }) => {
      if (navigator.serviceWorker?.controller) return;
      void caches
        .open(name)
        .then((cache) => cache.put(address, new Response('<html data-kept-at="1"><h1>Older build</h1></html>', { headers: { 'content-type': 'text/html' } })))
        .then(() => localStorage.setItem('test.olderBuildKept', String(Date.now())));
    },
    { name: older, address: `${EVENT}?lang=en` },
  );
  await visitOnce(page, 'en');
  // The older build's page was really there, so its absence below is the new worker's doing.
  expect(await page.evaluate(() => localStorage.getItem('test.olderBuildKept'))).not.toBeNull();
  expect(await page.evaluate(() => caches.keys())).not.toContain(older);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Older build' })).toHaveCount(0);
  expect((await keptPages(page)).map((kept) => kept.cache)).not.toContain(older);
});

test('a signed-in visitor gets no kept page: the pages kept before are forgotten and none is kept until they leave', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await visitOnce(page, 'en');
  await signIn(page, request);
  await open(page, '/profile?lang=en');
  await expect.poll(() => keptUrls(page)).toEqual([]);

  await page.goto(`${EVENT}?lang=en`);
  await expect(page.locator('html')).not.toHaveAttribute('data-kept-at');
  await page.waitForSelector('html[data-ready="true"]');
  await open(page, '/events?lang=en');
  await page.waitForTimeout(1000);
  expect(await keptUrls(page)).toEqual([]);
});

test('a kiosk terminal keeps no page, and forgets the ones kept before it became one (ar, kiosk)', async ({ page }) => {
  await page.setViewportSize(KIOSK);
  await visitOnce(page, 'ar');
  await open(page, `/events?lang=ar&mode=kiosk`);
  await expect.poll(() => keptUrls(page)).toEqual([]);
  // The terminal's setting is kept on the device: an address without the mode is a kiosk's too.
  await page.goto(`${EVENT}?lang=ar`);
  await expect(page.locator('html')).not.toHaveAttribute('data-kept-at');
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForTimeout(1000);
  expect(await keptUrls(page)).toEqual([]);
});
