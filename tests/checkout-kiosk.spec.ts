import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, open, PHONE, signIn } from './helpers';
import { expectKioskTarget, toastWith, type Lang, textsOf } from './support/booking';
import { becomeKiosk, expectDocumentLanguage, watchPageErrors, freshVenueWithCartSession } from './support/portal';
import { copy } from './support/shell';
import { adultLine, ADULT, MEMBER, putLines } from './support/checkout';

/**
 * The member's benefits through a real order in Arabic and on the portrait kiosk (tests/checkout-benefits.spec.ts
 * has the English phone runs): q-points paying part of an order and the card the rest through the development
 * gateway, and the membership card's discount applied in the cart and charged at checkout — each checked on the
 * order page the payment returns to, in the visitor's language.
 */

test.use({ serviceWorkers: 'block' });

/** The cart session this browser's lines live under (localStorage 'session_id'). */
const SESSION = 'checkout-kiosk-e2e-session';

freshVenueWithCartSession(SESSION);

const co = textsOf('checkout');
const ca = textsOf('cart');

const RUNS = [
  { name: 'phone', lang: 'ar', kiosk: false },
  { name: 'kiosk', lang: 'en', kiosk: true },
  { name: 'kiosk', lang: 'ar', kiosk: true },
] as const;
type Run = (typeof RUNS)[number];

/** Signs the member in on the run's layout, puts Adult tickets in the cart and opens it; answers the checkout panel. */
async function openCart(page: Page, request: APIRequestContext, run: Run, quantity: number): Promise<Locator> {
  await signIn(page, request, 'member');
  if (run.kiosk) {
    await page.setViewportSize(KIOSK);
    await becomeKiosk(page);
  } else {
    await page.setViewportSize(PHONE);
    await open(page, `/?lang=${run.lang}`);
  }
  await putLines(page, SESSION, [await adultLine(request, quantity)]);
  await open(page, `/cart?lang=${run.lang}`);
  await expectDocumentLanguage(page, run.lang);
  const panel = page.getByRole('region', { name: co(run.lang, 'title'), exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(co(run.lang, 'loading'))).toHaveCount(0);
  return panel;
}

const payButton = (panel: Locator, lang: Lang, amount: string) => panel.getByRole('button', { name: co(lang, 'pay', { amount }), exact: true });

const cartTotal = (page: Page, lang: Lang) =>
  page
    .getByRole('complementary', { name: ca(lang, 'page.summary') })
    .locator('.cart-totals__row')
    .filter({ has: page.getByText(ca(lang, 'totals.total'), { exact: true }) })
    .locator('dd');

/** Pay sits where the layout wants it: a 64 px target in the kiosk's lower half, at least 44 px on a phone. */
async function expectPayButtonPlaced(pay: Locator, run: Run) {
  await pay.scrollIntoViewIfNeeded();
  if (run.kiosk) {
    await expectKioskTarget(pay);
    const box = await pay.boundingBox();
    expect(box!.y + box!.height / 2).toBeGreaterThan(KIOSK.height / 2);
  } else {
    expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
}

async function payOnGateway(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/api\/v1\/dev-gateway\/txn_/);
  await expect(page.getByRole('heading', { name: 'Development payment gateway' })).toBeVisible();
  await expect(page.locator('body')).toContainText(amount);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** The paid order page in the run's language; answers its payments region as [label, amount] rows. */
async function paidOrderPayments(page: Page, lang: Lang, total: string): Promise<[string, string][]> {
  await expect(page).toHaveURL(/\/paymentsuccess\/[\w-]+/);
  await expectDocumentLanguage(page, lang);
  await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:payment.successTitle') })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText(co(lang, 'order.statuses.paid'));
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByTestId('ticket-code').first()).toHaveText(/^TKT-/);
  await expectNoHorizontalOverflow(page);
  const payments = page.getByRole('region', { name: co(lang, 'order.payments') });
  const labels = await payments.locator('dt').allTextContents();
  const amounts = await payments.locator('dd').allTextContents();
  return labels.map((label, index) => [label.trim(), (amounts[index] ?? '').trim()]);
}

async function qpointsLeft(request: APIRequestContext): Promise<number> {
  const token = await request.post('/api/v1/dev/token', { data: { customer: 'member' } });
  const { data } = (await token.json()) as { data: { token: string } };
  const response = await request.get('/api/v1/customers/balances', { headers: { Authorization: `Bearer ${data.token}` } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: { qpoints: number } }).data.qpoints;
}

for (const run of RUNS) {
  const { lang } = run;
  /** Kiosk (S0-1.25) and right-to-left (S0-1.2) runs name those checklist items too. */
  const layoutIds = `${run.kiosk ? ' [S0-1.25]' : ''}${lang === 'ar' ? ' [S0-1.2]' : ''}`;

  test(`[S0-1.14] [S1-1.13]${layoutIds} q-points (${run.name}, ${lang}): q-points pay part and the card the rest through the gateway; the order page shows the split`, async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    // Two Adult tickets: AED 210, more than the member's 120 q-points (1 point = AED 1).
    const panel = await openCart(page, request, run, 2);
    const qpoints = panel.getByRole('checkbox', { name: co(lang, 'methods.qpoints', { amount: 'AED 120' }) });
    await qpoints.check();
    await expect(panel.getByRole('definition').filter({ hasText: '−AED 120' })).toBeVisible();
    await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 90');
    const pay = payButton(panel, lang, 'AED 90');
    await expectPayButtonPlaced(pay, run);
    await expectNoHorizontalOverflow(page);
    await pay.click();
    await payOnGateway(page, '90');
    expect(await paidOrderPayments(page, lang, 'AED 210')).toEqual([
      [co(lang, 'order.paidByCard'), 'AED 90'],
      [co(lang, 'order.paidByQpoints'), 'AED 120'],
    ]);
    expect(await qpointsLeft(request)).toBe(0);
    expect(errors).toEqual([]);
  });

  test(`[S0-1.17] [S1-1.15] [S1-3.34]${layoutIds} membership benefit (${run.name}, ${lang}): the card applied in the cart takes 15% off; the card pays the discounted total`, async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    const panel = await openCart(page, request, run, 2);
    await expect(cartTotal(page, lang)).toHaveText('AED 210');
    const form = page.getByRole('form', { name: ca(lang, 'promo.benefitTitle') });
    await form.getByLabel(ca(lang, 'promo.cardNumber'), { exact: true }).fill(MEMBER.card);
    const mobile = form.getByLabel(ca(lang, 'promo.mobile'), { exact: true });
    if (run.kiosk) {
      // At the kiosk the mobile number is tapped on the docked keypad, which never covers the field.
      await mobile.click();
      const keypad = page.getByRole('group', { name: copy(lang, 'ui:keyboard.numeric') });
      await expect(keypad).toBeVisible();
      for (const digit of MEMBER.mobile) await keypad.getByRole('button', { name: digit, exact: true }).click();
      await expect(mobile).toHaveValue(MEMBER.mobile);
      const fieldBox = await mobile.boundingBox();
      const keypadBox = await keypad.boundingBox();
      expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(keypadBox!.y);
    } else {
      await mobile.fill(MEMBER.mobile);
    }
    const apply = form.getByRole('button', { name: ca(lang, 'promo.applyBenefit'), exact: true });
    if (run.kiosk) await expectKioskTarget(apply);
    await apply.click();
    await expect(toastWith(page, ca(lang, 'notices.benefitApplied'))).toBeVisible();
    await expect(page.getByText(ca(lang, 'promo.benefitApplied', { code: MEMBER.card }))).toBeVisible();
    // AED 210 less 15%.
    const adult = page.getByRole('main').getByRole('listitem', { name: ADULT.name, exact: true });
    await expect(adult.getByText(ca(lang, 'page.discountCode', { code: MEMBER.card })).first()).toBeVisible();
    await expect(cartTotal(page, lang)).toHaveText('AED 178.5');
    await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 178.5');
    const pay = payButton(panel, lang, 'AED 178.5');
    await expectPayButtonPlaced(pay, run);
    await expectNoHorizontalOverflow(page);
    await pay.click();
    await payOnGateway(page, '178.5');
    expect(await paidOrderPayments(page, lang, 'AED 178.5')).toEqual([[co(lang, 'order.paidByCard'), 'AED 178.5']]);
    await expect(page.getByRole('region', { name: co(lang, 'order.items') })).toContainText('AED 178.5');
    expect(errors).toEqual([]);
  });
}
