import { readdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANGS, open, resetServer } from './helpers';
import { blockingDialog, copy, DIST_ASSETS_DIR, pauseClock } from './support/shell';

const MINUTE_MS = 60_000;

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

/** A blocking dialog stays up whatever the visitor tries, and offers no way to close it. */
async function expectNotDismissible(page: Page, title: string, lang: 'en' | 'ar') {
  const dialog = blockingDialog(page, title);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: copy(lang, 'ui:close') })).toHaveCount(0);
  // Clicking outside it (the backdrop) does not close it either.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
}

test.describe('time discrepancy', () => {
  for (const lang of LANGS) {
    test(`[S0-2.112] [S0-7.35] [S0-8.7] [S0-8.8] [S0-8.9] [S0-9.19] a device clock 10 minutes ahead gets the blocking time dialog (${lang})`, async ({
      page,
    }) => {
      await page.clock.install({ time: Date.now() + 10 * MINUTE_MS });
      await open(page, `/?lang=${lang}`);
      const dialog = blockingDialog(page, copy(lang, 'timeDiscrepancy.title'));
      await expect(dialog).toBeVisible();
      if (lang === 'en') await expect(dialog.getByRole('heading')).toHaveText('Error: Time Discrepancy Detected');
      await expect(dialog).toContainText(copy(lang, 'timeDiscrepancy.message'));
      await expect(dialog).toContainText(copy(lang, 'timeDiscrepancy.permitted'));
      await expect(dialog).toContainText(copy(lang, 'timeDiscrepancy.action'));
      if (lang === 'en') await expect(dialog).toContainText('5 minutes');
      await expectNotDismissible(page, copy(lang, 'timeDiscrepancy.title'), lang);
    });
  }

  test('[S0-7.35] [S0-9.19] a device clock 4 minutes ahead is within the permitted difference', async ({ page }) => {
    await page.clock.install({ time: Date.now() + 4 * MINUTE_MS });
    const checked = page.waitForResponse('**/api/v1/verify-time');
    await open(page, '/');
    const answer = (await (await checked).json()) as { data: { userTime: string; systemTime: string } };
    const apart = Math.abs(Date.parse(answer.data.userTime.replace(' ', 'T')) - Date.parse(answer.data.systemTime.replace(' ', 'T')));
    expect(apart).toBeGreaterThan(3 * MINUTE_MS);
    expect(apart).toBeLessThan(5 * MINUTE_MS);
    // The portal stays usable: a visitor can move on to another page.
    await page.getByRole('main').getByRole('link', { name: new RegExp(copy('en', 'pages:sections.events')) }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:sections.events') })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('[S0-7.35] a device clock 10 minutes behind is blocked too', async ({ page }) => {
    await page.clock.install({ time: Date.now() - 10 * MINUTE_MS });
    await open(page, '/');
    await expect(blockingDialog(page, copy('en', 'timeDiscrepancy.title'))).toBeVisible();
  });
});

test.describe('new version', () => {
  /** Opens the portal with the real version.json, then makes the server answer another version. */
  async function openThenDeployNewVersion(page: Page, path: string) {
    await page.clock.install();
    const firstRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/version.json');
    await open(page, path);
    await pauseClock(page);
    expect((await firstRead).status()).toBe(200);
    await page.route('**/version.json*', (route) => route.fulfill({ json: { version: 'a-newer-build' } }));
  }

  for (const lang of LANGS) {
    test(`[S0-4.18] [S0-4.19] [S0-8.10] [S0-8.11] [S0-9.16] a different version read 60 s later shows the blocking update dialog (${lang})`, async ({
      page,
    }) => {
      await openThenDeployNewVersion(page, `/?lang=${lang}`);
      const dialog = blockingDialog(page, copy(lang, 'newVersion.title'));

      await page.clock.runFor(50_000);
      await expect(dialog).toHaveCount(0);
      const poll = page.waitForRequest('**/version.json*');
      await page.clock.runFor(10_000);
      await poll;

      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(copy(lang, 'newVersion.message'));
      await expect(dialog.getByRole('button', { name: copy(lang, 'newVersion.update') })).toBeVisible();
      if (lang === 'en') {
        await expect(dialog).toContainText('A new version of the website is available. Please update to continue.');
        await expect(dialog.getByRole('button', { name: 'Update Now' })).toBeVisible();
      }
      await expectNotDismissible(page, copy(lang, 'newVersion.title'), lang);
    });
  }

  test('[S0-8.12] Update Now reloads the page with v set to the current unix time', async ({ page }) => {
    await openThenDeployNewVersion(page, '/events');
    await page.clock.runFor(60_000);
    const dialog = blockingDialog(page, copy('en', 'newVersion.title'));
    await expect(dialog).toBeVisible();

    const pageNow = await page.evaluate(() => Date.now());
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Update Now' }).click();
    await reloaded;
    // A new page: let its time flow again (the renderer runs effects on a timer after the first paint).
    await page.clock.resume();
    await page.waitForSelector('html[data-ready="true"]');

    const url = new URL(page.url());
    expect(url.pathname).toBe('/events');
    const v = Number(url.searchParams.get('v'));
    expect(Number.isInteger(v)).toBe(true);
    expect(Math.abs(v - pageNow / 1000)).toBeLessThanOrEqual(5);
    // The reloaded page reads the new version as its first one: no dialog any more.
    await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:sections.events') })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('[S0-8.13] a failing version.json shows nothing and the portal keeps working', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.clock.install();
    await page.route('**/version.json*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await open(page, '/');
    const secondPoll = page.waitForRequest('**/version.json*');
    await page.clock.runFor(60_000);
    await secondPoll;
    await page.clock.runFor(60_000);

    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(warnings.some((text) => text.includes('version check failed'))).toBe(true);
    await page.getByRole('main').getByRole('link', { name: new RegExp(copy('en', 'pages:sections.events')) }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:sections.events') })).toBeVisible();
  });

  test('[S0-7.26] version.json is fetched with no-store and answered with Cache-Control no-store', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: { url: string; cache: string | undefined }[] = [];
      (window as unknown as { versionFetches: typeof seen }).versionFetches = seen;
      const original = window.fetch.bind(window);
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('version.json')) seen.push({ url, cache: init?.cache ?? (input instanceof Request ? input.cache : undefined) });
        return original(input, init);
      };
    });
    const versionResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/version.json');
    await open(page, '/');
    const response = await versionResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(((await response.json()) as { version: unknown }).version).toEqual(expect.any(String));
    // A no-store fetch also tells every cache on the way not to answer from a stored copy.
    const sent = await response.request().allHeaders();
    expect(sent['cache-control']).toBe('no-cache');
    expect(sent['pragma']).toBe('no-cache');
    const fetches = await page.evaluate(() => (window as unknown as { versionFetches: { url: string; cache: string }[] }).versionFetches);
    expect(fetches.length).toBeGreaterThan(0);
    expect(fetches.every((call) => call.cache === 'no-store')).toBe(true);
  });
});

test('[S0-8.14] a lazily loaded page whose chunk fails once reloads at the target path and renders', async ({ page }) => {
  const chunk = readdirSync(DIST_ASSETS_DIR).find((name) => /^CataloguePages-.*\.js$/.test(name));
  expect(chunk, 'the built CataloguePages chunk').toBeDefined();
  // The chunk cannot be had on the first page load (its preload and the import both fail), only after a reload.
  // Documents are counted by their own requests, which come before any of their scripts' (a page's `load` event
  // may come after its first imports).
  let requests = 0;
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  await page.route(`**/assets/${chunk}`, (route) => {
    requests += 1;
    return documents <= 1 ? route.abort('connectionreset') : route.continue();
  });

  await open(page, '/');
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('main').getByRole('link', { name: new RegExp(copy('en', 'pages:sections.events')) }).click();
  await reloaded;

  await expect(page).toHaveURL((url) => url.pathname === '/events');
  await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:sections.events') })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  expect(requests).toBeGreaterThanOrEqual(2);
});
