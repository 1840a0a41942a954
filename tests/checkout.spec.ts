import { type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, open, patchConfig, PHONE, resetServer, signIn, type DemoCustomer } from './helpers';
import { field } from './support/accounts';
import { expectKioskTarget, fill, venueDay, type Lang } from './support/booking';
import { becomeKiosk, expectDocumentLanguage, watchPageErrors } from './support/portal';
import { copy } from './support/shell';
import { putLines } from './support/checkout';
import { PRODUCT_TYPE } from '../src/domain/productTypes';

/**
 * Checkout against the real venue API and its development payment gateway: card paid and declined, wallet, wallet
 * plus card, partner credit within and over the limit, approval required, guest checkout, the form-post gateway,
 * and the idempotency key (double tap, lost answer, reload) — in English and Arabic, phone and kiosk layouts.
 */

test.use({ serviceWorkers: 'block' });

/** The cart session this browser's lines live under (localStorage 'session_id'). */
const SESSION = 'checkout-e2e-session';

test.beforeEach(async ({ page, request }) => {
  await resetServer(request);
  await page.addInitScript((session) => {
    if (!localStorage.getItem('session_id')) localStorage.setItem('session_id', session);
  }, SESSION);
});

const co = (lang: Lang, key: string, values: Record<string, string | number> = {}) => fill(copy(lang, `checkout:${key}`), values);

/** Demo facility products (server/seed/facilities.ts), prices before VAT. */
const TICKETS = {
  adult: { service: 2, facility: 6, product: 6, name: 'Adult', price: 100, tax: 5, start: '10:00:00', end: '11:00:00' },
  family: { service: 2, facility: 6, product: 8, name: 'Family Pass', price: 320, tax: 16, start: '10:00:00', end: '11:00:00' },
  vipBowling: { service: 3, facility: 9, product: 13, name: 'VIP Bowling Game', price: 90, tax: 4.5, start: '18:00:00', end: '19:00:00' },
} as const;

async function venueId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/config');
  return ((await response.json()) as { data: { venue_id: number } }).data.venue_id;
}

/** A full facility cart line, three days ahead (every demo facility is open then). */
function ticketLine(venue: number, ticket: (typeof TICKETS)[keyof typeof TICKETS], quantity: number, group: string) {
  return {
    type: 'facility',
    venue_id: venue,
    product_id: ticket.product,
    product_type_id: PRODUCT_TYPE.facility,
    name: ticket.name,
    ar_name: null,
    image: null,
    quantity,
    price: ticket.price,
    tax_amount: ticket.tax,
    total_price: ticket.price + ticket.tax,
    customers: [],
    addons: [],
    date: venueDay(3),
    start_time: ticket.start,
    end_time: ticket.end,
    facility_id: ticket.facility,
    facility_name: ticket.name,
    venue_service_id: ticket.service,
    is_full_day: 0,
    is_open_dated: 0,
    save_detail_for_future: 0,
    seasonal_pricing_id: null,
    group,
    participant_count: 1,
    hold_expires_at: null,
  };
}

interface Setup {
  account?: DemoCustomer | null;
  lines: (venue: number) => object[];
  lang?: Lang;
  kiosk?: boolean;
}

/** Signs in (or not), fills the cart and opens it; answers the checkout panel. */
async function openCheckout(page: Page, request: APIRequestContext, { account = 'customer', lines, lang = 'en', kiosk = false }: Setup): Promise<Locator> {
  const session = account ? await signIn(page, request, account) : null;
  if (kiosk) {
    await page.setViewportSize(KIOSK);
    await becomeKiosk(page);
  } else {
    await page.setViewportSize(PHONE);
    await open(page, `/?lang=${lang}`);
  }
  await putLines(page, SESSION, lines(await venueId(request)));
  await open(page, `/cart?lang=${lang}`);
  const panel = page.getByRole('region', { name: account ? co(lang, 'title') : co(lang, 'login.title'), exact: true });
  await expect(panel).toBeVisible();
  if (session) await expect(panel.getByText(co(lang, 'loading'))).toHaveCount(0);
  return panel;
}

const payButton = (panel: Locator, lang: Lang, amount: string | null) =>
  panel.getByRole('button', { name: amount === null ? co(lang, 'placeOrder') : co(lang, 'pay', { amount }), exact: true });

async function bearer(request: APIRequestContext, customer: DemoCustomer) {
  const response = await request.post('/api/v1/dev/token', { data: { customer } });
  const { data } = (await response.json()) as { data: { token: string } };
  return { Authorization: `Bearer ${data.token}` };
}

async function balances(request: APIRequestContext, customer: DemoCustomer) {
  const response = await request.get('/api/v1/customers/balances', { headers: await bearer(request, customer) });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: { wallet: number; qpoints: number; credit_used: number | null } }).data;
}

/** Every POST orders the page makes. */
function orderPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/orders') posts.push(request);
  });
  return posts;
}

async function expectEmptyCart(page: Page, lang: Lang = 'en') {
  await open(page, `/cart?lang=${lang}`);
  await expect(page.getByText(copy(lang, 'pages:cart.empty'))).toBeVisible();
}

async function payOnGateway(page: Page, button: 'Pay' | 'Decline') {
  await expect(page).toHaveURL(/\/api\/v1\/dev-gateway\/txn_/);
  await expect(page.getByRole('heading', { name: 'Development payment gateway' })).toBeVisible();
  await page.getByRole('button', { name: button, exact: true }).click();
}

async function expectOrderPage(page: Page, lang: Lang = 'en') {
  await expect(page).toHaveURL(/\/paymentsuccess\/[\w-]+/);
  await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:payment.successTitle') })).toBeVisible();
  await expect(page.getByTestId('order-reference')).toHaveText(/^ORD-/);
  await expect(page.getByTestId('order-status')).toHaveText(co(lang, 'order.statuses.paid'));
  const code = page.getByTestId('ticket-code').first();
  await expect(code).toHaveText(/^TKT-/);
  const ticket = (await code.textContent()) ?? '';
  await expect(page.getByRole('img', { name: co(lang, 'order.qrLabel', { code: ticket }) })).toBeVisible();
}

// ---------------------------------------------------------------------------------------------------------------
// Card through the hosted payment page

test('[S0-1.4] [S0-1.12] [S1-1.5] [S1-4.25] [S0-2.35] card: an admission ticket paid on the development gateway’s Pay returns to the order page with ticket codes and QR codes; the cart is reset', async ({ page, request }) => {
  const errors = watchPageErrors(page);
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await expect(panel.getByRole('radio', { name: co('en', 'methods.newCard') })).toBeChecked();
  await expect(panel.getByRole('radio', { name: co('en', 'methods.savedCard', { brand: 'Visa', last4: '4242', expiry: '12/29' }) })).toBeVisible();
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 105');
  await payButton(panel, 'en', 'AED 105').click();
  await payOnGateway(page, 'Pay');
  await expectOrderPage(page);
  await expect(page.getByRole('region', { name: co('en', 'order.payments') }).getByText('AED 105')).toBeVisible();
  await expectEmptyCart(page);
  expect(errors).toEqual([]);
});

test('[S0-2.36] [S0-8.19] card: Decline on the gateway shows the transaction-failed text', async ({ page, request }) => {
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await payButton(panel, 'en', 'AED 105').click();
  await payOnGateway(page, 'Decline');
  await expect(page).toHaveURL(/\/paymentfailed/);
  await expect(page.getByText(fill(copy('en', 'pages:payment.failedText'), { days: 7 }))).toBeVisible();
});

test('[S1-4.24] the form-post gateway type gets a real form POST with the payment’s fields', async ({ page, request }) => {
  const settings = await request.post('/api/v1/dev/payment-settings', { data: { gateway: 'form_post' } });
  expect(settings.ok(), await settings.text()).toBeTruthy();
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  const gatewayPost = page.waitForRequest((sent) => sent.method() === 'POST' && /\/api\/v1\/dev-gateway\/txn_[0-9a-f]+$/.test(sent.url()));
  await payButton(panel, 'en', 'AED 105').click();
  const posted = await gatewayPost;
  expect(new URLSearchParams(posted.postData() ?? '').get('amount')).toBe('105.00');
  await payOnGateway(page, 'Pay');
  await expectOrderPage(page);
});

// ---------------------------------------------------------------------------------------------------------------
// Wallet, q-points, credit

test('[S0-1.13] [S1-4.26] [S1-4.28] wallet pays it all: the success modal, then the cart resets', async ({ page, request }) => {
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await panel.getByRole('checkbox', { name: co('en', 'methods.wallet', { amount: 'AED 150' }) }).check();
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 0');
  await panel.getByLabel(co('en', 'notes.label')).fill('Please leave towels at the gate');
  await payButton(panel, 'en', null).click();
  const modal = page.getByRole('alertdialog', { name: co('en', 'success.title') });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: co('en', 'success.close') }).click();
  await expect(page.getByText(copy('en', 'pages:cart.empty'))).toBeVisible();
  expect((await balances(request, 'customer')).wallet).toBe(45);
});

test('[S0-1.12] [S0-1.13] wallet pays part and the card the rest; the order page shows the split', async ({ page, request }) => {
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 2, 'g1')] });
  await panel.getByRole('checkbox', { name: co('en', 'methods.wallet', { amount: 'AED 150' }) }).check();
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 60');
  await payButton(panel, 'en', 'AED 60').click();
  await payOnGateway(page, 'Pay');
  await expectOrderPage(page);
  const payments = page.getByRole('region', { name: co('en', 'order.payments') });
  await expect(payments).toContainText(co('en', 'order.paidByWallet'));
  await expect(payments).toContainText('AED 150');
  await expect(payments).toContainText('AED 60');
});

test('[S0-1.15] [S0-6.4] a partner pays by credit within the limit', async ({ page, request }) => {
  const panel = await openCheckout(page, request, { account: 'partner', lines: (venue) => [ticketLine(venue, TICKETS.adult, 2, 'g1')] });
  await expect(panel.getByRole('radio', { name: new RegExp(co('en', 'methods.credit')) })).toBeChecked();
  await expect(panel).toContainText(co('en', 'methods.creditAvailable', { amount: 'AED 650' }));
  await payButton(panel, 'en', null).click();
  await expect(page.getByRole('alertdialog', { name: co('en', 'success.title') })).toBeVisible();
  expect((await balances(request, 'partner')).credit_used).toBe(560);
});

test('[S0-5.23] [S0-1.15] a partner over the credit limit is told so and keeps the cart', async ({ page, request }) => {
  const posts = orderPosts(page);
  const panel = await openCheckout(page, request, { account: 'partner', lines: (venue) => [ticketLine(venue, TICKETS.family, 2, 'g1')] });
  await payButton(panel, 'en', null).click();
  await expect(panel.getByRole('alert')).toHaveText('You are exceeding allowed credit limit');
  expect(posts).toHaveLength(0);
  await page.reload();
  await expect(page.getByRole('region', { name: co('en', 'title'), exact: true })).toBeVisible();
  expect((await balances(request, 'partner')).credit_used).toBe(350);
});

test('[S1-4.27] an order that needs the venue’s approval shows the approval-required modal', async ({ page, request }) => {
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.vipBowling, 1, 'g1')] });
  await panel.getByRole('checkbox', { name: co('en', 'methods.wallet', { amount: 'AED 150' }) }).check();
  await payButton(panel, 'en', null).click();
  const modal = page.getByRole('alertdialog', { name: co('en', 'approval.title') });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: co('en', 'approval.view') }).click();
  await expect(page).toHaveURL(/\/paymentsuccess\//);
  await expect(page.getByTestId('order-status')).toHaveText(co('en', 'order.statuses.awaiting_approval'));
});

// ---------------------------------------------------------------------------------------------------------------
// One order per submission

test('[S1-7.20] a double tap on Pay makes one order', async ({ page, request }) => {
  const posts = orderPosts(page);
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await panel.getByRole('checkbox', { name: co('en', 'methods.wallet', { amount: 'AED 150' }) }).check();
  await payButton(panel, 'en', null).dblclick();
  await expect(page.getByRole('alertdialog', { name: co('en', 'success.title') })).toBeVisible();
  expect(posts).toHaveLength(1);
  expect((await balances(request, 'customer')).wallet).toBe(45);
});

test('[S1-7.20] a lost answer: Try again resends the same key and the venue answers the first order', async ({ page, request }) => {
  const posts = orderPosts(page);
  let dropped = false;
  await page.route('**/api/v1/orders', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    // The venue places the order, but its answer never reaches the browser.
    await route.fetch();
    await route.abort('connectionreset');
  });
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await panel.getByRole('checkbox', { name: co('en', 'methods.wallet', { amount: 'AED 150' }) }).check();
  await payButton(panel, 'en', null).click();
  await expect(panel.getByRole('alert')).toHaveText(co('en', 'lost.text'));
  await panel.getByRole('button', { name: co('en', 'lost.retry'), exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: co('en', 'success.title') })).toBeVisible();
  expect(posts).toHaveLength(2);
  const keys = await Promise.all(posts.map((post) => post.headerValue('idempotency-key')));
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect((await balances(request, 'customer')).wallet).toBe(45);
});

test('[S1-7.20] a reload after a lost answer sends the kept key again and shows the first result', async ({ page, request }) => {
  const posts = orderPosts(page);
  let dropped = false;
  await page.route('**/api/v1/orders', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const panel = await openCheckout(page, request, { lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await panel.getByRole('checkbox', { name: co('en', 'methods.wallet', { amount: 'AED 150' }) }).check();
  await payButton(panel, 'en', null).click();
  await expect(panel.getByRole('alert')).toHaveText(co('en', 'lost.text'));
  await page.reload();
  const modal = page.getByRole('alertdialog', { name: co('en', 'success.title') });
  await expect(modal).toBeVisible();
  expect(posts).toHaveLength(2);
  expect(await posts[1]!.headerValue('idempotency-key')).toBe(await posts[0]!.headerValue('idempotency-key'));
  await modal.getByRole('button', { name: co('en', 'success.close') }).click();
  await expect(page.getByText(copy('en', 'pages:cart.empty'))).toBeVisible();
  expect((await balances(request, 'customer')).wallet).toBe(45);
});

// ---------------------------------------------------------------------------------------------------------------
// Visitors and guests

test('[S0-6.1] a visitor without a session is asked to log in; the guest option shows when the venue allows it', async ({ page, request }) => {
  const panel = await openCheckout(page, request, { account: null, lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await expect(panel.getByRole('link', { name: co('en', 'login.action') })).toHaveAttribute('href', /\/login\?nextUrl=%2Fcart/);
  await expect(panel.getByRole('button', { name: co('en', 'login.guest') })).toHaveCount(0);
});

test('[S1-1.6] guest checkout: continue as a guest, pay by card, see the order', async ({ page, request }) => {
  await patchConfig(request, { is_guest_checkout: 1 });
  const panel = await openCheckout(page, request, { account: null, lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await panel.getByRole('button', { name: co('en', 'login.guest'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: copy('en', 'account:guest.title') });
  await field(dialog, 'en', 'fields.name').fill('Sara Ali');
  await field(dialog, 'en', 'fields.mobile').fill('0551234567');
  await field(dialog, 'en', 'fields.email').fill('sara.ali@example.com');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: copy('en', 'account:guest.submit'), exact: true }).click();
  const checkout = page.getByRole('region', { name: co('en', 'title'), exact: true });
  await expect(checkout.getByText(co('en', 'guestNotice', { email: 'sara.ali@example.com' }))).toBeVisible();
  await expect(checkout.getByRole('checkbox', { name: /Wallet/ })).toHaveCount(0);
  await payButton(checkout, 'en', 'AED 105').click();
  await payOnGateway(page, 'Pay');
  await expectOrderPage(page);
});

// ---------------------------------------------------------------------------------------------------------------
// Arabic and kiosk

for (const lang of ['en', 'ar'] as const) {
  test(`[S0-1.25] kiosk (${lang}): Pay is a 64 px target in the lower half, wallet plus card pays through the gateway`, async ({ page, request }) => {
    const panel = await openCheckout(page, request, { lang, kiosk: true, lines: (venue) => [ticketLine(venue, TICKETS.adult, 2, 'g1')] });
    await expectDocumentLanguage(page, lang);
    await panel.getByRole('checkbox', { name: co(lang, 'methods.wallet', { amount: 'AED 150' }) }).check();
    const pay = payButton(panel, lang, 'AED 60');
    await pay.scrollIntoViewIfNeeded();
    await expectKioskTarget(pay);
    const box = await pay.boundingBox();
    expect(box!.y + box!.height / 2).toBeGreaterThan(KIOSK.height / 2);
    await expectNoHorizontalOverflow(page);
    await pay.click();
    await payOnGateway(page, 'Pay');
    await expectOrderPage(page, lang);
  });
}

test('[S0-1.13] Arabic phone: wallet checkout reads right to left and shows the Arabic success modal', async ({ page, request }) => {
  const panel = await openCheckout(page, request, { lang: 'ar', lines: (venue) => [ticketLine(venue, TICKETS.adult, 1, 'g1')] });
  await expectDocumentLanguage(page, 'ar');
  await panel.getByRole('checkbox', { name: co('ar', 'methods.wallet', { amount: 'AED 150' }) }).check();
  const pay = payButton(panel, 'ar', null);
  expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoHorizontalOverflow(page);
  await pay.click();
  await expect(page.getByRole('alertdialog', { name: co('ar', 'success.title') })).toBeVisible();
});
