import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { open, resetServer, signIn } from './helpers';
import { copy, readStoredSession, storeSession, UNKNOWN_TOKEN_USER } from './support/shell';

const HOUR_MS = 60 * 60 * 1000;

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

/** The toast a visitor sees at the bottom of the screen (an alert with its Dismiss button). */
function errorToast(page: Page) {
  return page.getByRole('alert').filter({ has: page.getByRole('button', { name: copy('en', 'ui:dismiss') }) });
}

async function expectOnLoginPage(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:account.login') })).toBeVisible();
}

/** Nobody is logged in: the header offers Login, and local storage holds no user. */
async function expectSignedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: copy('en', 'shell:login') })).toBeVisible();
  expect((await readStoredSession(page))?.user ?? null).toBeNull();
}

test('[S0-8.1] [S0-4.1] a stored login the server does not know ends with "Session expired" and the login page', async ({ page }) => {
  await storeSession(page, { user: { ...UNKNOWN_TOKEN_USER }, lastUpdated: Date.now() });
  const rejected = page.waitForResponse((response) => response.url().includes('/api/v1/') && response.status() === 401);
  await open(page, '/profile/user');
  expect((await rejected).request().headers()['authorization']).toBe('Bearer bogus');

  await expect(errorToast(page)).toContainText('Session expired, please login again');
  await expectOnLoginPage(page);
  await expectSignedOut(page);
});

test('[S0-8.1] the session-expired message is translated (ar)', async ({ page }) => {
  await storeSession(page, { user: { ...UNKNOWN_TOKEN_USER }, lastUpdated: Date.now() });
  await open(page, '/profile/user?lang=ar');
  await expect(page.getByRole('alert').filter({ has: page.getByRole('button', { name: copy('ar', 'ui:dismiss') }) })).toContainText(
    copy('ar', 'errors:sessionExpired'),
  );
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('[S0-4.1] [S0-4.5] a stored login with a valid token stays logged in and shows the profile', async ({ page, request }) => {
  const { user } = await signIn(page, request, 'customer');
  await open(page, '/profile/user');
  await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:profile.user') })).toBeVisible();
  await expect(page.getByRole('main').getByText(String(user.name), { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/profile/user');
  expect((await readStoredSession(page))?.user).toMatchObject({ name: user.name });

  // Still logged in after a reload: the login is kept in local storage.
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  await expect(page.getByRole('main').getByText(String(user.name), { exact: true })).toBeVisible();
});

test('[S0-4.4] [S0-9.1] a stored login last updated over 12 hours ago is cleared at start', async ({ page, request }) => {
  const { user, token } = await signIn(page, request, 'customer');
  // signIn stored a fresh login; this one, written later, is 13 hours old.
  await storeSession(page, { user: { ...user, token }, lastUpdated: Date.now() - 13 * HOUR_MS });
  await open(page, '/profile/user');
  await expectOnLoginPage(page);
  await expectSignedOut(page);
});

test('[S0-4.5] [S0-9.1] a stored login updated 11 hours ago is still logged in', async ({ page, request }) => {
  const { user, token } = await signIn(page, request, 'customer');
  await storeSession(page, { user: { ...user, token }, lastUpdated: Date.now() - 11 * HOUR_MS });
  await open(page, '/profile/user');
  await expect(page.getByRole('main').getByText(String(user.name), { exact: true })).toBeVisible();
});

test('[S0-4.3] a stored anonymous (guest) user is reset at start', async ({ page, request }) => {
  const { user, token } = await signIn(page, request, 'guest');
  expect(user.is_anonymous).toBe(true);
  await storeSession(page, { user: { ...user, token }, lastUpdated: Date.now() });
  await open(page, '/profile/user');
  await expectOnLoginPage(page);
  await expectSignedOut(page);
  expect(await readStoredSession(page)).toEqual({ user: null, lastUpdated: null });
});

test('[S0-4.2] a stored login without a last-updated time is reset at start', async ({ page, request }) => {
  const { user, token } = await signIn(page, request, 'customer');
  await storeSession(page, { user: { ...user, token } });
  await open(page, '/profile/user');
  await expectOnLoginPage(page);
  await expectSignedOut(page);
  expect(await readStoredSession(page)).toEqual({ user: null, lastUpdated: null });
});

test.describe('request headers', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('[S0-7.4] [S0-7.5] every call carries UserTime (YYYY-MM-DD HH:mm:ss) and the device time zone', async ({ page }) => {
    // The wall clock stands still, timers still run: the page's start waits for its first paint (src/app/boot.ts).
    await page.clock.setFixedTime(new Date('2026-03-14T09:26:53Z'));
    // The time check: the server-rendered page carries the config, so the client asks for it only later.
    const timeCheck = page.waitForRequest('**/api/v1/verify-time');
    await page.goto('/');
    const headers = await (await timeCheck).allHeaders();
    expect(headers['usertime']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The device's wall clock in its own zone (London is on GMT in March).
    expect(headers['usertime']).toBe('2026-03-14 09:26:53');
    expect(headers['usertimezone']).toBe('Europe/London');
    expect(headers['authorization']).toBeUndefined();
  });

  test('[S0-7.9] [S0-4.1] calls carry the bearer token of the stored login, from the very first config call', async ({ page, request }) => {
    const { token } = await signIn(page, request, 'customer');
    await page.clock.install();
    const firstConfig = page.waitForRequest('**/api/v1/config');
    const firstTimeCheck = page.waitForRequest('**/api/v1/verify-time');
    const profileRequest = page.waitForRequest('**/api/v1/customers/profile/details');
    await open(page, '/profile/user');
    expect((await profileRequest).headers()['authorization']).toBe(`Bearer ${token}`);

    // The 30 s config reload of a logged-in visitor carries the token...
    const reloadedConfig = page.waitForRequest('**/api/v1/config');
    await page.clock.runFor(30_000);
    expect((await (await reloadedConfig).allHeaders())['authorization']).toBe(`Bearer ${token}`);

    // ...and so must the first config and time-check calls, made while the stored login is already known.
    const config = await (await firstConfig).allHeaders();
    expect(config['usertimezone']).toBe('Europe/London');
    expect.soft(config['authorization'], 'the first GET config of a logged-in visitor').toBe(`Bearer ${token}`);
    expect.soft((await (await firstTimeCheck).allHeaders())['authorization'], 'the first GET verify-time of a logged-in visitor').toBe(
      `Bearer ${token}`,
    );
  });
});
