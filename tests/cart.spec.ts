import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, open, patchConfig, PHONE, resetServer, signIn } from './helpers';
import {
  cartBadge,
  cartLink,
  chooseDate,
  chooseSlot,
  continueButton,
  expectKioskTarget,
  fb,
  fill,
  filter,
  openBookingFromHome,
  toastWith,
  venueDay,
  type Lang,
} from './support/booking';
import { becomeKiosk, expectDocumentLanguage, putCartLinesWhenReady, waitForDeviceStorage, watchPageErrors } from './support/portal';
import { copy } from './support/shell';
import { ADDON, holdPitch, othersSeeHeld, pitchLine, RENTAL, SESSION, venueId } from './support/cart';

test.use({ serviceWorkers: 'block' });


test.beforeEach(async ({ page, request }) => {
  await resetServer(request);
  await page.addInitScript((session) => {
    if (!localStorage.getItem('session_id')) localStorage.setItem('session_id', session);
  }, SESSION);
});

const c = (lang: Lang, key: string, values: Record<string, string | number> = {}) => fill(copy(lang, `cart:${key}`), values);
const lineItem = (page: Page, name: string) => page.getByRole('main').getByRole('listitem', { name, exact: true });
const summary = (page: Page, lang: Lang) => page.getByRole('complementary', { name: c(lang, 'page.summary') });
const totalRow = (page: Page, lang: Lang, key: string) => summary(page, lang).locator('.cart-totals__row').filter({ has: page.getByText(c(lang, `totals.${key}`), { exact: true }) }).locator('dd');

async function openCart(page: Page, lang: Lang = 'en') {
  await open(page, `/cart?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:cart.title') })).toBeVisible();
}

test('[S1-9.18] [S1-9.19] [S1-9.20] [S1-9.22] [S0-2.66] the cart shows its lines with their add-ons and totals; the badge counts add-ons', async ({ page, request }) => {
  const errors = watchPageErrors(page);
  const date = venueDay(1);
  await page.setViewportSize(PHONE);
  await open(page, '/');
  await putCartLinesWhenReady(page, [pitchLine(await venueId(request), date)]);
  await openCart(page);
  const line = lineItem(page, RENTAL.en);
  await expect(line).toBeVisible();
  await expect(line.getByText('Main Stadium Pitch')).toBeVisible();
  await expect(line.getByText('10:00 AM – 11:00 AM')).toBeVisible();
  // (200 + 10) × 2.
  await expect(line.locator('.cart-line__main').first().getByText('AED 420', { exact: true })).toBeVisible();
  const addons = line.getByRole('region', { name: `${c('en', 'page.addons')}: ${RENTAL.en}` });
  await expect(addons.getByText(ADDON.en)).toBeVisible();
  await expect(addons.getByText('AED 10.5')).toBeVisible();
  await expect(totalRow(page, 'en', 'subtotal')).toHaveText('AED 430.5');
  await expect(totalRow(page, 'en', 'vat')).toHaveText('AED 20.5');
  await expect(totalRow(page, 'en', 'total')).toHaveText('AED 430.5');
  await expect(cartLink(page, 'en', 3)).toBeVisible();
  await expect(cartBadge(page)).toHaveText('3');
  await expectNoHorizontalOverflow(page);
  expect(errors).toEqual([]);
});

test('[S1-4.18] quantities change and lines leave; the cart survives a reload', async ({ page, request }) => {
  await open(page, '/');
  await putCartLinesWhenReady(page, [pitchLine(await venueId(request), venueDay(1))]);
  await openCart(page);
  await page.getByRole('button', { name: c('en', 'page.increase', { name: RENTAL.en }) }).click();
  await expect(cartBadge(page)).toHaveText('4');
  await page.getByRole('button', { name: c('en', 'page.increase', { name: ADDON.en }) }).click();
  await expect(cartBadge(page)).toHaveText('5');
  await expect(totalRow(page, 'en', 'total')).toHaveText('AED 651');

  await page.reload();
  await expect(lineItem(page, RENTAL.en)).toBeVisible();
  await expect(cartBadge(page)).toHaveText('5');
  await expect(totalRow(page, 'en', 'total')).toHaveText('AED 651');

  await page.getByRole('button', { name: c('en', 'page.removeItem', { name: ADDON.en }) }).click();
  await expect(page.getByRole('main').getByText(ADDON.en)).toHaveCount(0);
  await expect(cartBadge(page)).toHaveText('3');
  await page.getByRole('button', { name: c('en', 'page.removeItem', { name: RENTAL.en }) }).click();
  await expect(page.getByText(copy('en', 'pages:cart.empty'))).toBeVisible();
  await expect(cartLink(page, 'en', 0)).toBeVisible();
  await page.getByRole('link', { name: copy('en', 'pages:cart.continue') }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test("[S1-4.20] [S1-8.19] Clear Cart empties the cart: 'Cart Cleared Successfully'", async ({ page, request }) => {
  await open(page, '/');
  await putCartLinesWhenReady(page, [pitchLine(await venueId(request), venueDay(1))]);
  await openCart(page);
  await page.getByRole('button', { name: 'Clear Cart', exact: true }).click();
  await expect(toastWith(page, 'Cart Cleared Successfully')).toBeVisible();
  await expect(page.getByText(copy('en', 'pages:cart.empty'))).toBeVisible();
  await expect(cartLink(page, 'en', 0)).toBeVisible();
});

test('[S1-4.18] [S0-1.11] a booking made in the modal shows in the cart at once, without a reload', async ({ page }) => {
  const date = venueDay(1);
  await open(page, '/');
  await waitForDeviceStorage(page);
  const dialog = await openBookingFromHome(page);
  await chooseDate(dialog, 'en', date);
  await filter(dialog, 'en', 'filters.duration').selectOption('60');
  await chooseSlot(dialog, 'en', '10:00:00', '11:00:00');
  await continueButton(dialog, 'en').click();
  await expect(toastWith(page, fb('en', 'notices.addedToCart'))).toBeVisible();
  // The booking modal stores its lines itself; the cart follows the device and the badge counts from the cart.
  await expect(cartBadge(page)).toHaveText('2');
});

test('[S0-4.7] [S1-4.23] logout empties the cart and releases its holds', async ({ page, request }) => {
  await patchConfig(request, { allow_facility_items_reservation: 1 });
  await signIn(page, request, 'customer');
  const date = venueDay(1);
  await open(page, '/');
  const expires = await holdPitch(page, request, date);
  await putCartLinesWhenReady(page, [pitchLine(await venueId(request), date, { hold_expires_at: expires })]);
  await openCart(page);
  await expect(lineItem(page, RENTAL.en).getByRole('timer')).toHaveText(/Reserved for (10:00|9:\d\d)/);
  expect(await othersSeeHeld(request, date)).toBe(1);

  await page.getByRole('banner').getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(cartLink(page, 'en', 0)).toBeVisible();
  await expect.poll(() => othersSeeHeld(request, date), { message: 'the slot is free again for others' }).toBe(0);
  await page.goto('/cart');
  await expect(page.getByText(copy('en', 'pages:cart.empty'))).toBeVisible();
});

test('a lapsed hold drops its line with a clear message', async ({ page, request }) => {
  await patchConfig(request, { allow_facility_items_reservation: 1 });
  await page.clock.install();
  const date = venueDay(1);
  await open(page, '/');
  const expires = await holdPitch(page, request, date);
  await putCartLinesWhenReady(page, [pitchLine(await venueId(request), date, { hold_expires_at: expires })]);
  await openCart(page);
  await expect(lineItem(page, RENTAL.en).getByRole('timer')).toBeVisible();
  await page.clock.fastForward('10:05');
  await expect(toastWith(page, c('en', 'notices.holdExpired', { name: RENTAL.en }))).toBeVisible();
  await expect(lineItem(page, RENTAL.en)).toHaveCount(0);
  await expect(page.getByText(copy('en', 'pages:cart.empty'))).toBeVisible();
  await expect(cartLink(page, 'en', 0)).toBeVisible();
});

test("promo codes: a valid one discounts the lines, 'Promo not valid for selected tickets' otherwise, and it can be removed", async ({ page, request }) => {
  await open(page, '/');
  await putCartLinesWhenReady(page, [pitchLine(await venueId(request), venueDay(1))]);
  await openCart(page);
  const code = page.getByLabel('Promo code', { exact: true });
  await code.fill('SPLASH20');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(toastWith(page, 'Promo not valid for selected tickets')).toBeVisible();
  await expect(totalRow(page, 'en', 'discount')).toHaveCount(0);

  await code.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText(c('en', 'promo.applied', { code: 'WELCOME10' }))).toBeVisible();
  await expect(totalRow(page, 'en', 'discount')).toBeVisible();
  await expect(lineItem(page, RENTAL.en).getByText('Discount WELCOME10').first()).toBeVisible();
  const discounted = await totalRow(page, 'en', 'total').textContent();
  expect(discounted).not.toBe('AED 430.5');

  // The code stays with the cart across a reload.
  await page.reload();
  await expect(page.getByText(c('en', 'promo.applied', { code: 'WELCOME10' }))).toBeVisible();
  await expect(totalRow(page, 'en', 'total')).toHaveText(discounted!);

  await page.getByRole('button', { name: c('en', 'promo.remove') }).click();
  await expect(toastWith(page, c('en', 'notices.promoRemoved'))).toBeVisible();
  await expect(totalRow(page, 'en', 'total')).toHaveText('AED 430.5');
});

for (const layout of [
  { name: 'phone', viewport: PHONE, kiosk: false },
  { name: 'kiosk', viewport: KIOSK, kiosk: true },
] as const) {
  test(`the cart in Arabic, right to left, without sideways scrolling (${layout.name})`, async ({ page, request }) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize(layout.viewport);
    if (layout.kiosk) await becomeKiosk(page);
    else await open(page, '/');
    await putCartLinesWhenReady(page, [pitchLine(await venueId(request), venueDay(1)), pitchLine(await venueId(request), venueDay(2), { group: 'g2', addons: [] })]);
    await openCart(page, 'ar');
    await expectDocumentLanguage(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const lines = page.getByRole('main').getByRole('listitem', { name: RENTAL.ar, exact: true });
    await expect(lines).toHaveCount(2);
    await expect(lines.first().getByText(ADDON.ar)).toBeVisible();
    await expect(totalRow(page, 'ar', 'total')).toHaveText('AED 850.5');
    await expect(cartBadge(page)).toHaveText('5');
    await expectNoHorizontalOverflow(page);
    const more = page.getByRole('button', { name: c('ar', 'page.increase', { name: RENTAL.ar }) }).first();
    if (layout.kiosk) {
      await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
      await expectKioskTarget(more);
      await expectKioskTarget(page.getByRole('button', { name: c('ar', 'page.clearCart') }));
      // The total stays in view at the bottom of the screen.
      const box = await summary(page, 'ar').locator('.cart-totals').boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(layout.viewport.height);
      expect(box!.y).toBeGreaterThan(layout.viewport.height / 2);
    } else {
      const box = await more.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: process.env.CART_SHOTS ? `${process.env.CART_SHOTS}/cart-ar-${layout.name}.png` : test.info().outputPath(`cart-ar-${layout.name}.png`), fullPage: true });
    await more.click();
    await expect(cartBadge(page)).toHaveText('6');
    await page.getByRole('button', { name: c('ar', 'page.clearCart') }).click();
    await expect(toastWith(page, c('ar', 'notices.cleared'))).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('[S0-2.67] the badge counts from the cart and stops at 10', async ({ page, request }) => {
  await open(page, '/');
  const venue = await venueId(request);
  await putCartLinesWhenReady(page, [pitchLine(venue, venueDay(1), { quantity: 6 }), pitchLine(venue, venueDay(2), { group: 'g2', quantity: 6, addons: [] })]);
  await page.reload();
  await expect(cartLink(page, 'en', 13)).toBeVisible();
  await expect(cartBadge(page)).toHaveText('10');
});
