// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '../../ui/testingLibrary';
import { type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import { createApiClient } from '../../api/client';
import { facilityLineFixture } from '../../domain/cart/facilityLineFixture';
import { cartTotals } from '../../domain/cart/totals';
import { siteConfig, type SiteConfigInput } from '../../domain/contract/config';
import { siteConfigInput } from '../../domain/contract/siteConfigFixture';
import { type Balances, type OrderResult, type OrderSummary } from '../../domain/contract/orders';
import { type Lang } from '../../domain/lang';
import { type User } from '../../domain/session';
import { createTestI18n } from '../../i18n/testing';
import { installDialogPolyfill } from '../../ui/testing';
import { PortalProvider, type Portal } from '../../app/portal';
import { CheckoutPanel } from './CheckoutPanel';
import { PaymentSuccessPage } from './PaymentPages';
import { order } from '../../routes/loaders';

beforeAll(() => {
  installDialogPolyfill();
  window.scrollTo = () => {};
});
afterEach(cleanup);

const customer: User = { token: 't-1', first_name: 'Layla', email: 'layla@example.com', mobile: '+971501234567', is_anonymous: false };
const balances: Balances = { wallet: 150, qpoints: 0, credit_limit: null, credit_used: null, saved_cards: [{ id: 4, brand: 'Visa', last4: '4242', expiry: '12/29' }] };
const paid: OrderResult = { pg: null, url: null, form_fields: null, transactionId: null, isApprovalRequired: false, order_token: 'tok-0000000000000000' };

type Reply = { status: number; body: unknown };
type Sent = { method: string; path: string; headers: Headers };

function config(overrides: Partial<SiteConfigInput> = {}) {
  return siteConfig.parse(
    siteConfigInput({
      venue: { id: 1, name: 'Marina', ar_name: 'مارينا' },
      logo_url: 'logo.svg',
      colors: { primary: '#0b5cad', secondary: '#0f766e', cta: '#b4400a', accent: '#f5b301', dark: '#0f172a' },
      maintenance: { enabled: false, title: '', message: '' },
      allow_support: 1,
      enable_footer_contact_us: 1,
      ...overrides,
    }),
  );
}

/** The portal a screen sees: a fake venue API answering by path, and the config and session as fixed snapshots. */
function portalWith(answer: (sent: Sent) => Reply, { user = customer, configOverrides = {} }: { user?: User | null; configOverrides?: Partial<SiteConfigInput> } = {}) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { method: init?.method ?? 'GET', path: new URL(String(input)).pathname, headers: new Headers(init?.headers) };
    sent.push(request);
    const reply = answer(request);
    return Response.json(reply.body, { status: reply.status });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'http://venue.test/api/v1/', headers: () => ({}), fetch });
  const shell = createActor(fromTransition((state) => state, { config: config(configOverrides) })).start();
  const session = createActor(fromTransition((state) => state, { user })).start();
  const portal = { api, shell, session } as unknown as Portal;
  return { portal, sent };
}

/** The root route with the providers every screen needs. */
function rootWith(portal: Portal, lang: Lang) {
  const i18n = createTestI18n(lang);
  return createRootRoute({
    component: () => (
      <I18nextProvider i18n={i18n}>
        <PortalProvider portal={portal}>
          <Outlet />
        </PortalProvider>
      </I18nextProvider>
    ),
  });
}

async function show(routeTree: AnyRoute, path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  return router;
}

async function renderAt(path: string, routePath: string, ui: ReactNode, portal: Portal, lang: Lang = 'en') {
  const rootRoute = rootWith(portal, lang);
  return show(
    rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: routePath, component: () => ui }),
      createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <p>elsewhere</p> }),
    ]),
    path,
  );
}

/** The payment page under the same layout and with the same loader as in the app's router. */
async function renderPaymentSuccess(path: string, portal: Portal) {
  const rootRoute = rootWith(portal, 'en');
  const siteLayout = createRoute({ getParentRoute: () => rootRoute, id: '_site' });
  const page = createRoute({ getParentRoute: () => siteLayout, path: '/paymentsuccess/$token', loader: ({ params }) => order(portal.api, params.token), component: PaymentSuccessPage });
  return show(rootRoute.addChildren([siteLayout.addChildren([page])]), path);
}

const lines = [facilityLineFixture({ price: 200, tax_amount: 10 })];

describe('CheckoutPanel', () => {
  it('[S0-1.13] [S1-4.26] offers wallet and saved card, shows what is left for the card, pays once and shows the success modal', async () => {
    const { portal, sent } = portalWith(({ path }) =>
      path.endsWith('/customers/balances') ? { status: 200, body: { status: true, data: balances } } : { status: 200, body: { status: true, data: paid, message: 'Order placed successfully' } },
    );
    const onOrdered = vi.fn();
    await renderAt('/cart', '/cart', <CheckoutPanel lines={lines} totals={cartTotals(lines)} benefit={null} onOrdered={onOrdered} />, portal);

    const wallet = await screen.findByRole('checkbox', { name: 'Wallet (AED 150)' });
    expect(screen.getByRole('radio', { name: 'Visa ending 4242, expires 12/29' })).toBeTruthy();
    expect(screen.getByTestId('checkout-card-amount').textContent).toBe('AED 210');
    fireEvent.click(wallet);
    expect(screen.getByTestId('checkout-card-amount').textContent).toBe('AED 60');
    fireEvent.change(screen.getByLabelText(/Order notes/), { target: { value: 'Gate 3' } });

    const pay = screen.getByRole('button', { name: 'Pay AED 60' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    const modal = await screen.findByRole('alertdialog', { name: 'Order placed' });
    const posts = sent.filter((each) => each.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onOrdered).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Done' }));
    });
    await waitFor(() => expect(onOrdered).toHaveBeenCalledOnce());
  });

  it('[S0-8.6] [S1-8.10] a refusal shows the server message and keeps the order button', async () => {
    const { portal } = portalWith(({ path }) =>
      path.endsWith('/customers/balances') ? { status: 200, body: { status: true, data: balances } } : { status: 409, body: { status: false, message: 'Maximum capacity reached' } },
    );
    await renderAt('/cart', '/cart', <CheckoutPanel lines={lines} totals={cartTotals(lines)} benefit={null} onOrdered={() => {}} />, portal);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay AED 210' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Maximum capacity reached');
    expect(await screen.findByRole('button', { name: 'Pay AED 210' })).toBeTruthy();
  });

  it('[S1-8.6] [S0-1.7] our own refusals are shown in the visitor’s language, with the numbers the venue named (Arabic)', async () => {
    let refusal = 'Maximum capacity reached, remaining capacity is 3, requested capacity is 5';
    const { portal } = portalWith(({ path }) =>
      path.endsWith('/customers/balances') ? { status: 200, body: { status: true, data: balances } } : { status: 409, body: { status: false, message: refusal } },
    );
    await renderAt('/cart', '/cart', <CheckoutPanel lines={lines} totals={cartTotals(lines)} benefit={null} onOrdered={() => {}} />, portal, 'ar');
    const pay = await screen.findByRole('button', { name: /AED 210/ });
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('تم الوصول إلى الحد الأقصى للسعة، السعة المتبقية 3 والسعة المطلوبة 5');
    refusal = 'The workshop start date has passed. Choose today or a later start date.';
    fireEvent.click(await screen.findByRole('button', { name: /AED 210/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('لقد مضى تاريخ بدء الورشة. اختر اليوم أو تاريخ بدء لاحقًا.'));
  });

  it('[S0-6.1] a visitor is asked to log in, with the guest option where the venue allows it (Arabic)', async () => {
    const { portal } = portalWith(() => ({ status: 500, body: {} }), { user: null, configOverrides: { is_guest_checkout: 1 } });
    await renderAt('/cart', '/cart', <CheckoutPanel lines={lines} totals={cartTotals(lines)} benefit={null} onOrdered={() => {}} />, portal, 'ar');
    expect(await screen.findByRole('heading', { name: 'يرجى تسجيل الدخول' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' }).getAttribute('href')).toContain('nextUrl=%2Fcart');
    expect(screen.getByRole('button', { name: 'المتابعة كضيف' })).toBeTruthy();
  });
});

const summary: OrderSummary = {
  token: 'tok-0000000000000000',
  reference: 'ORD-ABC123',
  status: 'paid',
  created_at: '2026-11-22T10:00:00Z',
  currency: 'AED',
  subtotal: 200,
  vat: 10,
  discount: 0,
  total: 210,
  paid_by_card: 60,
  paid_by_wallet: 150,
  paid_by_qpoints: 0,
  paid_by_credit: 0,
  lines: [
    {
      kind: 'facility',
      name: 'Adult',
      ar_name: 'بالغ',
      quantity: 2,
      date: '2026-11-25',
      start_time: '10:00:00',
      end_time: '11:00:00',
      total: 200,
      addons: [{ name: 'Towel', ar_name: 'منشفة', quantity: 1, total: 10 }],
    },
  ],
  tickets: [{ code: 'TKT-0A1B2C3D4E5F', label: 'Adult', holder: 'Layla Hassan' }],
};

describe('PaymentSuccessPage', () => {
  it('[S0-2.35] shows the reference, lines with add-ons, totals, the payment split and each ticket as text and QR code', async () => {
    const { portal, sent } = portalWith(() => ({ status: 200, body: { status: true, data: summary } }));
    await renderPaymentSuccess('/paymentsuccess/tok-0000000000000000', portal);
    expect((await screen.findByTestId('order-reference')).textContent).toBe('ORD-ABC123');
    expect(sent[0]?.path).toBe('/api/v1/orders/tok-0000000000000000');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment successful');
    expect(screen.getByText('Add-on: Towel × 1', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('AED 210');
    expect(screen.getByText('Wallet')).toBeTruthy();
    expect(screen.getByTestId('ticket-code').textContent).toBe('TKT-0A1B2C3D4E5F');
    const qr = await screen.findByRole('img', { name: 'QR code of ticket TKT-0A1B2C3D4E5F' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
  });

  it('an unknown token says the order was not found', async () => {
    const { portal } = portalWith(() => ({ status: 404, body: { status: false, message: 'Order not found' } }));
    await renderPaymentSuccess('/paymentsuccess/tok-unknown-00000000', portal);
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find this order. Check the link in your confirmation email.');
  });

  it('a payment not yet confirmed waits, and Check again asks once more', async () => {
    let status: OrderSummary['status'] = 'pending_payment';
    const { portal, sent } = portalWith(() => ({ status: 200, body: { status: true, data: { ...summary, status } } }));
    await renderPaymentSuccess('/paymentsuccess/tok-0000000000000000', portal);
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for payment confirmation' })).toBeTruthy();
    status = 'paid';
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect((await screen.findByTestId('order-status')).textContent).toBe('Completed');
    expect(sent).toHaveLength(2);
  });
});

