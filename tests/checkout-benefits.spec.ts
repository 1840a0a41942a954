import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { open, PHONE, resetServer, signIn, type DemoCustomer } from './helpers';
import { fill, toastWith } from './support/booking';
import { watchPageErrors } from './support/portal';
import { copy } from './support/shell';
import { adultLine, ADULT, MEMBER, putLines } from './support/checkout';

/**
 * What a customer's benefits do to a real order, against the real venue API and its development payment gateway:
 * the member's q-points paying part (the card the rest) or all of an order, the membership card's discount and a
 * promo code applied in the cart and charged at checkout — each checked on the order page the payment returns to.
 */

test.use({ serviceWorkers: 'block' });

/** The cart session this browser's lines live under (localStorage 'session_id'). */
const SESSION = 'checkout-benefits-e2e-session';

test.beforeEach(async ({ page, request }) => {
  await resetServer(request);
  await page.addInitScript((session) => {
    if (!localStorage.getItem('session_id')) localStorage.setItem('session_id', session);
  }, SESSION);
});

const co = (key: string, values: Record<string, string | number> = {}) => fill(copy('en', `checkout:${key}`), values);
const ca = (key: string, values: Record<string, string | number> = {}) => fill(copy('en', `cart:${key}`), values);

/** Signs the account in, puts Adult tickets in the cart and opens it; answers the checkout panel once it is ready. */
async function openCart(page: Page, request: APIRequestContext, account: DemoCustomer, quantity: number): Promise<Locator> {
  await signIn(page, request, account);
  await page.setViewportSize(PHONE);
  await open(page, '/?lang=en');
  await putLines(page, SESSION, [await adultLine(request, quantity)]);
  await open(page, '/cart?lang=en');
  const panel = page.getByRole('region', { name: co('title'), exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(co('loading'))).toHaveCount(0);
  return panel;
}

const payButton = (panel: Locator, amount: string | null) =>
  panel.getByRole('button', { name: amount === null ? co('placeOrder') : co('pay', { amount }), exact: true });

const cartTotal = (page: Page) =>
  page
    .getByRole('complementary', { name: ca('page.summary') })
    .locator('.cart-totals__row')
    .filter({ has: page.getByText(ca('totals.total'), { exact: true }) })
    .locator('dd');

const adultItem = (page: Page) => page.getByRole('main').getByRole('listitem', { name: ADULT.name, exact: true });

async function payOnGateway(page: Page, button: 'Pay' | 'Decline', amount: string) {
  await expect(page).toHaveURL(/\/api\/v1\/dev-gateway\/txn_/);
  await expect(page.getByRole('heading', { name: 'Development payment gateway' })).toBeVisible();
  await expect(page.locator('body')).toContainText(amount);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** The paid order page; answers its payments region. */
async function expectPaidOrder(page: Page, total: string): Promise<Locator> {
  await expect(page).toHaveURL(/\/paymentsuccess\/[\w-]+/);
  await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:payment.successTitle') })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText(co('order.statuses.paid'));
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByTestId('ticket-code').first()).toHaveText(/^TKT-/);
  return page.getByRole('region', { name: co('order.payments') });
}

/** The rows of the order page's payments region, as [label, amount] pairs. */
async function paymentRows(payments: Locator): Promise<[string, string][]> {
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

// ---------------------------------------------------------------------------------------------------------------
// Q-points

test('[S0-1.14] [S1-1.13] q-points pay part and the card the rest through the gateway; the order page shows the split', async ({ page, request }) => {
  const errors = watchPageErrors(page);
  // Two Adult tickets: AED 210, more than the member's 120 q-points (1 point = AED 1).
  const panel = await openCart(page, request, 'member', 2);
  await panel.getByRole('checkbox', { name: co('methods.qpoints', { amount: 'AED 120' }) }).check();
  const summary = panel.getByRole('definition').filter({ hasText: '−AED 120' });
  await expect(summary).toBeVisible();
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 90');
  await payButton(panel, 'AED 90').click();
  await payOnGateway(page, 'Pay', '90');
  const payments = await expectPaidOrder(page, 'AED 210');
  expect(await paymentRows(payments)).toEqual([
    [co('order.paidByCard'), 'AED 90'],
    [co('order.paidByQpoints'), 'AED 120'],
  ]);
  expect(await qpointsLeft(request)).toBe(0);
  expect(errors).toEqual([]);
});

test('[S0-1.14] [S1-1.13] q-points pay a whole order under the balance without the gateway; the order page shows q-points only', async ({ page, request }) => {
  const gateway: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/dev-gateway/')) gateway.push(sent.url());
  });
  // One Adult ticket: AED 105, under the member's 120 q-points.
  const panel = await openCart(page, request, 'member', 1);
  await panel.getByRole('checkbox', { name: co('methods.qpoints', { amount: 'AED 120' }) }).check();
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 0');
  await payButton(panel, null).click();
  const modal = page.getByRole('alertdialog', { name: co('success.title') });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: co('success.view') }).click();
  const payments = await expectPaidOrder(page, 'AED 105');
  expect(await paymentRows(payments)).toEqual([[co('order.paidByQpoints'), 'AED 105']]);
  expect(gateway).toEqual([]);
  expect(await qpointsLeft(request)).toBe(MEMBER.qpoints - 105);
});

// ---------------------------------------------------------------------------------------------------------------
// Membership card and promo code, applied in the cart and charged at checkout

test('[S0-1.17] [S1-1.15] [S1-3.34] the membership card applied in the cart takes 15% off; the card pays the discounted total', async ({ page, request }) => {
  const errors = watchPageErrors(page);
  const panel = await openCart(page, request, 'member', 2);
  await expect(cartTotal(page)).toHaveText('AED 210');
  const form = page.getByRole('form', { name: ca('promo.benefitTitle') });
  await form.getByLabel(ca('promo.cardNumber'), { exact: true }).fill(MEMBER.card);
  await form.getByLabel(ca('promo.mobile'), { exact: true }).fill(MEMBER.mobile);
  await form.getByRole('button', { name: ca('promo.applyBenefit'), exact: true }).click();
  await expect(toastWith(page, ca('notices.benefitApplied'))).toBeVisible();
  await expect(page.getByText(ca('promo.benefitApplied', { code: MEMBER.card }))).toBeVisible();
  // AED 210 less 15%.
  await expect(adultItem(page).getByText(ca('page.discountCode', { code: MEMBER.card })).first()).toBeVisible();
  await expect(adultItem(page).getByText('AED 178.5', { exact: true }).first()).toBeVisible();
  await expect(cartTotal(page)).toHaveText('AED 178.5');
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 178.5');
  await payButton(panel, 'AED 178.5').click();
  await payOnGateway(page, 'Pay', '178.5');
  const payments = await expectPaidOrder(page, 'AED 178.5');
  expect(await paymentRows(payments)).toEqual([[co('order.paidByCard'), 'AED 178.5']]);
  expect(errors).toEqual([]);
});

test('[S0-1.16] [S1-1.14] [S1-3.34] WELCOME10 applied in the cart takes 10% off; the card pays the discounted total', async ({ page, request }) => {
  const panel = await openCart(page, request, 'customer', 2);
  await page.getByLabel(ca('promo.code'), { exact: true }).fill('WELCOME10');
  await page.getByRole('button', { name: ca('promo.apply'), exact: true }).click();
  await expect(page.getByText(ca('promo.applied', { code: 'WELCOME10' }))).toBeVisible();
  await expect(adultItem(page).getByText(ca('page.discountCode', { code: 'WELCOME10' })).first()).toBeVisible();
  // AED 210 less 10%.
  await expect(cartTotal(page)).toHaveText('AED 189');
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 189');
  await payButton(panel, 'AED 189').click();
  await payOnGateway(page, 'Pay', '189');
  const payments = await expectPaidOrder(page, 'AED 189');
  expect(await paymentRows(payments)).toEqual([[co('order.paidByCard'), 'AED 189']]);
});
