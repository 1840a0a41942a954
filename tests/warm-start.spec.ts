import { type Page, type Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { KIOSK, open, patchConfig, PHONE, resetServer } from './helpers';
import { copy, readDeviceRow, waitForServiceWorkerControl } from './support/shell';

/**
 * The warm start (src/services/warmStart.ts): with the service worker in control, a reload shows the page from the
 * device's copies of the config and the venue data while the network is still asked, and follows its answer.
 */

const CASES = [
  { lang: 'en', layout: 'phone', viewport: PHONE },
  { lang: 'ar', layout: 'kiosk', viewport: KIOSK },
] as const;

const EVENT = '/events/1';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/warm';
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

/** A first visit, rendered by the server, that leaves the service worker in control and the device with its copies. */
async function visitOnce(page: Page, lang: 'en' | 'ar') {
  await open(page, `${EVENT}?lang=${lang}`);
  await waitForServiceWorkerControl(page);
  await page.waitForSelector('html[data-ready="true"]');
  await expect.poll(() => readDeviceRow(page, 'config', 'site').then(Boolean), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => readDeviceRow(page, 'lookups', 'venue:events:1').then(Boolean), { timeout: 15_000 }).toBe(true);
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
      await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('img', { name: venueName! })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
      await expect.poll(() => config.waiting + event.waiting).toBe(2);
      expect(config.answered + event.answered).toBe(0);
      await expect(page.getByText(copy(lang, 'shell:offline.banner'))).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/warm-start-event-${lang}-${layout}.png`, fullPage: false });
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

test('offline, any page opens from the cache and shows the venue data kept on the device', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  const eventName = await visitOnce(page, 'en');
  await open(page, '/events?lang=en');
  await context.setOffline(true);
  try {
    await page.goto(`${EVENT}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
    await expect(page.getByText(copy('en', 'shell:offline.banner'))).toBeVisible();
    await page.goto('/events?lang=en');
    await expect(page.getByRole('link', { name: eventName }).first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
