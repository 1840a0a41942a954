import { expect, test } from './fixtures';
import { open, resetServer } from './helpers';
import { readDeviceRow } from './support/deviceDatabase';
import { waitForDeviceStorage } from './support/portal';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

test('[S1-7.37] [S1-9.27] the remote config is fetched once after the first screen; its maintenance flag on changes nothing, and a second start within 12 h fetches nothing', async ({ page }) => {
  let fetches = 0;
  await page.route('**/api/v1/remote-config', (route) => {
    fetches += 1;
    return route.fulfill({ json: { status: true, data: { maintenance: true } } });
  });
  await open(page, '/events');
  await expect.poll(() => fetches, { timeout: 10_000 }).toBe(1);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  // A first visit keeps the fetch time with its other copies once it settles or is hidden (src/services/database.ts).
  await waitForDeviceStorage(page);
  await expect.poll(() => readDeviceRow(page, 'settings', 'remoteConfig')).toBeTruthy();

  await open(page, '/');
  await expect(page.getByRole('main')).toBeVisible();
  // Idle work has had its chance to run; the kept fetch time holds the second start back.
  await page.waitForTimeout(4000);
  expect(fetches).toBe(1);
});
