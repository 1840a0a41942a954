import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerResponse, qpointsResponse, savedCardsResponse, walletResponse } from '../../../src/domain/contract/wallet';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { DEMO_BLOCKED_PARTNER } from '../../seed/wallet';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { ORDER_MESSAGES } from '../orders/messages';
import { balancesOf, facilityLine, orderResult, orderTestApp, pressGateway, submitOrder } from '../orders/ordersTestSupport';
import { bearerOf, callerOf, hosted, ok, refusal, type WalletTestApp } from './walletTestSupport';

describe('wallet, q-points and partner credit', () => {
  let app: WalletTestApp;
  let api: ReturnType<typeof callerOf>;
  let layla: Headers;
  let ahmed: Headers;
  let noura: Headers;
  let hamad: Headers;
  let daniel: Headers;
  let keys = 0;

  beforeAll(async () => {
    app = await orderTestApp();
    api = callerOf(app);
    layla = await bearerOf(app, DEMO_ACCOUNTS.customer.email);
    ahmed = await bearerOf(app, DEMO_ACCOUNTS.member.email);
    noura = await bearerOf(app, DEMO_ACCOUNTS.partner.email);
    hamad = await bearerOf(app, DEMO_BLOCKED_PARTNER.email);
    daniel = await bearerOf(app, DEMO_ACCOUNTS.employee.email);
  });
  afterAll(() => app.t.close());

  const wallet = async (headers: Headers, query = '') => ok(await api.get(`customers/wallet${query}`, headers), walletResponse);
  const qpoints = async (headers: Headers) => ok(await api.get('customers/q-points', headers), qpointsResponse);
  const partner = async (headers: Headers) => ok(await api.get('customers/partner', headers), partnerResponse);
  const adults = (quantity: number) => ({
    capacity_facility: [facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), quantity })],
  });
  const order = (headers: Headers, quantity: number, fields = {}) => submitOrder(app.t, { key: `wallet-${++keys}`, products: adults(quantity), headers, fields });

  describe('q-points', () => {
    it('[S0-2.21] [S0-1.18] shows the balance, its value and history of earned, redeemed and expired points', async () => {
      const page = await qpoints(layla);
      expect(page).toMatchObject({ balance: 35, value: 35, currency: 'AED', points_per_unit: 0.01, total: 8 });
      expect(page.data.map((entry) => [entry.type, entry.points])).toEqual([
        ['earned', 10],
        ['expired', -8],
        ['expired', -2],
        ['earned', 5],
        ['earned', 20],
        ['redeemed', -10],
        ['earned', 8],
        ['earned', 12],
      ]);
      // The 20 earned 350 days ago expire 12 months after they were earned, in about two weeks.
      expect(page.next_expiry?.points).toBe(20);
      expect(page.data[0]?.balance).toBe(35);
    });

    it('[S0-1.18] an order earns its points when it is paid, not before, and once', async () => {
      const placed = orderResult(await order(layla, 5));
      expect((await qpoints(layla)).balance).toBe(35);
      await pressGateway(app.t, placed.url ?? '', 'pay');
      await pressGateway(app.t, placed.url ?? '', 'pay');
      const after = await qpoints(layla);
      expect(after.balance).toBe(40);
      expect(after.data[0]).toMatchObject({ type: 'earned', points: 5, order_reference: expect.stringMatching(/^ORD-/) });
    });

    it('a declined order earns nothing; q-points answer only their owner', async () => {
      const placed = orderResult(await order(layla, 3));
      await pressGateway(app.t, placed.url ?? '', 'decline');
      expect((await qpoints(layla)).balance).toBe(40);
      expect((await qpoints(daniel)).data).toEqual([]);
      expect(refusal(await api.get('customers/q-points'), 401)).toBe('Please Login!');
    });
  });

  describe('wallet', () => {
    it('[S0-2.22] [S0-1.18] [S0-9.2] shows the balance and its history, 16 a page, newest first, each with its running balance', async () => {
      const first = await wallet(layla);
      expect(first).toMatchObject({ balance: 150, currency: 'AED', total: 22, total_pages: 2, per_page: 16, current_page: 1 });
      expect(first.data).toHaveLength(16);
      expect(first.data[0]?.balance).toBe(150);
      const second = await wallet(layla, '?page=2');
      expect(second.data).toHaveLength(6);
      const all = [...first.data, ...second.data];
      // Each balance is the next older one plus this entry's amount.
      for (let index = 0; index < all.length - 1; index += 1) expect(all[index]?.balance).toBeCloseTo((all[index + 1]?.balance ?? 0) + (all[index]?.amount ?? 0));
      expect(new Set(all.map((entry) => entry.type))).toEqual(new Set(['top_up', 'purchase', 'refund', 'returned', 'other']));
      expect(all.find((entry) => entry.type === 'purchase')?.order_reference).toMatch(/^ORD-/);
    });

    it('[S0-9.23] [S0-9.24] [S0-9.25] the range shortcuts keep the last 7, 30 and 90 days; a bad range falls back to all', async () => {
      const counts = await Promise.all(['week', 'month', 'quarter', 'all', 'nonsense'].map(async (range) => (await wallet(layla, `?range=${range}`)).total));
      expect(counts).toEqual([5, 9, 15, 22, 22]);
    });

    it('lists the venue’s top-up amounts and refuses others with an actionable 4xx', async () => {
      expect((await wallet(layla)).top_up).toEqual({ min: 50, max: 1000, step: 50, choices: [50, 100, 150, 200, 250, 300, 350, 400] });
      expect(refusal(await api.send('POST', 'customers/wallet/top-up', layla, { amount: 75 }), 422)).toBe('Choose an amount from AED 50 to AED 1,000, in steps of AED 50');
      expect(refusal(await api.send('POST', 'customers/wallet/top-up', layla, { amount: 5000 }), 422)).toMatch(/^Choose an amount/);
      expect(refusal(await api.send('POST', 'customers/wallet/top-up', layla, { amount: 'lots' }), 400)).toMatch(/amount/);
      expect(refusal(await api.send('POST', 'customers/wallet/top-up', layla, { amount: -50 }), 400)).toMatch(/above zero/);
      expect(refusal(await api.send('POST', 'customers/wallet/top-up', {}, { amount: 100 }), 401)).toBe('Please Login!');
    });

    it('[S0-1.18] a top-up is credited when the gateway says paid, once, however often Pay is repeated', async () => {
      const payment = hosted(await api.send('POST', 'customers/wallet/top-up', layla, { amount: 100 }));
      expect(payment.url).toBe(`/api/v1/dev-gateway/account/${payment.transactionId}`);
      expect((await wallet(layla)).balance).toBe(150);
      const page = await app.t.app.inject({ method: 'GET', url: payment.url });
      expect(page.body).toContain(payment.reference);
      expect(page.body).toContain('AED 100');
      expect(await pressGateway(app.t, payment.url, 'pay')).toBe('/profile/user/wallet?payment=paid');
      expect(await pressGateway(app.t, payment.url, 'pay')).toBe('/profile/user/wallet?payment=paid');
      expect(await pressGateway(app.t, payment.url, 'decline')).toBe('/profile/user/wallet?payment=paid');
      const after = await wallet(layla);
      expect(after.balance).toBe(250);
      expect(after.data[0]).toMatchObject({ type: 'top_up', amount: 100, balance: 250 });
      expect((await balancesOf(app.t, layla)).wallet).toBe(250);
    });

    it('a declined top-up credits nothing; a saved card must be the customer’s own and unexpired', async () => {
      const payment = hosted(await api.send('POST', 'customers/wallet/top-up', layla, { amount: 50 }));
      expect(await pressGateway(app.t, payment.url, 'decline')).toBe('/profile/user/wallet?payment=declined');
      expect(await pressGateway(app.t, payment.url, 'pay')).toBe('/profile/user/wallet?payment=declined');
      expect((await wallet(layla)).balance).toBe(250);
      const cards = ok(await api.get('customers/cards', layla), savedCardsResponse);
      const expired = cards.find((card) => card.is_expired);
      const usable = cards.find((card) => !card.is_expired);
      expect(refusal(await api.send('POST', 'customers/wallet/top-up', ahmed, { amount: 50, card_id: usable?.id }), 404)).toBe('Saved card not found');
      expect(refusal(await api.send('POST', 'customers/wallet/top-up', layla, { amount: 50, card_id: expired?.id }), 422)).toBe(ORDER_MESSAGES.cardExpired);
      const withCard = hosted(await api.send('POST', 'customers/wallet/top-up', layla, { amount: 50, card_id: usable?.id }));
      expect((await app.t.app.inject({ method: 'GET', url: withCard.url })).body).toContain(`ending ${usable?.last4}`);
    });

    it('the wallet answers only its owner', async () => {
      expect((await wallet(ahmed)).balance).toBe(0);
      expect((await wallet(ahmed)).data).toEqual([]);
      expect(refusal(await api.get('customers/wallet'), 401)).toBe('Please Login!');
    });

    it('[S0-1.13] the top-up is spent at checkout', async () => {
      const placed = orderResult(await order(layla, 2, { is_wallet: 1 }));
      expect(placed.url).toBeNull();
      expect((await wallet(layla)).balance).toBe(40);
      expect((await wallet(layla)).data[0]).toMatchObject({ type: 'purchase', amount: -210, balance: 40 });
      // Paid at once, so it earned its q-points at once: 1 point per AED 100.
      expect((await qpoints(layla)).balance).toBe(42);
    });
  });

  describe('partner credit', () => {
    it('[S0-1.21] [S0-6.4] [S0-3.34] shows the limit, used and available credit, the details and the invoice dues', async () => {
      const page = await partner(noura);
      expect(page.account).toMatchObject({
        kind: 'b2b',
        credit_limit: 1000,
        credit_used: 350,
        credit_available: 650,
        grace_days: 7,
        blocked_by: null,
        details: { contact_person: 'Noura Khalid', entity_type: 'Event organiser', entity_name: 'Gulf Corporate Events LLC' },
      });
      expect(page.data.map((invoice) => invoice.status)).toEqual(['open', 'paid', 'paid', 'paid']);
      expect(page.data[0]?.number).toMatch(/^INV-\d{6}$/);
    });

    it('a B2E employee sees their own purchases on the company credit', async () => {
      const page = await partner(daniel);
      expect(page.account.kind).toBe('b2e');
      expect(page.data.map((invoice) => [invoice.amount, invoice.status])).toEqual([[95, 'open'], [140, 'paid']]);
    });

    it('customers without a credit account get 404; invoices answer only their owner', async () => {
      expect(refusal(await api.get('customers/partner', layla), 404)).toBe('No partner credit account');
      const invoice = (await partner(hamad)).data[0];
      expect(refusal(await api.send('POST', `customers/partner/invoices/${invoice?.id}/pay`, noura, {}), 404)).toBe('Invoice not found');
      expect(refusal(await api.send('POST', `customers/partner/invoices/${invoice?.id}/pay`, layla, {}), 404)).toBe('Invoice not found');
      expect(refusal(await api.send('POST', 'customers/partner/invoices/x1/pay', hamad, {}), 400)).toMatch(/whole numbers/);
      expect(refusal(await api.send('POST', `customers/partner/invoices/${invoice?.id}/pay`, hamad, { card_id: 'visa' }), 400)).toMatch(/card_id/);
    });

    it('[S0-1.21] [S0-6.4] an invoice overdue beyond the grace days blocks credit purchases until it is paid by card', async () => {
      const page = await partner(hamad);
      expect(page.data.map((invoice) => [invoice.status, invoice.blocks_credit])).toEqual([
        ['overdue', true],
        ['overdue', false],
        ['open', false],
        ['paid', false],
      ]);
      const blocking = page.data[0];
      expect(page.account.blocked_by).toBe(blocking?.number);
      expect((await balancesOf(app.t, hamad)).credit_blocked_by).toBe(blocking?.number);
      expect(refusal(await order(hamad, 1), 422)).toBe(ORDER_MESSAGES.creditBlocked(blocking?.number ?? ''));

      const payment = hosted(await api.send('POST', `customers/partner/invoices/${blocking?.id}/pay`, hamad, {}));
      expect(payment.reference).toBe(blocking?.number);
      expect(await pressGateway(app.t, payment.url, 'pay')).toBe('/profile/partner?payment=paid');
      const after = await partner(hamad);
      expect(after.account).toMatchObject({ blocked_by: null, credit_used: 440 });
      expect(after.data.find((invoice) => invoice.id === blocking?.id)?.status).toBe('paid');
      expect(refusal(await api.send('POST', `customers/partner/invoices/${blocking?.id}/pay`, hamad, {}), 409)).toBe('This invoice is already paid');
      expect(orderResult(await order(hamad, 1)).url).toBeNull();
    });

    it('an invoice paid twice at once is charged once; the second payment goes to the wallet', async () => {
      const open = (await partner(hamad)).data.find((invoice) => invoice.status === 'overdue');
      const first = hosted(await api.send('POST', `customers/partner/invoices/${open?.id}/pay`, hamad, {}));
      const second = hosted(await api.send('POST', `customers/partner/invoices/${open?.id}/pay`, hamad, {}));
      await pressGateway(app.t, first.url, 'pay');
      await pressGateway(app.t, second.url, 'pay');
      expect((await wallet(hamad)).data[0]).toMatchObject({ type: 'refund', amount: open?.amount });
    });
  });
});
