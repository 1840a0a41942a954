import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, open, PHONE, resetServer } from './helpers';
import { createPage, expectDocumentLanguage } from './support/portal';

test.use({ viewport: DESKTOP, serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('built-in content pages', () => {
  test('[S0-2.37, S0-2.38, S0-2.39, S0-7.29] terms, privacy policy and contact us show the venue text', async ({ page }) => {
    await test.step('terms and conditions', async () => {
      await open(page, '/terms-and-conditions');
      await expect(h1(page)).toHaveText('Terms and Conditions');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: 'Cancellations and refunds' })).toBeVisible();
      await expect(main.getByText('Refunds go back to the original payment method and are credited within 7 business days.')).toBeVisible();
      await expect(main.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Liability' })).toBeVisible();
      await expect(main.getByRole('listitem').filter({ hasText: 'Smoking is not permitted anywhere in the park.' })).toBeVisible();
    });
    await test.step('privacy policy', async () => {
      await open(page, '/privacy-policy');
      await expect(h1(page)).toHaveText('Privacy Policy');
      await expect(page.getByRole('heading', { level: 2, name: 'Information we collect' })).toBeVisible();
      await expect(page.getByText('When you finish at a kiosk, or leave it idle, everything you entered is wiped from the terminal.')).toBeVisible();
    });
    await test.step('contact us', async () => {
      await open(page, '/contact-us');
      await expect(h1(page)).toHaveText('Contact Us');
      await expect(page.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeVisible();
      await expect(page.getByRole('link', { name: '+971 4 000 0000' })).toHaveAttribute('href', 'tel:+97140000000');
      await expect(page.getByRole('link', { name: 'hello@marinapark.example' })).toHaveAttribute('href', 'mailto:hello@marinapark.example');
    });
  });

  test('[S0-1.1, S0-1.2, S0-7.29] content pages are shown in Arabic with ?lang=ar', async ({ page }) => {
    await open(page, '/terms-and-conditions?lang=ar');
    await expectDocumentLanguage(page, 'ar');
    await expect(h1(page)).toHaveText('الشروط والأحكام');
    await expect(page.getByRole('heading', { level: 2, name: 'الإلغاء والاسترداد' })).toBeVisible();
    await expect(page.getByText('تُعاد المبالغ إلى وسيلة الدفع الأصلية خلال 7 أيام عمل.', { exact: false })).toBeVisible();
    await expect(page.getByText('Cancellations and refunds')).toHaveCount(0);

    await open(page, '/about-us?lang=ar');
    await expect(h1(page)).toHaveText('من نحن');
    await expect(page.getByRole('heading', { level: 2, name: 'قصتنا' })).toBeVisible();
  });

  test('[S0-1.1] switching the language on a content page swaps its text in place', async ({ page }) => {
    await open(page, '/privacy-policy');
    await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'العربية' }).click();
    await expect(h1(page)).toHaveText('سياسة الخصوصية');
    await expect(page.getByRole('heading', { level: 2, name: 'حقوقك' })).toBeVisible();
    await expectDocumentLanguage(page, 'ar');
  });
});

test.describe('anchor scrolling', () => {
  test.use({ viewport: PHONE });

  /** The target's top edge ends 110 px (±2) below the viewport's top, clear of the sticky header. */
  async function expectAnchoredAt110(page: Page, id: string) {
    const target = page.locator(`[id="${id}"]`);
    await expect(target).toBeVisible();
    await expect
      .poll(() => target.evaluate((element) => Math.round(element.getBoundingClientRect().top)), {
        message: `#${id} sits 110 px below the top of the viewport`,
      })
      .toBeGreaterThanOrEqual(108);
    await expect
      .poll(() => target.evaluate((element) => Math.round(element.getBoundingClientRect().top)), {
        message: `#${id} sits 110 px below the top of the viewport`,
      })
      .toBeLessThanOrEqual(112);
    expect(await page.evaluate(() => window.scrollY), 'the page did scroll').toBeGreaterThan(0);
  }

  test('[S0-2.51] opening a page at an anchor leaves the target 110 px below the top', async ({ page }) => {
    await open(page, '/terms-and-conditions#code-of-conduct');
    await expect(h1(page)).toHaveText('Terms and Conditions');
    await expectAnchoredAt110(page, 'code-of-conduct');
  });

  test('[S0-2.51] following an in-page link scrolls the section to 110 px below the top', async ({ page }) => {
    await open(page, '/terms-and-conditions');
    await expect(h1(page)).toHaveText('Terms and Conditions');
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Code of conduct' }).click();
    await expect(page).toHaveURL(/#code-of-conduct$/);
    await expectAnchoredAt110(page, 'code-of-conduct');
  });

  test('[S0-2.51] the Facilities menu entry scrolls the home page section to 110 px below the top', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Facilities' }).click();
    await expect(page).toHaveURL(/#facilities$/);
    await expectAnchoredAt110(page, 'facilities');
  });
});

test.describe('configured pages', () => {
  test('[S0-2.48, S0-2.49, S0-2.50] About Us opens from the header menu (Discover → About Us) through the page route', async ({ page }) => {
    await open(page, '/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Discover' }).click();
    const pageResponse = page.waitForResponse((response) => response.url().includes('/api/v1/pages/about-us'));
    await menu.getByRole('link', { name: 'About Us' }).click();
    expect((await pageResponse).status()).toBe(200);
    await expect(h1(page)).toHaveText('About Us');
    await expect(page).toHaveURL(/\/about-us\?lang=en$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Our story' })).toBeVisible();
  });

  test('[S0-2.50] built-in menu entries open their own screens, not a content page', async ({ page }) => {
    await open(page, '/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Discover' }).click();
    await menu.getByRole('link', { name: 'Blogs' }).click();
    await expect(h1(page)).toHaveText('Blogs');
    await expect(page).toHaveURL(/\/blogs\?lang=en$/);
  });

  test('[S0-2.48, S0-2.49, S0-7.29] /about-us opens the configured page directly', async ({ page }) => {
    await open(page, '/about-us');
    await expect(h1(page)).toHaveText('About Us');
    await expect(page.getByRole('listitem').filter({ hasText: 'The Marina Aquatic Centre with a 25 m pool' })).toBeVisible();
  });

  test('[S0-7.30, S0-2.113] an unpublished page (pages answers 409) and an unknown slug go to /404', async ({ page }) => {
    for (const { slug, status } of [
      { slug: 'summer-camp-2025', status: 409 },
      { slug: 'no-such-page', status: 404 },
    ]) {
      const pageResponse = page.waitForResponse((response) => response.url().includes(`/api/v1/pages/${slug}`));
      await open(page, `/${slug}`);
      expect((await pageResponse).status(), slug).toBe(status);
      await expect(h1(page), slug).toHaveText('Page not found');
      expect(new URL(page.url()).pathname, slug).toBe('/404');
      await expect(page.getByText('Details will be announced soon.'), slug).toHaveCount(0);
    }
  });

  test('[S0-2.49] a page the venue adds later opens at its slug', async ({ page, request }) => {
    await createPage(request, {
      slug: 'opening-times',
      title: 'Opening times',
      ar_title: 'مواعيد العمل',
      content: '<p>Open daily from 06:00.</p>',
      ar_content: '<p>مفتوح يوميًا من الساعة 06:00.</p>',
    });
    await open(page, '/opening-times');
    await expect(h1(page)).toHaveText('Opening times');
    await expect(page.getByText('Open daily from 06:00.')).toBeVisible();
    await open(page, '/opening-times?lang=ar');
    await expect(h1(page)).toHaveText('مواعيد العمل');
    await expect(page.getByText('مفتوح يوميًا من الساعة 06:00.')).toBeVisible();
  });
});

test.describe('venue HTML is sanitised', () => {
  test('[S0-2.48] scripts and event handlers in page content never run; safe markup stays', async ({ page, request }) => {
    await createPage(request, {
      slug: 'sanitise-check',
      title: 'Sanitise check',
      content: [
        '<img src="x" onerror="window.__pwned=1" alt="broken picture">',
        '<script>window.__pwned=2</script>',
        '<a href="javascript:window.__pwned=3">Sneaky link</a>',
        '<p id="kept">Kept</p>',
      ].join(''),
    });
    await open(page, '/sanitise-check');
    await expect(h1(page)).toHaveText('Sanitise check');
    await expect(page.locator('#kept')).toHaveText('Kept');
    await expect(page.getByText('Kept', { exact: true })).toBeVisible();
    const picture = page.getByRole('img', { name: 'broken picture' });
    // The broken picture has finished failing: an onerror handler, had it survived, would have run by now.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    await expect(picture).not.toHaveAttribute('onerror', /.*/);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await expect(page.locator('main script')).toHaveCount(0);
    await expect(page.getByText('Sneaky link')).toBeVisible();
    await expect(page.locator('main a[href^="javascript:" i]')).toHaveCount(0);
  });
});
