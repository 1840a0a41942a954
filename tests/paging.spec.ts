import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkScreen, KIOSK, LANGS, open, PHONE, resetServer } from './helpers';
import { copy } from './support/shell';

/**
 * Catalogue lists come 16 a page (spec 000 §9) through their route loader, the page in the address (`?page=`), with
 * links to the previous and next page. The demo venue has more than a page of events, offers and outlets.
 */

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const pages = (page: Page, lang: 'en' | 'ar') => page.getByRole('navigation', { name: copy(lang, 'ui:pagination.label') });
const cards = (page: Page) => page.getByRole('main').locator('.card-grid > li');
const where = (lang: 'en' | 'ar', current: number, total: number) =>
  copy(lang, 'ui:pagination.where').replace('{{page}}', String(current)).replace('{{total}}', String(total));

for (const lang of LANGS) {
  for (const [name, viewport] of [['phone', PHONE], ['kiosk', KIOSK]] as const) {
    test(`[S0-9.2] events page through 16 at a time, the page in the address (${name}, ${lang})`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const total = ((await (await request.get('/api/v1/events')).json()) as { data: { total: number } }).data.total;
      expect(total).toBeGreaterThan(16);
      const lastPage = Math.ceil(total / 16);

      await open(page, `/events?lang=${lang}`);
      await expect(cards(page)).toHaveCount(16);
      const nav = pages(page, lang);
      await expect(nav).toContainText(where(lang, 1, lastPage));
      await expect(nav.getByRole('link', { name: copy(lang, 'ui:pagination.previous') })).toHaveCount(0);
      const firstOnPageOne = await cards(page).first().textContent();

      await nav.getByRole('link', { name: copy(lang, 'ui:pagination.next') }).click();
      await expect(page).toHaveURL(/[?&]page=2\b/);
      await expect(nav).toContainText(where(lang, 2, lastPage));
      await expect(cards(page)).toHaveCount(lastPage === 2 ? total - 16 : 16);
      await expect(cards(page).first()).not.toHaveText(firstOnPageOne ?? '');
      await checkScreen(page, 'main', test.info().outputPath(`events-page-2-${name}-${lang}.png`));

      await nav.getByRole('link', { name: copy(lang, 'ui:pagination.previous') }).click();
      await expect(page).toHaveURL(/[?&]page=1\b/);
      await expect(cards(page).first()).toHaveText(firstOnPageOne ?? '');
    });
  }
}

test('[S0-9.2] a page that is not a number is the first page; a page past the end is empty, never an error', async ({ page }) => {
  await open(page, '/events?page=abc&lang=en');
  await expect(cards(page)).toHaveCount(16);
  await open(page, '/events?page=999&lang=en');
  await expect(page.getByRole('main').getByText(copy('en', 'pages:catalogue.empty'))).toBeVisible();
});

test('offers and outlets page too', async ({ page }) => {
  for (const path of ['/offers', '/outlets']) {
    await open(page, `${path}?lang=en`);
    await expect(cards(page)).toHaveCount(16);
    await pages(page, 'en').getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(cards(page).first()).toBeVisible();
  }
});
