import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, open, PHONE, signIn } from './helpers';
import { expectKioskTarget, fill, toastWith, type Lang , textsOf } from './support/booking';
import { becomeKiosk, expectDocumentLanguage, watchPageErrors, storedLinesOf, freshVenueWithCartSession } from './support/portal';
import { copy } from './support/shell';

/**
 * Packages from /offers and outlet products from /outlets/{id} into the app cart, against the real venue API: the
 * duplicate package, products of one outlet, the refusal of another outlet's product, and the cart that shows
 * them — English and Arabic on a phone, and once on a portrait kiosk; then a package and outlet products paid by card
 * through the development gateway to the order page (English phone, Arabic kiosk).
 */

test.use({ serviceWorkers: 'block' });

/** The cart session this browser's lines live under (localStorage 'session_id'). */
const SESSION = 'offers-outlets-e2e-session';

freshVenueWithCartSession(SESSION);

const of = textsOf('offers');
const cat = textsOf('catalogue');
const c = textsOf('cart');

/** Demo packages and outlets (server/seed/offersOutlets.ts), price plus VAT. */
const FAMILY = { en: 'Family Fun Day', ar: 'يوم المرح العائلي', total: 'AED 420' } as const;
const CAFE = { en: 'Poolside Café', ar: 'مقهى المسبح' } as const;
const SHOP = { en: 'Pro Shop', ar: 'متجر المحترفين' } as const;
const COFFEE = { en: 'Iced Coffee', ar: 'قهوة مثلجة', unit: 'AED 18.9' } as const;
const SANDWICH = { en: 'Club Sandwich', ar: 'ساندويتش كلوب', unit: 'AED 36.75' } as const;
const CAP = { en: 'Sports Cap', ar: 'قبعة رياضية' } as const;
type Named = { en: string; ar: string };

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

const card = (page: Page, lang: Lang, name: Named) => page.getByRole('main').getByRole('listitem', { name: name[lang], exact: true });
const addButton = (page: Page, lang: Lang, name: Named) => card(page, lang, name).getByRole('button', { name: of(lang, 'addNamed', { name: name[lang] }), exact: true });

/** From /outlets, into one outlet's page. */
async function openOutlet(page: Page, lang: Lang, outlet: Named) {
  await open(page, `/outlets?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:sections.outlets') })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: new RegExp(outlet[lang]) }).click();
  await expect(page.getByRole('heading', { level: 1, name: outlet[lang] })).toBeVisible();
}

/** On an outlet's page: `quantity` of one product, Add to cart. */
async function addProduct(page: Page, lang: Lang, product: Named, quantity: number) {
  const item = card(page, lang, product);
  const more = item.getByRole('button', { name: fill(copy(lang, 'facilityBooking:stepper.increase'), { label: of(lang, 'outlets.quantity') }) });
  for (let count = 1; count < quantity; count += 1) await more.click();
  await expect(item.getByRole('spinbutton', { name: of(lang, 'outlets.quantity'), exact: true })).toHaveValue(String(quantity));
  await addButton(page, lang, product).click();
}

const RUNS = [
  { name: 'phone', lang: 'en', kiosk: false },
  { name: 'phone', lang: 'ar', kiosk: false },
  { name: 'kiosk', lang: 'en', kiosk: true },
] as const;

for (const run of RUNS) {
  const { lang, kiosk } = run;
  test(`[S0-2.17] [S0-2.14] [S0-2.15] [S1-3.19] [S1-5.46] [S1-5.49] offers and outlets (${run.name}, ${lang}): a package and one outlet's products go in the cart; the same package again and another outlet's product are refused`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await openAs(page, '/offers', lang, kiosk);
    await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:sections.offers') })).toBeVisible();
    await expect(card(page, lang, FAMILY)).toContainText(of(lang, 'priceWithVat', { price: FAMILY.total }));
    if (kiosk) await expectKioskTarget(addButton(page, lang, FAMILY));
    await expectNoHorizontalOverflow(page);
    await addButton(page, lang, FAMILY).click();
    await expect(toastWith(page, cat(lang, 'added', { name: FAMILY[lang] }))).toBeVisible();
    await addButton(page, lang, FAMILY).click();
    await expect(toastWith(page, c(lang, 'rules.packageInCart'))).toBeVisible();

    await openOutlet(page, lang, CAFE);
    await expect(card(page, lang, COFFEE)).toContainText(of(lang, 'priceWithVat', { price: COFFEE.unit }));
    await expectNoHorizontalOverflow(page);
    await addProduct(page, lang, COFFEE, 2);
    await expect(toastWith(page, cat(lang, 'added', { name: COFFEE[lang] }))).toBeVisible();
    await addProduct(page, lang, SANDWICH, 1);
    await expect(toastWith(page, cat(lang, 'added', { name: SANDWICH[lang] }))).toBeVisible();

    await openOutlet(page, lang, SHOP);
    await addProduct(page, lang, CAP, 1);
    await expect(toastWith(page, c(lang, 'rules.otherOutlet'))).toBeVisible();
    await expect
      .poll(async () => (await storedLinesOf(page, SESSION)).map((line) => [line.type, line.name, line.quantity]))
      .toEqual([
        ['offer', FAMILY.en, 1],
        ['pos', COFFEE.en, 2],
        ['pos', SANDWICH.en, 1],
      ]);

    await open(page, `/cart?lang=${lang}`);
    for (const name of [FAMILY, COFFEE, SANDWICH]) await expect(page.getByRole('main').getByRole('listitem', { name: name[lang], exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem', { name: CAP[lang], exact: true })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

const co = textsOf('checkout');

const CHECKOUT_RUNS = [
  { name: 'phone', lang: 'en', kiosk: false },
  { name: 'kiosk', lang: 'ar', kiosk: true },
] as const;

for (const run of CHECKOUT_RUNS) {
  const { lang, kiosk } = run;
  test(`[S0-1.10] [S0-1.12] [S1-3.19] [S1-7.20] offers and outlets (${run.name}, ${lang}): a package and outlet products bought from their pages are paid by card through to the order page`, async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    await signIn(page, request, 'customer');
    await openAs(page, '/offers', lang, kiosk);
    await addButton(page, lang, FAMILY).click();
    await expect(toastWith(page, cat(lang, 'added', { name: FAMILY[lang] }))).toBeVisible();
    await openOutlet(page, lang, CAFE);
    await addProduct(page, lang, COFFEE, 2);
    await expect(toastWith(page, cat(lang, 'added', { name: COFFEE[lang] }))).toBeVisible();
    await addProduct(page, lang, SANDWICH, 1);
    await expect(toastWith(page, cat(lang, 'added', { name: SANDWICH[lang] }))).toBeVisible();

    await open(page, `/cart?lang=${lang}`);
    const panel = page.getByRole('region', { name: co(lang, 'title'), exact: true });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(co(lang, 'loading'))).toHaveCount(0);
    // AED 420 + 2 × AED 18.9 + AED 36.75, VAT included; the server prices it again from its own tables.
    await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 494.55');
    const pay = panel.getByRole('button', { name: co(lang, 'pay', { amount: 'AED 494.55' }), exact: true });
    if (kiosk) await expectKioskTarget(pay);
    await pay.click();

    await expect(page).toHaveURL(/\/api\/v1\/dev-gateway\/txn_/);
    await expect(page.locator('body')).toContainText('494.55');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/paymentsuccess\/[\w-]+/);
    await expectDocumentLanguage(page, lang);
    await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:payment.successTitle') })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText(co(lang, 'order.statuses.paid'));
    await expect(page.getByTestId('order-total')).toHaveText('AED 494.55');
    const items = page.getByRole('region', { name: co(lang, 'order.items') }).locator('.order-line');
    await expect(items).toHaveCount(3);
    const shown = [
      [FAMILY, 'AED 420'],
      [COFFEE, 'AED 37.8'],
      [SANDWICH, 'AED 36.75'],
    ] as const;
    for (const [index, [name, total]] of shown.entries()) {
      await expect(items.nth(index).locator('strong')).toHaveText(name[lang]);
      await expect(items.nth(index)).toContainText(total);
    }
    await expect(page.getByTestId('ticket-code')).toHaveCount(3);
    await expectNoHorizontalOverflow(page);

    // The order reset the cart.
    await expect.poll(async () => (await storedLinesOf(page, SESSION)).length).toBe(0);
    expect(errors).toEqual([]);
  });
}
