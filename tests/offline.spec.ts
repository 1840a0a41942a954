import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { copy, DedicatedServer, hasStoredConfig, waitForServiceWorkerControl, workerPort } from './support/shell';
import { skipLeadForm } from './support/leads';
import { readDeviceRows } from './support/deviceDatabase';

/**
 * These tests stop the venue API for real, so they run against a server of their own (not the shared
 * one of playwright.config.ts). Restarting it is slow on a busy machine, hence the long time limit.
 */
// A port of its own next to the shared server's, so parallel runs of other builds do not meet.
const server = new DedicatedServer(workerPort(1200));
const VENUE = 'Marina Sports & Leisure Park';

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 900 } });
  await skipLeadForm(context);
  return { context, page: await context.newPage() };
}

async function expectPortalShown(page: Page) {
  await expect(page.getByRole('banner').getByRole('img', { name: VENUE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: VENUE })).toBeAttached();
  await expect(page.getByRole('main').getByRole('heading', { name: copy('en', 'pages:home.exploreTitle') })).toBeVisible();
}

test('[S0-7.27] [S0-1.24] offline tolerance: a terminal that has been online starts from its saved shell and venue config when the server is gone, and recovers', async ({
  browser,
}) => {
  await server.start();
  const { context, page } = await newVisitor(browser);
  try {
    await test.step('a first visit installs the app and saves the venue config', async () => {
      await page.goto('/');
      await page.waitForSelector('html[data-ready="true"]');
      await expectPortalShown(page);
      await waitForServiceWorkerControl(page);
      await expect.poll(() => hasStoredConfig(page), { timeout: 15_000 }).toBe(true);
    });

    await server.goAway(context);

    await test.step('the next start comes from the precached shell and the saved config', async () => {
      await page.reload();
      await page.waitForSelector('html[data-ready="true"]');
      await expectPortalShown(page);
      await expect(page.getByRole('heading', { name: copy('en', 'shell.unavailableTitle') })).toHaveCount(0);
    });

    const retry = page.getByRole('main').getByRole('button', { name: copy('en', 'shell.retry') });
    await test.step('a page that needs the server says so instead of breaking the portal', async () => {
      await page.getByRole('contentinfo').getByRole('link', { name: copy('en', 'shell:footer.terms') }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/terms-and-conditions');
      await expect(page.getByRole('heading', { level: 1, name: copy('en', 'routeError.title') })).toBeVisible();
      // Offline, the page says the network is the problem rather than a generic error.
      await expect(page.getByRole('alert').filter({ hasText: copy('en', 'errors:network') })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('img', { name: VENUE })).toBeVisible();
      await expect(retry).toBeVisible();
    });

    await server.comeBack(context);

    await test.step('trying again shows the page', async () => {
      await retry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    });
  } finally {
    await context.close();
  }
});

test("[S0-7.27] offline tolerance: a first start with the server down shows 'We can't reach the venue', and Try again works once it is back", async ({
  browser,
}) => {
  await server.start();
  const { context, page } = await newVisitor(browser);
  try {
    await test.step('the app is installed, but the venue config never arrived', async () => {
      await page.route('**/api/v1/config', (route) => route.abort('connectionrefused'));
      // The server could not read the config either, so it sent the plain shell, not a page rendered with it.
      await page.route(
        (url) => url.pathname === '/',
        async (route) => route.fulfill({ response: await page.request.get('/index.html') }),
      );
      await page.goto('/');
      await page.unroute((url) => url.pathname === '/');
      await page.waitForSelector('html[data-ready="true"]');
      await expect(page.getByRole('heading', { name: copy('en', 'shell.unavailableTitle') })).toBeVisible();
      await waitForServiceWorkerControl(page);
      expect(await hasStoredConfig(page)).toBe(false);
      await page.unroute('**/api/v1/config');
    });

    await server.goAway(context);

    const tryAgain = page.getByRole('button', { name: copy('en', 'shell.retry') });
    await test.step("the start shows 'We can't reach the venue' with Try again", async () => {
      await page.reload();
      await page.waitForSelector('html[data-ready="true"]');
      await expect(page.getByRole('heading', { level: 1, name: copy('en', 'shell.unavailableTitle') })).toBeVisible();
      await expect(page.getByText(copy('en', 'shell.unavailableMessage'))).toBeVisible();
      await expect(tryAgain).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);

      // Trying while still down keeps the same page.
      await tryAgain.click();
      await expect(page.getByRole('heading', { level: 1, name: copy('en', 'shell.unavailableTitle') })).toBeVisible();
    });

    await server.comeBack(context);

    await test.step('Try again starts the portal', async () => {
      await tryAgain.click();
      await expectPortalShown(page);
    });
  } finally {
    await context.close();
  }
});

for (const lang of ['en', 'ar'] as const) {
  test(`[S0-7.27] [S0-1.25] a kiosk terminal (1080x1920) starts offline at its attract screen, says it is offline, and shows the venue lists it kept with their age (${lang})`, async ({
    browser,
  }) => {
    await server.start();
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1080, height: 1920 } });
    await skipLeadForm(context);
    const page = await context.newPage();
    const eventsHeading = page.getByRole('heading', { level: 1, name: copy(lang, 'pages:sections.events') });
    const banner = page.getByRole('status').filter({ hasText: copy(lang, 'shell:offline.banner') });
    try {
      await test.step('online: the terminal is set up and a visitor looks at the events', async () => {
        await page.goto(`/?mode=kiosk&lang=${lang}`);
        await page.waitForSelector('html[data-ready="true"]');
        await waitForServiceWorkerControl(page);
        await expect.poll(() => hasStoredConfig(page), { timeout: 15_000 }).toBe(true);
        await page.goto(`/events?lang=${lang}`);
        await expect(eventsHeading).toBeVisible();
        await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
        await expect(banner).toHaveCount(0);
        // The device keeps the list after showing it; a terminal that lost the network sooner would have no copy.
        await expect.poll(async () => (await readDeviceRows<{ key: string }>(page, 'lookups')).some(({ key }) => key.includes('events')), { timeout: 15_000 }).toBe(true);
      });

      await server.goAway(context);

      await test.step('the terminal restarts without server or network: attract screen, then the kept events with their age', async () => {
        await page.goto(`/?mode=kiosk&attract=1&lang=${lang}`);
        await page.waitForSelector('html[data-ready="true"]');
        const start = page.getByRole('button', { name: copy(lang, 'kioskVisitor:attract.start'), exact: true });
        await expect(start).toBeVisible();
        await start.click();
        await expect(banner).toBeVisible();
        await page.goto(`/events?lang=${lang}`);
        await expect(eventsHeading).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: copy(lang, 'shell:offline.savedCopy').split('{{age}}')[0]!.trim() })).toBeVisible();
        await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      });

      await server.comeBack(context);

      await test.step('back online: the banner goes once the terminal reaches the venue again', async () => {
        await expect(banner).toHaveCount(0, { timeout: 15_000 });
      });
    } finally {
      await context.close();
    }
  });
}

test('[S0-1.25] a visitor wiped while the terminal is offline still has their login revoked, once the network returns', async ({ browser }) => {
  await server.start();
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1080, height: 1920 } });
  await skipLeadForm(context);
  const page = await context.newPage();
  try {
    await page.clock.install();
    await page.goto('/?mode=kiosk&lang=en');
    await page.waitForSelector('html[data-ready="true"]');
    await waitForServiceWorkerControl(page);
    await expect.poll(() => hasStoredConfig(page), { timeout: 15_000 }).toBe(true);
    const response = await context.request.post('/api/v1/dev/token', { data: { customer: 'customer' } });
    const { data: login } = (await response.json()) as { data: { token: string; user: Record<string, unknown> } };
    await page.evaluate((stored) => localStorage.setItem('portal.session', stored), JSON.stringify({ user: { ...login.user, token: login.token }, lastUpdated: Date.now() }));
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    await expect(page.getByRole('banner').getByRole('button', { name: /Layla/ })).toBeVisible();

    // The server in this file keeps no data across a restart, so the token is checked against this run only:
    // the network goes, not the server.
    await context.setOffline(true);
    const restarted = page.waitForURL((url) => url.searchParams.has('attract'));
    await page.clock.runFor(60_000 + 30_000);
    await restarted;
    await expect(page.getByRole('button', { name: copy('en', 'kioskVisitor:attract.start'), exact: true })).toBeVisible();
    expect((await context.request.get('/api/v1/customers/profile', { headers: { Authorization: `Bearer ${login.token}` } })).status()).toBe(200);

    await context.setOffline(false);
    await expect
      .poll(async () => (await context.request.get('/api/v1/customers/profile', { headers: { Authorization: `Bearer ${login.token}` } })).status(), { timeout: 20_000 })
      .toBe(401);
  } finally {
    await context.close();
  }
});
