import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, LANGS, LAYOUTS, open, PHONE, signIn } from './helpers';
import { expectKioskTarget, fill, toastWith, venueDay, type Lang , textsOf } from './support/booking';
import { becomeKiosk, expectDocumentLanguage, waitForDeviceStorage, watchPageErrors, storedLinesOf, freshVenueWithCartSession } from './support/portal';
import { writeDeviceRows } from './support/deviceDatabase';
import { copy } from './support/shell';
import { payByCard } from './support/checkout';
import { PRODUCT_TYPE } from '../src/domain/productTypes';

/**
 * Buying what the catalogue sells, against the real venue API: event tickets from /events/{id} and memberships from
 * /memberships, the cart rules they meet (duplicates, memberships never mixed with other services, the renewal
 * question), and a membership paid by card through the development gateway — English and Arabic, phone and kiosk.
 */

test.use({ serviceWorkers: 'block' });

/** The cart session this browser's lines live under (localStorage 'session_id'). */
const SESSION = 'purchases-e2e-session';

freshVenueWithCartSession(SESSION);

const cat = textsOf('catalogue');
const c = textsOf('cart');
const co = textsOf('checkout');

/** The demo venue's first event (server/seed/demo.ts): ten days ahead, 19:00–21:30, 75 before 5% VAT. */
const FINAL = { id: 1, name: { en: 'Football Cup Final', ar: 'نهائي كأس كرة القدم' }, time: '07:00 PM – 09:30 PM' } as const;
/** Demo memberships (server/seed/commerce.ts), price plus VAT. */
const GOLD = { en: 'Gold Membership', ar: 'العضوية الذهبية', total: 'AED 2,625' } as const;
const SILVER = { en: 'Silver Membership', ar: 'العضوية الفضية', total: 'AED 1,470' } as const;

async function openAs(page: Page, path: string, lang: Lang, kiosk: boolean) {
  if (kiosk) {
    await page.setViewportSize(KIOSK);
    await becomeKiosk(page);
  } else {
    await page.setViewportSize(PHONE);
  }
  await open(page, `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await expectDocumentLanguage(page, lang);
}

const purchase = (page: Page, lang: Lang) => page.getByRole('region', { name: cat(lang, 'tickets.title'), exact: true });

/** On /events/1: the only day, its one time, `quantity` tickets, Add to cart. */
async function addFinalTickets(page: Page, lang: Lang, quantity: number) {
  const block = purchase(page, lang);
  await expect(block).toBeVisible();
  await expect(block.getByLabel(cat(lang, 'tickets.date'), { exact: true })).toHaveValue(venueDay(10));
  await block.getByRole('radio', { name: FINAL.time }).check();
  const more = block.getByRole('button', { name: fill(copy(lang, 'facilityBooking:stepper.increase'), { label: cat(lang, 'tickets.quantity') }) });
  for (let count = 1; count < quantity; count += 1) await more.click();
  await expect(block.getByRole('spinbutton', { name: cat(lang, 'tickets.quantity'), exact: true })).toHaveValue(String(quantity));
  await block.getByRole('button', { name: cat(lang, 'tickets.addToCart'), exact: true }).click();
}

const plan = (page: Page, lang: Lang, name: { en: string; ar: string }) => page.getByRole('main').getByRole('listitem', { name: name[lang], exact: true });

async function buyPlan(page: Page, lang: Lang, name: { en: string; ar: string }) {
  await plan(page, lang, name)
    .getByRole('button', { name: cat(lang, 'memberships.buyPlan', { name: name[lang] }), exact: true })
    .click();
}

const lineItem = (page: Page, name: string) => page.getByRole('main').getByRole('listitem', { name, exact: true });
const summary = (page: Page, lang: Lang) => page.getByRole('complementary', { name: c(lang, 'page.summary') });
const cartTotal = (page: Page, lang: Lang) =>
  summary(page, lang)
    .locator('.cart-totals__row')
    .filter({ has: page.getByText(c(lang, 'totals.total'), { exact: true }) })
    .locator('dd');

async function venueId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/config');
  return ((await response.json()) as { data: { venue_id: number } }).data.venue_id;
}

// ---------------------------------------------------------------------------------------------------------------
// Event tickets

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-2.5] [S1-3.19] [S0-5.27] [S1-5.45] [S1-2.47] event tickets (${layout.name}, ${lang}): two tickets go in the cart at the server's price; the same again is 'Product already in cart'`, async ({
      page,
    }) => {
      const errors = watchPageErrors(page);
      await openAs(page, `/events/${FINAL.id}`, lang, layout.kiosk);
      await expect(page.getByRole('heading', { level: 1, name: FINAL.name[lang] })).toBeVisible();
      const block = purchase(page, lang);
      await expect(block.getByText(cat(lang, 'tickets.unitPrice', { price: 'AED 78.75' }))).toBeVisible();
      await addFinalTickets(page, lang, 2);
      await expect(block.getByTestId('ticket-total')).toHaveText('AED 157.5');
      await expect(toastWith(page, cat(lang, 'added', { name: FINAL.name[lang] }))).toBeVisible();
      if (layout.kiosk) await expectKioskTarget(block.getByRole('button', { name: cat(lang, 'tickets.addToCart'), exact: true }));
      await expectNoHorizontalOverflow(page);
      // The ticket confirmation: yes goes on choosing here.
      const confirmation = page.getByRole('dialog', { name: cat(lang, 'confirmation.title'), exact: true });
      await confirmation.getByRole('button', { name: cat(lang, 'confirmation.yes'), exact: true }).click();
      await expect(confirmation).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/events/${FINAL.id}`));

      await block.getByRole('button', { name: cat(lang, 'tickets.addToCart'), exact: true }).click();
      await expect(toastWith(page, c(lang, 'rules.productInCart'))).toBeVisible();

      await open(page, `/cart?lang=${lang}`);
      const line = lineItem(page, FINAL.name[lang]);
      await expect(line).toBeVisible();
      await expect(line).toContainText(c(lang, 'page.unitPrice', { price: 'AED 78.75' }));
      await expect(page.getByRole('main').getByRole('listitem').filter({ has: page.locator('.cart-line__name') })).toHaveCount(1);
      await expect(cartTotal(page, lang)).toHaveText('AED 157.5');
      expect(errors).toEqual([]);
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Memberships

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-2.11] [S1-3.19] memberships (${layout.name}, ${lang}): the plans with duration and price; Buy puts one in the cart`, async ({ page }) => {
      const errors = watchPageErrors(page);
      await openAs(page, '/memberships', lang, layout.kiosk);
      await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:sections.memberships') })).toBeVisible();
      const gold = plan(page, lang, GOLD);
      await expect(gold).toContainText(cat(lang, 'memberships.priceWithVat', { price: GOLD.total }));
      await expect(gold).toContainText(cat(lang, `memberships.duration_${new Intl.PluralRules(lang).select(365)}`, { count: 365 }));
      await expect(page.getByLabel(cat(lang, 'memberships.startDate'), { exact: true })).toHaveValue(venueDay(0));
      if (layout.kiosk) await expectKioskTarget(gold.getByRole('button', { name: cat(lang, 'memberships.buyPlan', { name: GOLD[lang] }) }));
      await expectNoHorizontalOverflow(page);
      await buyPlan(page, lang, GOLD);
      await expect(toastWith(page, cat(lang, 'added', { name: GOLD[lang] }))).toBeVisible();

      await open(page, `/cart?lang=${lang}`);
      await expect(lineItem(page, GOLD[lang])).toBeVisible();
      await expect(cartTotal(page, lang)).toHaveText(GOLD.total);
      expect(await storedLinesOf(page, SESSION)).toEqual([expect.objectContaining({ type: 'membership', start_date: venueDay(0), is_renewal: 0, quantity: 1 })]);
      expect(errors).toEqual([]);
    });
  }
}

test('[S1-2.48] the ticket confirmation: no goes to the cart', async ({ page }) => {
  await openAs(page, `/events/${FINAL.id}`, 'en', false);
  await addFinalTickets(page, 'en', 1);
  const confirmation = page.getByRole('dialog', { name: cat('en', 'confirmation.title'), exact: true });
  await confirmation.getByRole('button', { name: cat('en', 'confirmation.no'), exact: true }).click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(lineItem(page, FINAL.name.en)).toBeVisible();
});

test("[S1-5.43] a membership with an event in the cart: 'Membership can't be purchased with other services.'", async ({ page }) => {
  await openAs(page, `/events/${FINAL.id}`, 'en', false);
  await addFinalTickets(page, 'en', 1);
  await expect(toastWith(page, cat('en', 'added', { name: FINAL.name.en }))).toBeVisible();
  await open(page, '/memberships?lang=en');
  await buyPlan(page, 'en', GOLD);
  await expect(toastWith(page, "Membership can't be purchased with other services.")).toBeVisible();
  expect((await storedLinesOf(page, SESSION)).map((line) => line.type)).toEqual(['event']);
});

test("[S1-5.43] (ar, kiosk) a membership with a facility ticket in the cart is refused in Arabic", async ({ page, request }) => {
  const venue = await venueId(request);
  await openAs(page, '/', 'ar', true);
  await waitForDeviceStorage(page);
  await writeDeviceRows(page, 'cartLines', [
    {
      sessionKey: SESSION,
      type: 'facility', venue_id: venue, product_id: 6, product_type_id: PRODUCT_TYPE.facility, name: 'Adult', ar_name: null, image: null, quantity: 1, price: 100, tax_amount: 5,
      total_price: 105, customers: [], addons: [], date: venueDay(3), start_time: '10:00:00', end_time: '11:00:00', facility_id: 6, facility_name: 'Aqua Park',
      venue_service_id: 2, is_full_day: 0, is_open_dated: 0, save_detail_for_future: 0, seasonal_pricing_id: null, group: 'g1', participant_count: 1, hold_expires_at: null,
    },
  ]);
  await open(page, '/memberships?lang=ar');
  await buyPlan(page, 'ar', GOLD);
  await expect(toastWith(page, c('ar', 'rules.membershipWithOthers'))).toBeVisible();
  expect((await storedLinesOf(page, SESSION)).map((line) => line.type)).toEqual(['facility']);
});

test("[S1-5.44] an event with a membership in the cart: 'Other services can't be purchased with a membership.'", async ({ page }) => {
  await openAs(page, '/memberships', 'en', false);
  await buyPlan(page, 'en', SILVER);
  await expect(toastWith(page, cat('en', 'added', { name: SILVER.en }))).toBeVisible();
  await open(page, `/events/${FINAL.id}?lang=en`);
  await addFinalTickets(page, 'en', 1);
  await expect(toastWith(page, "Other services can't be purchased with a membership.")).toBeVisible();
  expect((await storedLinesOf(page, SESSION)).map((line) => line.type)).toEqual(['membership']);
});

for (const lang of LANGS) {
  test(`[S1-5.47] [S0-5.30] the same membership twice (${lang}): 'Membership already in cart' and the renewal question; Renew replaces the line as a renewal`, async ({ page }) => {
    await openAs(page, '/memberships', lang, lang === 'ar');
    await buyPlan(page, lang, GOLD);
    await expect(toastWith(page, cat(lang, 'added', { name: GOLD[lang] }))).toBeVisible();

    // Another plan is simply refused: there is nothing to renew.
    await buyPlan(page, lang, SILVER);
    await expect(toastWith(page, c(lang, 'rules.membershipInCart'))).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: c(lang, 'renew.title') })).toHaveCount(0);

    // The same plan again asks; Cancel keeps the cart as it was.
    await buyPlan(page, lang, GOLD);
    const dialog = page.getByRole('alertdialog', { name: c(lang, 'renew.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(c(lang, 'renew.question'));
    await expect(toastWith(page, c(lang, 'rules.membershipInCart'))).toBeAttached();
    await dialog.getByRole('button', { name: c(lang, 'renew.decline'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect(await storedLinesOf(page, SESSION)).toEqual([expect.objectContaining({ type: 'membership', start_date: venueDay(0), is_renewal: 0 })]);

    // From a later day, and Renew: one line, the new start, marked as a renewal.
    await page.getByLabel(cat(lang, 'memberships.startDate'), { exact: true }).fill(venueDay(7));
    await buyPlan(page, lang, GOLD);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: c(lang, 'renew.accept'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => storedLinesOf(page, SESSION)).toEqual([expect.objectContaining({ type: 'membership', start_date: venueDay(7), is_renewal: 1 })]);
    await open(page, `/cart?lang=${lang}`);
    await expect(lineItem(page, GOLD[lang])).toBeVisible();
    await expect(cartTotal(page, lang)).toHaveText(GOLD.total);
  });
}

test('a start date before today cannot be bought', async ({ page }) => {
  await openAs(page, '/memberships', 'en', false);
  const start = page.getByLabel(cat('en', 'memberships.startDate'), { exact: true });
  await start.fill(venueDay(-1));
  await expect(page.getByText(cat('en', 'memberships.startDatePast'))).toBeVisible();
  await expect(plan(page, 'en', GOLD).getByRole('button', { name: cat('en', 'memberships.buyPlan', { name: GOLD.en }) })).toBeDisabled();
});

// ---------------------------------------------------------------------------------------------------------------
// Paying

test('[S0-2.11] [S0-1.12] a membership paid by card through the development gateway shows on the order page', async ({ page, request }) => {
  await signIn(page, request, 'customer');
  await openAs(page, '/memberships', 'en', false);
  await buyPlan(page, 'en', SILVER);
  await expect(toastWith(page, cat('en', 'added', { name: SILVER.en }))).toBeVisible();
  await payByCard(page, 'en', SILVER.total);
  await expect(page.getByRole('region', { name: co('en', 'order.items') })).toContainText(SILVER.en);
});

test('[S0-2.5] (ar, kiosk) event tickets paid by card: the order charges what the cart showed', async ({ page, request }) => {
  await signIn(page, request, 'customer');
  await openAs(page, `/events/${FINAL.id}`, 'ar', true);
  await addFinalTickets(page, 'ar', 2);
  await expect(toastWith(page, cat('ar', 'added', { name: FINAL.name.ar }))).toBeVisible();
  await payByCard(page, 'ar', 'AED 157.5');
  await expect(page.getByRole('region', { name: co('ar', 'order.items') })).toContainText(FINAL.name.ar);
});
