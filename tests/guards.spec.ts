import { expect, test } from './fixtures';
import { DESKTOP, open, patchConfig, resetServer, signIn } from './helpers';
import { createPage, expectDocumentLanguage, headerNavWithout, VENUE } from './support/portal';

test.use({ viewport: DESKTOP, serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const notFoundHeading = { en: 'Page not found', ar: 'الصفحة غير موجودة' };

test.describe('login guard', () => {
  test('[S0-5.31, S0-6.8] an anonymous visitor of a page needing login goes to /login with the full path as nextUrl', async ({ page }) => {
    for (const path of ['/profile/user?tab=wallet&lang=en', '/customer-support/7?lang=en']) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Login');
      const url = new URL(page.url());
      expect(url.pathname, path).toBe('/login');
      expect(url.searchParams.get('nextUrl'), path).toBe(path);
    }
  });

  test('[S0-4.8] a signed-in customer who opens /login goes home', async ({ page, request }) => {
    await signIn(page, request, 'customer');
    await open(page, '/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(VENUE.en);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('[S0-4.8] a guest session may still open /login', async ({ page, request }) => {
    await signIn(page, request, 'guest');
    await open(page, '/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

const FEATURES = [
  { id: 'S0-5.32', path: '/events', heading: 'Events' },
  { id: 'S0-5.33', path: '/training', heading: 'Training' },
  { id: 'S0-5.34', path: '/academies', heading: 'Academies' },
  { id: 'S0-5.35', path: '/memberships', heading: 'Memberships' },
  { id: 'S0-5.36', path: '/blogs', heading: 'Blogs' },
  { id: 'S0-5.37', path: '/outlets', heading: 'Outlets' },
  { id: 'S0-5.38', path: '/retail', heading: 'Retail' },
  { id: 'S0-5.39', path: '/offers', heading: 'Offers' },
  { id: 'S0-5.40', path: '/media-library', heading: 'Media Library' },
] as const;

test.describe('feature guard', () => {
  // A test a feature: nine features, each opened twice, took most of one test's time on a busy CI machine.
  for (const feature of FEATURES) {
    test(`[${feature.id}, S0-6.9] ${feature.path} shows only while the header menu links it`, async ({ page, request }) => {
      // The demo venue's menu links every feature.
      await open(page, `${feature.path}?lang=en`);
      await expect(page.getByRole('heading', { level: 1 }), `${feature.path} while linked`).toHaveText(feature.heading);

      await patchConfig(request, { header_nav: await headerNavWithout(request, feature.path) });
      await open(page, `${feature.path}?lang=en`);
      await expect(page.getByRole('heading', { level: 1 }), `${feature.path} once unlinked`).toHaveText(notFoundHeading.en);
      expect(new URL(page.url()).pathname, `${feature.path} once unlinked`).toBe('/404');
    });
  }

  test('[S0-5.32, S0-5.34, S0-5.36, S0-5.37] detail pages of a feature left out of the menu are not found either', async ({ page, request }) => {
    await patchConfig(request, { header_nav: await headerNavWithout(request, '/events', '/academies', '/blogs', '/outlets') });
    for (const path of ['/events/1', '/academy/1', '/academy/1/packages', '/blog/some-post', '/outlets/1']) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(notFoundHeading.en);
      expect(new URL(page.url()).pathname, path).toBe('/404');
    }
  });

  test('[S0-6.9] a member is refused a feature the venue switched off, like anybody else', async ({ page, request }) => {
    await patchConfig(request, { header_nav: await headerNavWithout(request, '/training') });
    await signIn(page, request, 'member');
    await open(page, '/training');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundHeading.en);
    expect(new URL(page.url()).pathname).toBe('/404');
  });
});

test.describe('language in the address', () => {
  test('[S0-5.41] following a link without lang adds the current language to the address', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page).toHaveURL(/\/privacy-policy\?lang=en$/);

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Explore' }).click();
    await menu.getByRole('link', { name: 'Training' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Training');
    await expect(page).toHaveURL(/\/training\?lang=en$/);
  });

  test('[S0-5.41] a plain link in venue content (a full page load) gets the current language too', async ({ page, request }) => {
    await createPage(request, {
      slug: 'plain-links',
      title: 'Plain links',
      ar_title: 'روابط',
      content: '<p><a href="/events">See the events</a></p>',
      ar_content: '<p><a href="/events">شاهد الفعاليات</a></p>',
    });
    await open(page, '/plain-links?lang=ar');
    await page.getByRole('link', { name: 'شاهد الفعاليات' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الفعاليات');
    await expect(page).toHaveURL(/\/events\?lang=ar$/);
    await expectDocumentLanguage(page, 'ar');
  });

  test('[S0-5.42, S0-1.2] ?lang=ar turns the portal Arabic and right to left, and links keep lang=ar', async ({ page }) => {
    await open(page, '/?lang=ar');
    await expectDocumentLanguage(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(VENUE.ar);

    const menu = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await menu.getByRole('button', { name: 'استكشف' }).click();
    await menu.getByRole('link', { name: 'الفعاليات' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الفعاليات');
    await expect(page).toHaveURL(/\/events\?lang=ar$/);
    await expectDocumentLanguage(page, 'ar');

    await page.getByRole('link', { name: 'نهائي كأس كرة القدم' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('نهائي كأس كرة القدم');
    await expect(page).toHaveURL(/\/events\/1\?lang=ar$/);

    await page.getByRole('contentinfo').getByRole('link', { name: 'الشروط والأحكام' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الشروط والأحكام');
    await expect(page).toHaveURL(/\/terms-and-conditions\?lang=ar$/);
    await expectDocumentLanguage(page, 'ar');
  });

  test('[S0-5.42] ?lang=en switches an Arabic visitor back to English', async ({ page }) => {
    await open(page, '/events?lang=ar');
    await expectDocumentLanguage(page, 'ar');
    await open(page, '/events?lang=en');
    await expectDocumentLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
  });
});

test('[S0-2.113] an unknown path of several segments shows the not-found page', async ({ page }) => {
  await open(page, '/no/such/page/here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundHeading.en);
  await expect(page.getByText('The page you are looking for does not exist or is no longer available.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(VENUE.en);
});

test('[S0-2.113] the not-found page is Arabic for an Arabic visitor', async ({ page }) => {
  await open(page, '/no/such/page?lang=ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundHeading.ar);
  await expectDocumentLanguage(page, 'ar');
});
