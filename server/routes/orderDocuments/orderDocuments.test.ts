import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocumentsResponse, upcomingTicketsResponse, type OrderDocuments } from '../../../src/domain/contract/orderDocuments';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { orders } from '../../db/schema/orders';
import { DEMO_TICKET_ORDER } from '../../seed/ticketOrders';
import { refused } from '../accounts/accountsTestSupport';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { commonLineFields, day, orderResult, orderTestApp, submitOrder } from '../orders/ordersTestSupport';
import { ORDER_NOT_FOUND } from './orderDocuments';

describe('tickets, transaction details and PDFs of an order', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let member: Headers;
  let demoOrderId: number;
  let keys = 0;

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    member = await app.api.bearer('member');
    const [demo] = await app.t.db.select({ id: orders.id }).from(orders).where(eq(orders.reference, DEMO_TICKET_ORDER.reference));
    if (!demo) throw new Error('the demo ticket order is missing');
    demoOrderId = demo.id;
  });
  afterAll(() => app.t.close());

  const get = (url: string, headers: Headers = customer) => app.t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
  const documentsOf = async (orderId: number, headers: Headers = customer): Promise<OrderDocuments> => {
    const res = await get(`customers/orders/${orderId}/tickets`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return orderDocumentsResponse.parse(res.json()).data;
  };
  const buyRunTickets = async (quantity: number, fields: Record<string, number> = {}) =>
    orderResult(
      await submitOrder(app.t, {
        key: `order-documents-${++keys}`,
        products: {
          event: [{ ...commonLineFields(app.venueId, PRODUCT_TYPE.event, quantity), product_id: 3, event_id: 3, date: day(38), start_time: '07:00:00', end_time: '10:00:00' }],
        },
        headers: customer,
        fields,
      }),
    );

  it("[S0-2.20] [S0-2.57] shows every ticket of the customer's order, one a person, with its code, holder, what, when, where and status", async () => {
    const documents = await documentsOf(demoOrderId);
    expect(documents.reference).toBe(DEMO_TICKET_ORDER.reference);
    const session = { kind: 'training', name: 'Coach Priya Nair', place: null, date: day(4), start_time: '07:00:00', quantity: 1, status: 'valid' };
    expect(documents.tickets).toEqual([
      // The first person keeps the code the line's ticket always had; the second has one of their own.
      expect.objectContaining({ ...session, code: 'TKT-3F9A1C7B20D4', holder: 'Layla Hassan' }),
      expect.objectContaining({ ...session, code: expect.stringMatching(/^TKT-[0-9A-F]{16}$/), holder: 'Omar Hassan' }),
      expect.objectContaining({ code: 'TKT-8B2E6D4A19C5', kind: 'training', name: 'Coach Omar Haddad', place: null, holder: 'Layla Hassan', status: 'cancelled' }),
    ]);
    expect((await documentsOf(demoOrderId)).tickets, 'read again, the same tickets').toEqual(documents.tickets);
  });

  it('[S0-2.53] [S0-3.32] gives the transaction details: reference, amount paid, pending amount, status, each payment and refund', async () => {
    const { transaction } = await documentsOf(demoOrderId);
    expect(transaction).toMatchObject({
      reference: DEMO_TICKET_ORDER.reference,
      status: 'paid',
      total: 735,
      vat: 35,
      amount_paid: 735,
      pending_amount: 0,
      refunded_amount: 100,
      refund_requested_amount: 215,
    });
    expect(transaction.payments.map(({ method, amount, status }) => ({ method, amount, status }))).toEqual([
      { method: 'wallet', amount: 100, status: 'paid' },
      { method: 'card', amount: 635, status: 'paid' },
    ]);
    expect(transaction.refunds.map(({ method, amount, status, line }) => ({ method, amount, status, line: line?.name }))).toEqual([
      { method: 'wallet', amount: 100, status: 'refunded', line: 'Coach Omar Haddad' },
      { method: 'card', amount: 215, status: 'requested', line: 'Coach Omar Haddad' },
    ]);
  });

  it("says where an event ticket is for (the event's location), and names the buyer when the line names no visitors", async () => {
    const placed = await buyRunTickets(1, { is_wallet: 1 });
    const [row] = await app.t.db.select().from(orders).where(eq(orders.token, placed.order_token));
    const [ticket] = (await documentsOf(row!.id)).tickets;
    expect(ticket).toMatchObject({ name: 'Family Fun Run', place: { name: 'Marina Promenade', ar_name: 'ممشى المرسى' }, holder: 'Layla Hassan', status: 'valid' });
  });

  it('an order waiting for its card payment has no tickets yet and owes what the wallet did not pay', async () => {
    // More than the demo wallet holds: the wallet pays what it has, the card the rest.
    const placed = await buyRunTickets(4, { is_wallet: 1 });
    const [row] = await app.t.db.select().from(orders).where(eq(orders.token, placed.order_token));
    const documents = await documentsOf(row!.id);
    expect(documents.tickets).toEqual([]);
    expect(documents.transaction).toMatchObject({ status: 'pending_payment', amount_paid: row!.paidByWallet, pending_amount: row!.total - row!.paidByWallet });
    expect(documents.transaction.payments.map((payment) => [payment.method, payment.status])).toEqual([
      ['wallet', 'paid'],
      ['card', 'pending'],
    ]);
  });

  it("answers another customer's order, a missing one and one of another id shape as the customer's never existed", async () => {
    for (const url of [`customers/orders/${demoOrderId}/tickets`, `customers/orders/${demoOrderId}/tickets.pdf`, `customers/orders/${demoOrderId}/receipt.pdf`]) {
      refused(await get(url, member), 404, ORDER_NOT_FOUND);
      refused(await get(url, {}), 401);
    }
    refused(await get('customers/orders/2147483000/tickets'), 404, ORDER_NOT_FOUND);
    refused(await get('customers/orders/abc/tickets'), 400);
    refused(await get('customers/orders/0/receipt.pdf'), 400);
  });

  it.each(['tickets', 'receipt'] as const)('[S0-2.59] makes the %s PDF: an attachment named after the order reference', async (kind) => {
    const res = await get(`customers/orders/${demoOrderId}/${kind}.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${kind}-${DEMO_TICKET_ORDER.reference}.pdf"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document information names the order; pdfkit compresses the page streams themselves.
    expect(bytes.toString('latin1')).toContain(`(${DEMO_TICKET_ORDER.reference})`);
    expect(bytes.toString('latin1')).toContain('/Lang (en)');
    expect(bytes.toString('latin1')).not.toContain('NotoSansArabic');
  });

  it('[S0-1.2] writes the PDF in Arabic when asked by ?lang=ar or by Accept-Language, with the Arabic font embedded', async () => {
    for (const [url, headers] of [
      [`customers/orders/${demoOrderId}/tickets.pdf?lang=ar`, customer],
      [`customers/orders/${demoOrderId}/receipt.pdf`, { ...customer, 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, res.body).toBe(200);
      const text = res.rawPayload.toString('latin1');
      expect(text).toContain('/Lang (ar)');
      expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
      expect(text).toContain(`(${DEMO_TICKET_ORDER.reference})`);
    }
  });

  it('keeps the language a bad ?lang= asks for to English rather than refusing the file', async () => {
    const res = await get(`customers/orders/${demoOrderId}/receipt.pdf?lang=fr`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain('/Lang (en)');
  });

  it("lists the customer's upcoming tickets, soonest first, for a device to keep; never a cancelled or another's one", async () => {
    const unpaid = await buyRunTickets(1);
    expect(unpaid.url, 'the order waits for the card').not.toBeNull();
    const res = await get('customers/tickets/upcoming');
    expect(res.statusCode, res.body).toBe(200);
    const all = upcomingTicketsResponse.parse(res.json()).data;
    expect(all.map((each) => `${each.ticket.date} ${each.ticket.start_time ?? ''}`)).toEqual(all.map((each) => `${each.ticket.date} ${each.ticket.start_time ?? ''}`).sort());
    // The demo booking history (server/seed/bookingHistory.ts) has upcoming tickets of its own; these are this file's.
    const upcoming = all.filter((each) => each.reference === DEMO_TICKET_ORDER.reference || each.ticket.name === 'Family Fun Run');
    // The demo's session for two in 4 days, then the Family Fun Run ticket paid above (38 days ahead); not the unpaid one.
    expect(upcoming.map((each) => [each.ticket.name, each.ticket.holder, each.ticket.date, each.ticket.status])).toEqual([
      ['Coach Priya Nair', 'Layla Hassan', day(4), 'valid'],
      ['Coach Priya Nair', 'Omar Hassan', day(4), 'valid'],
      ['Family Fun Run', 'Layla Hassan', day(38), 'valid'],
    ]);
    expect(upcoming[0]?.reference).toBe(DEMO_TICKET_ORDER.reference);
    const others = upcomingTicketsResponse.parse((await get('customers/tickets/upcoming', member)).json()).data;
    // The demo member has upcoming bookings of his own (server/seed/bookingHistory.ts): none of hers.
    const hers = new Set(all.map((each) => each.reference));
    expect(others.filter((each) => hers.has(each.reference))).toEqual([]);
    refused(await get('customers/tickets/upcoming', {}), 401);
  });
});
