import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, KIOSK, open, resetServer, signIn } from './helpers';
import { field, loginButton } from './support/accounts';
import { copy } from './support/shell';
import { openPinPad, PIN, provisionedTerminal, staffPanel, submitPin } from './support/staff';

/**
 * Screen data lives in the router's cache (src/routes/loaders.ts). Whoever comes next, after a logout or a kiosk
 * visitor wipe, must see nothing of the one before: not by going Back, not through a page preloaded on intent.
 */

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const profileButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name: `${name}, account menu` });

test.describe('after a logout', () => {
  test.use({ viewport: DESKTOP, serviceWorkers: 'block' });

  test('[S0-4.7] the next customer sees nothing of the one before, through Back or a preloaded profile', async ({ page, request }) => {
    await signIn(page, request, 'customer');
    await open(page, '/?lang=en');
    // Layla points at My Profile: the router preloads its code and her profile.
    await profileButton(page, 'Layla Hassan').click();
    const preloaded = page.waitForResponse((response) => response.url().includes('/api/v1/customers/profile'));
    await page.getByRole('menuitem', { name: 'My Profile' }).hover();
    await preloaded;
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(main(page).getByText('Layla Hassan')).toBeVisible();

    await profileButton(page, 'Layla Hassan').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    // Back to her profile: the login page, nothing of hers.
    await page.goBack();
    await expect(h1(page)).toHaveText('Login');
    await expect(page.getByText('Layla Hassan')).toHaveCount(0);

    // Ahmed signs in on the same page, well within the time a loaded or preloaded page is kept, and lands on the
    // profile. His profile is held back a moment: until it comes, nothing of Layla's may stand in for it.
    let releaseProfile = () => {};
    const held = new Promise<void>((resolve) => (releaseProfile = resolve));
    await page.route('**/api/v1/customers/profile', async (route) => {
      await held;
      await route.continue();
    });
    await field(main(page), 'en', 'fields.mobile').fill('502345678');
    await field(main(page), 'en', 'fields.password').fill('Marina@2025');
    await loginButton(page, 'en').click();
    await page.waitForURL((url) => url.pathname === '/profile/user');
    await page.waitForTimeout(1500);
    await expect(page.getByText('Layla Hassan')).toHaveCount(0);
    await expect(page.getByText('layla.hassan@example.com')).toHaveCount(0);
    releaseProfile();
    await expect(main(page).getByText('Ahmed Al Farsi')).toBeVisible();
    await expect(page.getByText('Layla Hassan')).toHaveCount(0);
    await expect(page.getByText('layla.hassan@example.com')).toHaveCount(0);

    // And pointing at My Profile again brings his, not a copy kept from before (no page load: signIn's init
    // script would restore Layla's stored login).
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
    await profileButton(page, 'Ahmed Al Farsi').click();
    await page.getByRole('menuitem', { name: 'My Profile' }).hover();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(main(page).getByText('ahmed.alfarsi@example.com')).toBeVisible();
    await expect(page.getByText('Layla Hassan')).toHaveCount(0);
  });
});

test.describe('after a kiosk visitor wipe', () => {
  test.use({ viewport: KIOSK, serviceWorkers: 'block' });

  test('[S0-1.25] the next visitor sees nothing of the one before, through Back either, nor her bookings, tickets or wallet', async ({ page }) => {
    await page.clock.install();
    await provisionedTerminal(page, 'en');
    const response = await page.request.post('/api/v1/dev/token', { data: { customer: 'customer' } });
    const { data } = (await response.json()) as { data: { token: string; user: Record<string, unknown> } };
    await page.evaluate((stored) => localStorage.setItem('portal.session', stored), JSON.stringify({ user: { ...data.user, token: data.token }, lastUpdated: Date.now() }));
    await open(page, '/profile/user?lang=en');
    await expect(main(page).getByText('Layla Hassan')).toBeVisible();

    await submitPin(await openPinPad(page, 'en'), 'en', PIN);
    await staffPanel(page, 'en').getByRole('button', { name: copy('en', 'kiosk:panel.endSession'), exact: true }).click();
    const start = page.getByRole('button', { name: copy('en', 'kioskVisitor:attract.start'), exact: true });
    await expect(start).toBeVisible();
    // A new page: let its time flow again.
    await page.clock.resume();

    // The next visitor presses Back: no page shows her profile.
    await page.goBack();
    await expect(h1(page).or(start).first()).toBeVisible();
    await expect(page.getByText('Layla Hassan')).toHaveCount(0);
    await expect(page.getByText('layla.hassan@example.com')).toHaveCount(0);

    // Nor her bookings, tickets or wallet: each asks for a login and shows nothing of hers.
    for (const path of ['/profile/facility-bookings', '/profile/view-tickets/1', '/profile/user/wallet']) {
      await open(page, `${path}?lang=en`);
      await page.waitForURL((url) => url.pathname === '/login');
      await expect(page.getByText('ORD-7C1A90D2E4')).toHaveCount(0);
      await expect(page.getByText('Layla Hassan')).toHaveCount(0);
    }
  });
});
