import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, LANGS, open, PHONE, signIn } from './helpers';
import { expectKioskTarget, shownTime, toastWith, venueDay, type Lang, textsOf } from './support/booking';
import { payByCard } from './support/checkout';
import { becomeKiosk, expectDocumentLanguage, watchPageErrors, storedLinesOf, freshVenueWithCartSession } from './support/portal';

/**
 * Trainer sessions from /training/{id} and workshop places from /academy/{id} into the cart, against the real venue
 * API: the prices orders charge, the workshop price from POST workshops/check, and the cart's duplicate rules —
 * English and Arabic on a phone, and once on the kiosk.
 */

test.use({ serviceWorkers: 'block' });

const SESSION = 'purchases-more-e2e-session';

freshVenueWithCartSession(SESSION);

const cat = textsOf('catalogue');
const c = textsOf('cart');

/** Demo trainer and academy (server/seed/demo.ts), seeded in this order: prices before 5% VAT. */
const OMAR = { id: 2, name: { en: 'Coach Omar Haddad', ar: 'المدرب عمر حداد' }, total: 'AED 315' } as const;
const TENNIS = { id: 2, name: { en: 'Tennis Academy', ar: 'أكاديمية التنس' }, total: 'AED 1,575', firstDay: 14 } as const;

async function openAs(page: Page, path: string, lang: Lang, kiosk: boolean) {
  if (kiosk) {
    await page.setViewportSize(KIOSK);
    await becomeKiosk(page);
  } else {
    await page.setViewportSize(PHONE);
  }
  await open(page, `${path}?lang=${lang}`);
  await expectDocumentLanguage(page, lang);
}

const block = (page: Page, lang: Lang, titleKey: string) => page.getByRole('region', { name: cat(lang, titleKey), exact: true });
const lineItem = (page: Page, name: string) => page.getByRole('main').getByRole('listitem', { name, exact: true });
const cartLines = (page: Page) => page.getByRole('main').getByRole('listitem').filter({ has: page.locator('.cart-line__name') });
const confirmation = (page: Page, lang: Lang) => page.getByRole('dialog', { name: cat(lang, 'confirmation.title'), exact: true });

/** On /training/2: tomorrow at 09:00, Add to cart. */
async function addOmarSession(page: Page, lang: Lang) {
  const purchase = block(page, lang, 'trainer.title');
  await expect(purchase).toBeVisible();
  await purchase.getByLabel(cat(lang, 'trainer.date'), { exact: true }).selectOption(venueDay(1));
  await purchase.getByRole('radio', { name: `${shownTime('09:00')} – ${shownTime('10:00')}`, exact: true }).check();
  await purchase.getByRole('button', { name: cat(lang, 'trainer.addToCart'), exact: true }).click();
}

async function trainerSession(page: Page, lang: Lang, kiosk: boolean) {
  const errors = watchPageErrors(page);
  await openAs(page, `/training/${OMAR.id}`, lang, kiosk);
  await expect(page.getByRole('heading', { level: 1, name: OMAR.name[lang] })).toBeVisible();
  const purchase = block(page, lang, 'trainer.title');
  await expect(purchase.getByTestId('session-price')).toHaveText(cat(lang, 'trainer.unitPrice', { price: OMAR.total }));
  // Today (while a start is ahead) to 30 days on; starts on the hour from 08:00, the last ending by 20:00.
  const dates = purchase.getByLabel(cat(lang, 'trainer.date'), { exact: true }).locator('option');
  await expect(dates.last()).toHaveAttribute('value', venueDay(30));
  await purchase.getByLabel(cat(lang, 'trainer.date'), { exact: true }).selectOption(venueDay(1));
  await expect(purchase.getByRole('radio')).toHaveCount(12);
  if (kiosk) await expectKioskTarget(purchase.getByRole('button', { name: cat(lang, 'trainer.addToCart'), exact: true }));
  await expectNoHorizontalOverflow(page);

  await addOmarSession(page, lang);
  await expect(toastWith(page, cat(lang, 'added', { name: OMAR.name[lang] }))).toBeVisible();
  await confirmation(page, lang).getByRole('button', { name: cat(lang, 'confirmation.yes'), exact: true }).click();
  await expect(confirmation(page, lang)).toHaveCount(0);

  await addOmarSession(page, lang);
  await expect(toastWith(page, c(lang, 'rules.productInCart'))).toBeVisible();
  expect(await storedLinesOf(page, SESSION)).toEqual([
    expect.objectContaining({ type: 'trainer', trainer_id: OMAR.id, date: venueDay(1), start_time: '09:00:00', end_time: '10:00:00', price: 300, tax_amount: 15, total_price: 315 }),
  ]);

  await open(page, `/cart?lang=${lang}`);
  await expect(lineItem(page, OMAR.name[lang])).toBeVisible();
  await expect(lineItem(page, OMAR.name[lang])).toContainText(c(lang, 'page.unitPrice', { price: OMAR.total }));
  await expect(cartLines(page)).toHaveCount(1);
  expect(errors).toEqual([]);
}

for (const lang of LANGS) {
  test(`[S0-2.7] [S1-3.19] [S1-5.45] a trainer session (phone, ${lang}): a day and an hourly start go in the cart at the server's price and show on /cart; again is 'Product already in cart'`, async ({
    page,
  }) => {
    await trainerSession(page, lang, false);
  });
}

test('[S0-2.7] [S1-3.19] [S1-5.45] a trainer session (kiosk, ar): into the cart with kiosk-sized targets', async ({ page }) => {
  await trainerSession(page, 'ar', true);
});

test('[S0-1.8] a trainer session chosen on the trainer page is bought: paid by card through to the order page', async ({ page, request }) => {
  await signIn(page, request, 'customer');
  await openAs(page, `/training/${OMAR.id}`, 'en', false);
  await addOmarSession(page, 'en');
  await confirmation(page, 'en').getByRole('button', { name: cat('en', 'confirmation.yes'), exact: true }).click();
  await payByCard(page, 'en', OMAR.total);
  await expect(page.getByRole('region', { name: textsOf('checkout')('en', 'order.items') })).toContainText(OMAR.name.en);
});

for (const lang of LANGS) {
  test(`[S0-2.9] [S1-7.25] [S1-3.19] [S0-5.29] [S1-5.48] a workshop on two weekdays (phone, ${lang}): priced by POST workshops/check, into the cart; again is 'Workshop already in cart'`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await openAs(page, `/academy/${TENNIS.id}`, lang, false);
    await expect(page.getByRole('heading', { level: 1, name: TENNIS.name[lang] })).toBeVisible();
    const purchase = block(page, lang, 'academy.title');
    const start = purchase.getByLabel(cat(lang, 'academy.startDate'), { exact: true });
    await expect(start).toHaveValue(venueDay(TENNIS.firstDay));
    const add = purchase.getByRole('button', { name: cat(lang, 'academy.addToCart'), exact: true });
    // At least one weekday, and a start within the academy's dates.
    await expect(purchase.getByText(cat(lang, 'academy.daysRequired'))).toBeVisible();
    await expect(add).toBeDisabled();
    await purchase.getByRole('checkbox', { name: cat(lang, 'academy.weekdays.monday'), exact: true }).check();
    await purchase.getByRole('checkbox', { name: cat(lang, 'academy.weekdays.wednesday'), exact: true }).check();
    await start.fill(venueDay(1));
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(add).toBeDisabled();
    await start.fill(venueDay(TENNIS.firstDay + 1));
    await expect(add).toBeEnabled();
    await expectNoHorizontalOverflow(page);

    const checked = page.waitForRequest((request) => request.url().endsWith('/api/v1/workshops/check') && request.method() === 'POST');
    await add.click();
    expect((await checked).postDataJSON()).toEqual({ workshop_program_id: TENNIS.id, product_id: TENNIS.id, start_date: venueDay(TENNIS.firstDay + 1), days: [2, 8] });
    await expect(toastWith(page, cat(lang, 'added', { name: TENNIS.name[lang] }))).toBeVisible();
    await confirmation(page, lang).getByRole('button', { name: cat(lang, 'confirmation.yes'), exact: true }).click();
    await expect(confirmation(page, lang)).toHaveCount(0);

    await purchase.getByRole('checkbox', { name: cat(lang, 'academy.weekdays.friday'), exact: true }).check();
    await add.click();
    await expect(toastWith(page, c(lang, 'rules.workshopInCart'))).toBeVisible();
    expect(await storedLinesOf(page, SESSION)).toEqual([
      expect.objectContaining({ type: 'academy', workshop_id: TENNIS.id, workshop_program_id: TENNIS.id, start_date: venueDay(TENNIS.firstDay + 1), days: [2, 8], price: 1500, tax_amount: 75, total_price: 1575 }),
    ]);

    await open(page, `/cart?lang=${lang}`);
    await expect(lineItem(page, TENNIS.name[lang])).toBeVisible();
    await expect(cartLines(page)).toHaveCount(1);
    expect(errors).toEqual([]);
  });
}

test('[S0-2.9] [S1-2.48] a workshop place: no on the confirmation goes to the cart', async ({ page }) => {
  await openAs(page, `/academy/${TENNIS.id}`, 'en', false);
  const purchase = block(page, 'en', 'academy.title');
  await purchase.getByRole('checkbox', { name: cat('en', 'academy.weekdays.sunday'), exact: true }).check();
  await purchase.getByRole('button', { name: cat('en', 'academy.addToCart'), exact: true }).click();
  await confirmation(page, 'en').getByRole('button', { name: cat('en', 'confirmation.no'), exact: true }).click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(lineItem(page, TENNIS.name.en)).toBeVisible();
});
