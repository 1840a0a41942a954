import { facilityAddonFixture, facilityLineFixture } from '../src/domain/cart/facilityLineFixture';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, open, patchConfig, PHONE, resetServer, signIn } from './helpers';
import { expectDocumentLanguage, headerNavWithout, onHost, pathAndQuery, putCartLinesWhenReady, VENUE } from './support/portal';

/** 1440 px wide: the full header bar (narrower screens move the menu into the drawer). */
test.use({ viewport: DESKTOP, serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const banner = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
const mainMenu = (page: Page) => banner(page).getByRole('navigation', { name: 'Main menu' });
const profileButton = (page: Page) => banner(page).getByRole('button', { name: 'Layla Hassan, account menu' });

async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test.describe('header', () => {
  test('[S0-2.62] the venue logo leads home', async ({ page }) => {
    await open(page, '/events');
    const logo = banner(page).getByRole('link', { name: VENUE.en });
    await expectImageLoaded(logo.getByRole('img', { name: VENUE.en }));
    await logo.click();
    await expect(h1(page)).toHaveText(VENUE.en);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('[S0-2.65, S0-2.95, S0-6.1] an anonymous visitor gets a login button carrying the current path as nextUrl', async ({ page }) => {
    await open(page, '/events/2?lang=en');
    await expect(h1(page)).toHaveText('Summer Music Night');
    const login = banner(page).getByRole('link', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(banner(page).getByRole('button', { name: /account menu/ })).toHaveCount(0);
    await login.click();
    await expect(h1(page)).toHaveText('Login');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('nextUrl')).toBe('/events/2?lang=en');
  });

  test('[S0-2.65, S0-2.85, S0-2.86, S0-2.88, S0-2.89, S0-2.90, S0-2.91, S0-2.92, S0-2.93, S0-2.94] a signed-in customer gets the profile menu with every enabled section', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'customer');
    await open(page, '/');
    await expect(banner(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await profileButton(page).click();
    const menu = page.getByRole('menu', { name: 'Layla Hassan' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'My Profile',
      'Facility Bookings',
      'Event Bookings',
      'Trainer Sessions',
      'Academy Bookings',
      'Membership Bookings',
      'Retail Orders',
      'Family Members',
      'Wallet',
      'Q-Points',
      'Saved Cards',
      'Logout',
    ]);
    await menu.getByRole('menuitem', { name: 'Q-Points' }).click();
    await expect(h1(page)).toHaveText('Q-Points');
    await expect(menu).toBeHidden();
    await profileButton(page).click();
    await menu.getByRole('menuitem', { name: 'Event Bookings' }).click();
    await expect(h1(page)).toHaveText('Event bookings');
  });

  test('[S0-2.86, S0-2.88, S0-2.89, S0-2.90, S0-2.91, S0-2.92] profile menu entries follow the header navigation', async ({
    page,
    request,
  }) => {
    await patchConfig(request, { header_nav: await headerNavWithout(request, '/events') });
    await signIn(page, request, 'customer');
    await open(page, '/');
    await profileButton(page).click();
    const menu = page.getByRole('menu', { name: 'Layla Hassan' });
    await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Event Bookings' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Trainer Sessions' })).toBeVisible();

    // Retail stays while either outlets or retail is on.
    await patchConfig(request, { header_nav: await headerNavWithout(request, '/#facilities', '/training', '/academies', '/memberships', '/outlets') });
    await open(page, '/');
    await profileButton(page).click();
    await expect(menu.getByRole('menuitem')).toHaveText(['My Profile', 'Retail Orders', 'Family Members', 'Wallet', 'Q-Points', 'Saved Cards', 'Logout']);

    await patchConfig(request, { header_nav: await headerNavWithout(request, '/retail') });
    await open(page, '/');
    await profileButton(page).click();
    await expect(menu.getByRole('menuitem')).toHaveText(['My Profile', 'Family Members', 'Wallet', 'Q-Points', 'Saved Cards', 'Logout']);
  });

  test('[S0-2.75, S0-2.87, S1-6.4, S0-1.26] in the is_baps variant a bookings icon leads to facility bookings, titled My Bookings', async ({ page, request }) => {
    await signIn(page, request, 'customer');
    await open(page, '/');
    await expect(banner(page).getByRole('link', { name: 'My Bookings', exact: true })).toHaveCount(0);

    await patchConfig(request, { is_baps: 1 });
    await open(page, '/');
    await profileButton(page).click();
    const menu = page.getByRole('menu', { name: 'Layla Hassan' });
    await expect(menu.getByRole('menuitem', { name: 'My Bookings', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Facility Bookings', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await banner(page).getByRole('link', { name: 'My Bookings', exact: true }).click();
    await expect(h1(page)).toHaveText('My Bookings');
    expect(new URL(page.url()).pathname).toBe('/profile/facility-bookings');
  });

  test('[S0-2.66, S0-2.67, S0-2.68] the cart badge is blank at zero, counts add-ons and stops at 10', async ({ page }) => {
    await open(page, '/');
    const cart = banner(page).getByRole('link', { name: 'Cart, empty' });
    await expect(cart).toBeVisible();
    await expect(cart).toHaveText('');

    await putCartLinesWhenReady(page, [facilityLineFixture({ quantity: 2, addons: [facilityAddonFixture({ quantity: 1 })] })]);
    await page.reload();
    const three = banner(page).getByRole('link', { name: 'Cart, 3 items' });
    await expect(three).toHaveText('3');

    await putCartLinesWhenReady(page, [
      facilityLineFixture({ quantity: 6, addons: [facilityAddonFixture({ quantity: 2 })] }),
      facilityLineFixture({ product_id: 2, quantity: 6, group: 'group-2' }),
    ]);
    await page.reload();
    const fourteen = banner(page).getByRole('link', { name: 'Cart, 14 items' });
    await expect(fourteen).toHaveText('10');
    await fourteen.click();
    await expect(h1(page)).toHaveText('Cart');
  });

  test('[S0-2.69, S0-1.2] the language toggle switches to Arabic, right to left', async ({ page }) => {
    await open(page, '/events');
    await banner(page).getByRole('button', { name: 'العربية' }).click();
    await expectDocumentLanguage(page, 'ar');
    await expect(h1(page)).toHaveText('الفعاليات');
    await expect(page).toHaveURL(/\/events\?lang=ar$/);
    await banner(page).getByRole('button', { name: 'English' }).click();
    await expectDocumentLanguage(page, 'en');
    await expect(h1(page)).toHaveText('Events');
  });

  test('[S0-2.69] there is no language toggle when enable_arabic is 0', async ({ page, request }) => {
    await patchConfig(request, { enable_arabic: 0 });
    await open(page, '/');
    await expect(banner(page).getByRole('link', { name: 'Join Now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'العربية' })).toHaveCount(0);
  });

  test('[S0-2.70] dropdown entries open their children, which navigate', async ({ page }) => {
    await open(page, '/');
    const explore = mainMenu(page).getByRole('button', { name: 'Explore' });
    await expect(explore).toHaveAttribute('aria-expanded', 'false');
    await expect(mainMenu(page).getByRole('link', { name: 'Academies' })).toBeHidden();
    await explore.click();
    await expect(explore).toHaveAttribute('aria-expanded', 'true');
    for (const child of ['Events', 'Academies', 'Training', 'Memberships']) {
      await expect(mainMenu(page).getByRole('link', { name: child })).toBeVisible();
    }
    await mainMenu(page).getByRole('link', { name: 'Academies' }).click();
    await expect(h1(page)).toHaveText('Academies');
    await expect(explore).toHaveAttribute('aria-expanded', 'false');

    const shop = mainMenu(page).getByRole('button', { name: 'Shop' });
    await shop.click();
    await expect(mainMenu(page).getByRole('link', { name: 'Offers' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await expect(mainMenu(page).getByRole('link', { name: 'Offers' })).toBeHidden();
  });

  test('[S0-2.71] the external Venue Map entry opens in a new tab', async ({ page, context }) => {
    await open(page, '/');
    const venueMap = mainMenu(page).getByRole('link', { name: /Venue Map/ });
    await expect(venueMap).toHaveAttribute('target', '_blank');
    await expect(venueMap).toHaveAttribute('href', 'https://maps.example.com/marina-park');
    await expect(venueMap).toHaveAttribute('rel', /noopener/);
    await expect(venueMap).toHaveAccessibleName(/opens in a new tab/);
    await context.route('https://maps.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Map</title>' }));
    const [popup] = await Promise.all([context.waitForEvent('page'), venueMap.click()]);
    await expect(popup).toHaveURL('https://maps.example.com/marina-park');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('[S0-2.72] join now goes to the configured join_now_link', async ({ page, request }) => {
    await open(page, '/');
    await banner(page).getByRole('link', { name: 'Join Now' }).click();
    await expect(h1(page)).toHaveText('Memberships');
    await expect(page).toHaveURL(/\/memberships\?lang=en$/);

    await patchConfig(request, { join_now_link: '/events', join_now_text: 'Get tickets' });
    await open(page, '/');
    await banner(page).getByRole('link', { name: 'Get tickets' }).click();
    await expect(h1(page)).toHaveText('Events');
  });

  test('[S0-4.7] logout from the profile menu ends the session and goes home', async ({ page, request }) => {
    await signIn(page, request, 'customer');
    await open(page, '/profile/user');
    await expect(h1(page)).toHaveText('My profile');
    // The home page's code still on its way, as on a slow phone: the router waits for it, and the profile page must
    // not stay behind (it once did, above the home page).
    await page.route('**/assets/HomeScreen-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await profileButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(h1(page)).toHaveText(VENUE.en);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: /account menu/ })).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.session') ?? 'null') as { user: unknown } | null);
    expect(stored?.user ?? null).toBeNull();
    // The profile is now out of reach.
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(h1(page)).toHaveText('Login');
  });

  test('[S0-4.7] logout empties the cart', async ({ page, request }) => {
    await signIn(page, request, 'customer');
    await open(page, '/');
    await putCartLinesWhenReady(page, [facilityLineFixture({ quantity: 2 })]);
    await page.reload();
    await expect(banner(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await profileButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'Cart, empty' }), 'the cart badge after logout').toBeVisible();
  });
});

test.describe('phone header', () => {
  test.use({ viewport: PHONE });

  test('[S0-2.73, S0-2.74] the drawer offers login to an anonymous visitor and no profile link', async ({ page }) => {
    await open(page, '/training');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    await expect(drawer.getByRole('link', { name: /My Profile/ })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Explore' }).click();
    await expect(drawer.getByRole('link', { name: 'Events' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Login' }).click();
    await expect(drawer).toBeHidden();
    await expect(h1(page)).toHaveText('Login');
    expect(new URL(page.url()).searchParams.get('nextUrl')).toBe('/training?lang=en');
  });

  test('[S0-2.73, S0-2.74, S0-4.7, S1-6.4, S1-6.5] signed in, the drawer has the profile link and logout', async ({ page, request }) => {
    await signIn(page, request, 'customer');
    await open(page, '/events');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await drawer.getByRole('link', { name: /My Profile.*Layla Hassan/ }).click();
    await expect(drawer).toBeHidden();
    await expect(h1(page)).toHaveText('My profile');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await expect(h1(page)).toHaveText(VENUE.en);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: /My Profile/ })).toHaveCount(0);
  });

  test('[S0-2.96] the profile name is cut to 10 characters on a phone', async ({ page, request }) => {
    await signIn(page, request, 'customer');
    await open(page, '/');
    const button = profileButton(page);
    await expect(button).toBeVisible();
    await expect(button.getByText('Layla Hass…', { exact: true })).toBeVisible();
    await expect(button.getByText('Layla Hassan', { exact: true })).toBeHidden();
    await expectNoOverflowInHeader(page);
  });
});

test('[S0-2.96] the full profile name shows on a wide screen', async ({ page, request }) => {
  await signIn(page, request, 'customer');
  await open(page, '/');
  await expect(profileButton(page).getByText('Layla Hassan', { exact: true })).toBeVisible();
  await expect(profileButton(page).getByText('Layla Hass…', { exact: true })).toBeHidden();
});

async function expectNoOverflowInHeader(page: Page) {
  const overflow = await banner(page).evaluate((header) => header.scrollWidth - header.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe('footer', () => {
  test('[S0-2.78, S0-2.80, S0-2.81, S0-2.82, S0-2.83, S0-2.84, S0-2.40, S0-2.45] the footer shows cover, social icons, legal links, payment methods and powered-by', async ({
    page,
  }) => {
    await open(page, '/');
    const foot = footer(page);
    await expectImageLoaded(foot.locator('img[src$="footer/cover.svg"]'));

    await expect(foot.getByText('Follow us')).toBeVisible();
    for (const platform of ['Instagram', 'Facebook', 'YouTube', 'TikTok']) {
      const link = foot.getByRole('link', { name: new RegExp(`^${platform}`) });
      await expect(link, platform).toBeVisible();
      await expect(link, platform).toHaveAttribute('target', '_blank');
    }
    await expect(foot.getByRole('link', { name: /^Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/marinapark');
    // twitter is the bare https://twitter.com/ and snapchat is not configured.
    await expect(foot.getByRole('link', { name: /^Twitter/ })).toHaveCount(0);
    await expect(foot.getByRole('link', { name: /^Snapchat/ })).toHaveCount(0);

    const legal = foot.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link')).toHaveText(['Terms and Conditions', 'Privacy Policy', 'Contact Us', 'Customer Support']);

    await expectImageLoaded(foot.getByRole('img', { name: 'Accepted payment methods' }));
    const poweredBy = foot.getByRole('link', { name: /Powered by Qube/ });
    await expect(poweredBy).toHaveAttribute('href', 'https://www.example.com/qube');
    await expect(poweredBy).toHaveAttribute('target', '_blank');
    await expect(foot.getByRole('region', { name: 'Our partners' })).toHaveCount(0);

    await legal.getByRole('link', { name: 'Contact Us' }).click();
    await expect(h1(page)).toHaveText('Contact Us');
  });

  test('[S0-2.78, S0-2.80, S0-2.81] social icons and cover follow the configuration', async ({ page, request }) => {
    await patchConfig(request, {
      footer: {
        cover_image: null,
        social: {
          instagram: 'https://instagram.com/',
          twitter: 'https://twitter.com/marinapark',
          facebook: 'https://www.facebook.com/',
          youtube: null,
          tiktok: '',
          snapchat: 'https://www.snapchat.com/add/marinapark',
        },
      },
    });
    await open(page, '/');
    const foot = footer(page);
    await expect(foot.getByRole('link', { name: /^Twitter/ })).toHaveAttribute('href', 'https://twitter.com/marinapark');
    await expect(foot.getByRole('link', { name: /^Snapchat/ })).toBeVisible();
    for (const hidden of ['Instagram', 'Facebook', 'YouTube', 'TikTok']) {
      await expect(foot.getByRole('link', { name: new RegExp(`^${hidden}`) }), hidden).toHaveCount(0);
    }
    await expect(foot.locator('img[src$="footer/cover.svg"]')).toHaveCount(0);
  });

  test('[S0-2.40, S0-2.45] contact-us and support links only when enable_footer_contact_us and allow_support are 1', async ({ page, request }) => {
    await patchConfig(request, { enable_footer_contact_us: 0, allow_support: 0 });
    await open(page, '/');
    const legal = footer(page).getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link')).toHaveText(['Terms and Conditions', 'Privacy Policy']);

    await patchConfig(request, { allow_support: 1 });
    await open(page, '/');
    await expect(legal.getByRole('link')).toHaveText(['Terms and Conditions', 'Privacy Policy', 'Customer Support']);
  });

  test('[S0-2.79] partner logos appear only on the event-venue host', async ({ page }) => {
    await open(page, onHost('events.localhost', '/'));
    const partners = footer(page).getByRole('region', { name: 'Our partners' });
    await expect(partners).toBeVisible();
    for (const name of ['Gulf Sports Council', 'Lagoon Events', 'Desert Runners Club']) {
      await expectImageLoaded(partners.getByRole('img', { name }));
    }
    await expect(partners.getByRole('link', { name: /Gulf Sports Council/ })).toHaveAttribute('target', '_blank');
    await expect(partners.getByRole('link', { name: /Desert Runners Club/ })).toHaveCount(0);

    await open(page, onHost('brand.localhost', '/'));
    await expect(footer(page).getByText('Follow us')).toBeVisible();
    await expect(footer(page).getByRole('region', { name: 'Our partners' })).toHaveCount(0);
  });
});

test.describe('copy link and toasts', () => {
  async function toastBox(toast: Locator) {
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    return box;
  }

  test('[S0-8.18, S0-8.5, S0-8.3, S0-8.4, S0-8.15, S0-8.17] copying a link shows a success toast bottom right; a later failure replaces it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/events/1');
    await expect(h1(page)).toHaveText('Football Cup Final');
    await page.getByRole('button', { name: 'Copy link' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Link copied for sharing!' });
    const box = await toastBox(success);
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 40);
    expect(box.x).toBeGreaterThan(DESKTOP.width / 2);
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 40);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Copy link' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Unable to copy link to clipboard' });
    const failureBox = await toastBox(failure);
    expect(failureBox.x + failureBox.width).toBeGreaterThan(DESKTOP.width - 40);
    expect(failureBox.y + failureBox.height).toBeGreaterThan(DESKTOP.height - 40);
    await expect(page.getByText('Link copied for sharing!')).toHaveCount(0);
    await expect.poll(() => alerts).toEqual([`alert: Please copy this address by hand: ${page.url()}`]);
  });

  test('[S0-8.16, S0-8.17, S0-8.3] without the Clipboard API the visitor is told and asked to copy by hand', async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { clipboard?: unknown }).clipboard;
    });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await open(page, '/terms-and-conditions');
    await page.getByRole('button', { name: 'Copy link' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Clipboard API not available in this browser' });
    const box = await toastBox(failure);
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 40);
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 40);
    await expect.poll(() => alerts).toEqual([`alert: Please copy this address by hand: ${page.url()}`]);
  });

  test('[S0-8.15, S0-8.17] a refused clipboard write shows the copy failure', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        configurable: true,
        get: () => ({ writeText: () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')) }),
      });
    });
    let alerted = '';
    page.on('dialog', (dialog) => {
      alerted = dialog.message();
      void dialog.accept();
    });
    await open(page, '/training/1');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Unable to copy link to clipboard' })).toBeVisible();
    await expect.poll(() => alerted).toContain('Please copy this address by hand:');
  });

  test('[S0-8.3, S0-8.5, S0-1.2] in Arabic toasts appear bottom left', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/events/1?lang=ar');
    await expectDocumentLanguage(page, 'ar');
    await page.getByRole('button', { name: 'نسخ الرابط' }).click();
    const success = page.getByRole('status').filter({ hasText: 'تم نسخ الرابط للمشاركة!' });
    const box = await toastBox(success);
    expect(box.x).toBeLessThan(40);
    expect(box.x + box.width).toBeLessThan(DESKTOP.width / 2);
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 40);
    expect(pathAndQuery(page)).toBe('/events/1?lang=ar');
  });
});
