import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, open, patchConfig, PHONE, resetServer } from './helpers';
import { expectDocumentLanguage, onHost } from './support/portal';

/** 1440 px wide: the search sits inline in the header (narrower screens open it as a dialog). */
test.use({ viewport: DESKTOP, serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const SEARCH_CALL = '/api/v1/search/global';
const headerSearch = (page: Page, name = 'Search') => page.getByRole('banner').getByRole('combobox', { name });

test('[S0-2.97] suggestions show the image, name and description of each match', async ({ page }) => {
  await open(page, '/');
  await headerSearch(page).fill('Football');
  const option = page.getByRole('option', { name: /Football Cup Final/ });
  await expect(option).toBeVisible();
  await expect(option.getByText('Football Cup Final', { exact: true })).toBeVisible();
  await expect(option.getByText("The season's two best teams meet under the floodlights of the main stadium for the Marina Cup.")).toBeVisible();
  const image = option.locator('img');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /events\/football-cup-final\.svg$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // 'Football' also matches the Youth Football Academy: results of every type are offered, grouped.
  await expect(page.getByRole('group', { name: 'Academies' }).getByRole('option', { name: /Youth Football Academy/ })).toBeVisible();
  await expect(headerSearch(page)).toHaveAttribute('aria-expanded', 'true');
});

test('[S0-2.98, S0-2.101] choosing an event opens its details and clears the search', async ({ page }) => {
  await open(page, '/');
  const search = headerSearch(page);
  await search.fill('Cup Fin');
  await page.getByRole('option', { name: /Football Cup Final/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Football Cup Final');
  await expect(page).toHaveURL(/\/events\/1\?lang=en$/);
  await expect(search).toHaveValue('');
  await expect(page.getByRole('banner').getByRole('option')).toHaveCount(0);
});

test('[S0-2.99, S0-2.101] choosing a trainer opens the trainer details', async ({ page }) => {
  await open(page, '/events');
  const search = headerSearch(page);
  await search.fill('Omar');
  await page.getByRole('group', { name: 'Trainers' }).getByRole('option', { name: /Coach Omar Haddad/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coach Omar Haddad');
  await expect(page).toHaveURL(/\/training\/2\?lang=en$/);
  await expect(search).toHaveValue('');
});

test('[S0-2.100, S0-2.101] choosing an academy opens the academy details, by keyboard too', async ({ page }) => {
  await open(page, '/');
  const search = headerSearch(page);
  // 'Tennis' finds a trainer (a tennis coach) and the Tennis Academy; the academy is the last suggestion.
  await search.fill('Tennis');
  await expect(page.getByRole('option', { name: /Tennis Academy/ })).toBeVisible();
  await search.press('ArrowUp');
  await expect(page.getByRole('option', { name: /Tennis Academy/ })).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tennis Academy');
  await expect(page).toHaveURL(/\/academy\/2\?lang=en$/);
  await expect(search).toHaveValue('');
});

test('[S0-2.97, S0-1.1] Arabic search text finds Arabic names, shown in Arabic', async ({ page }) => {
  await open(page, '/?lang=ar');
  await expectDocumentLanguage(page, 'ar');
  const search = headerSearch(page, 'بحث');
  await search.fill('سارة');
  const option = page.getByRole('option', { name: /المدربة سارة المنصوري/ });
  await expect(option).toBeVisible();
  await expect(option.getByText('سبّاحة سابقة في المنتخب الوطني تعلّم تقنيات السباحة للأطفال والكبار.')).toBeVisible();
  await option.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المدربة سارة المنصوري');
  await expect(page).toHaveURL(/\/training\/1\?lang=ar$/);
  await expect(search).toHaveValue('');
});

test('[S0-5.43, S0-9.17] typing quickly sends far fewer searches than keystrokes', async ({ page }) => {
  await open(page, '/');
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(SEARCH_CALL)) searches.push(new URL(request.url()).searchParams.get('search') ?? '');
  });
  const typed = 'Summer Music Night';
  await headerSearch(page).pressSequentially(typed, { delay: 40 });
  await expect(page.getByRole('option', { name: /Summer Music Night/ })).toBeVisible();
  expect(searches.length).toBeGreaterThanOrEqual(1);
  expect(searches.length).toBeLessThanOrEqual(3);
  expect(searches.length).toBeLessThan(typed.length / 4);
  expect(searches.at(-1)).toBe(typed);
});

test('[S0-7.34] a failing search shows no list and no error', async ({ page }) => {
  await page.route(`**${SEARCH_CALL}**`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: false, message: 'Search exploded' }) }),
  );
  await open(page, '/');
  const search = headerSearch(page);
  const failed = page.waitForResponse((response) => response.url().includes(SEARCH_CALL));
  await search.fill('Football');
  expect((await failed).status()).toBe(500);
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.getByText('Search exploded')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('');
  // Nothing at all, not a claim that nothing matched: the search did not run.
  await expect(page.getByText('No results')).toHaveCount(0);
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toHaveValue('Football');
});

test('[S0-2.63] the header has no search when enable_search is 0', async ({ page, request }) => {
  await open(page, '/');
  await expect(headerSearch(page)).toBeVisible();
  await patchConfig(request, { enable_search: 0 });
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open search' })).toHaveCount(0);
});

test('[S0-2.64, S0-4.15, S0-4.16, S0-4.17] the special brand journey hides the search on the brand host only', async ({ page }) => {
  await open(page, onHost('brand.localhost', '/?journey=VIPJOURNEY'));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('combobox')).toHaveCount(0);

  // Without journey the mode holds while the visitor moves on.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.getByRole('combobox')).toHaveCount(0);

  await open(page, onHost('brand.localhost', '/?journey=other'));
  await expect(headerSearch(page)).toBeVisible();

  // The same journey on another host changes nothing.
  await open(page, '/?journey=vipjourney');
  await expect(headerSearch(page)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('[S0-2.97, S0-2.98, S0-2.101] the search opens from a button as a full-width dialog', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    const search = dialog.getByRole('combobox', { name: 'Search' });
    await expect(search).toBeFocused();
    await search.fill('Fun Run');
    await dialog.getByRole('option', { name: /Family Fun Run/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Family Fun Run');
    await expect(page).toHaveURL(/\/events\/3\?lang=en$/);

    await page.getByRole('button', { name: 'Open search' }).click();
    await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('combobox', { name: 'Search' })).toHaveValue('');
  });
});
