import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocumentsResponse, upcomingTicketsResponse, type OrderDocuments } from '../../../src/domain/contract/orderDocuments';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { admissionTickets } from '../../db/schema/admissionTickets';
import { orderLines, orders } from '../../db/schema/orders';
import { caller, latestMessage, refused } from '../accounts/accountsTestSupport';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { commonLineFields, day, orderResult, orderSummaryOf, orderTestApp, pressGateway, submitOrder } from '../orders/ordersTestSupport';
import { ORDER_NOT_FOUND } from './orderDocuments';

const visitor = (name: string) => ({ name, email: '', mobile_number: '', country_code: '971' });

describe('one ticket a person', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let member: Headers;
  let keys = 0;

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    member = await app.api.bearer('member');
  });
  afterAll(() => app.t.close());

  const documentsOf = async (orderId: number, headers: Headers = customer): Promise<OrderDocuments> => {
    const res = await app.t.app.inject({ method: 'GET', url: `/api/v1/customers/orders/${orderId}/tickets`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return orderDocumentsResponse.parse(res.json()).data;
  };
  const orderIdOf = async (where: { token: string } | { reference: string }) => {
    const [row] = await app.t.db
      .select({ id: orders.id })
      .from(orders)
      .where('token' in where ? eq(orders.token, where.token) : eq(orders.reference, where.reference));
    if (!row) throw new Error('no such order');
    return row.id;
  };
  /** Family Fun Run places paid by card through the gateway, with the visitors named on the line. */
  const buyRun = async (quantity: number, visitors: string[]) => {
    const placed = orderResult(
      await submitOrder(app.t, {
        key: `admissions-${++keys}`,
        products: {
          event: [{ ...commonLineFields(app.venueId, PRODUCT_TYPE.event, quantity), customers: visitors.map(visitor), product_id: 3, event_id: 3, date: day(38), start_time: '07:00:00', end_time: '10:00:00' }],
        },
        headers: customer,
      }),
    );
    expect(await pressGateway(app.t, placed.url ?? '', 'pay')).toBe(`/paymentsuccess/${placed.order_token}`);
    return placed.order_token;
  };

  it('[S0-2.35] a paid line of three places, one named: three tickets, the named visitor and twice the buyer, each code its own, the same on every page', async () => {
    const token = await buyRun(3, ['Omar Hassan']);
    const summary = await orderSummaryOf(app.t, token);
    expect(summary.tickets.map((ticket) => ticket.holder)).toEqual(['Omar Hassan', 'Layla Hassan', 'Layla Hassan']);
    expect(summary.tickets.map((ticket) => ticket.label)).toEqual(Array(3).fill(`Family Fun Run, ${day(38)} 07:00`));
    const codes = summary.tickets.map((ticket) => ticket.code);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^TKT-[0-9A-F]{12,16}$/);

    const documents = await documentsOf(await orderIdOf({ token }));
    expect(documents.tickets.map((ticket) => [ticket.code, ticket.holder, ticket.quantity, ticket.status])).toEqual([
      [codes[0], 'Omar Hassan', 1, 'valid'],
      [codes[1], 'Layla Hassan', 1, 'valid'],
      [codes[2], 'Layla Hassan', 1, 'valid'],
    ]);
    const confirmation = await latestMessage(caller(app.t), 'layla.hassan@example.com');
    for (const code of codes) expect(confirmation.body).toContain(code);
    const upcoming = upcomingTicketsResponse.parse((await app.t.app.inject({ method: 'GET', url: '/api/v1/customers/tickets/upcoming', headers: customer })).json()).data;
    expect(upcoming.filter((each) => each.reference === summary.reference).map((each) => each.ticket.code)).toEqual(codes);
  });

  it('issues each ticket once: readers at the same time and later all see the same codes, stored once', async () => {
    const token = await buyRun(2, []);
    const orderId = await orderIdOf({ token });
    const reads = await Promise.all(Array.from({ length: 6 }, () => documentsOf(orderId)));
    const codes = reads[0]!.tickets.map((ticket) => ticket.code);
    expect(codes).toHaveLength(2);
    for (const read of reads) expect(read.tickets.map((ticket) => ticket.code)).toEqual(codes);
    expect((await orderSummaryOf(app.t, token)).tickets.map((ticket) => ticket.code)).toEqual(codes);
    const lineIds = (await app.t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId))).map((row) => row.id);
    expect(await app.t.db.select({ code: admissionTickets.code }).from(admissionTickets).where(inArray(admissionTickets.orderLineId, lineIds))).toHaveLength(2);
  });

  it('the family visit (ORD-FAM0001), paid before tickets were a person each, gets one QR code a member; the first keeps the code it had', async () => {
    const documents = await documentsOf(await orderIdOf({ reference: 'ORD-FAM0001' }));
    expect(documents.tickets.map((ticket) => [ticket.name, ticket.holder])).toEqual([
      ['Aqua Park', 'Layla Hassan'],
      ['Aqua Park', 'Omar Hassan'],
    ]);
    expect(documents.tickets[0]?.code).toBe('TKT-FAM000000001');
    expect(documents.tickets[1]?.code).not.toBe('TKT-FAM000000001');
  });

  it("an unpaid order issues no tickets, and another customer's order answers 404 without issuing any", async () => {
    const unpaid = orderResult(
      await submitOrder(app.t, {
        key: `admissions-${++keys}`,
        products: { event: [{ ...commonLineFields(app.venueId, PRODUCT_TYPE.event, 2), product_id: 3, event_id: 3, date: day(38), start_time: '07:00:00', end_time: '10:00:00' }] },
        headers: customer,
      }),
    );
    const orderId = await orderIdOf({ token: unpaid.order_token });
    expect((await documentsOf(orderId)).tickets).toEqual([]);
    expect((await orderSummaryOf(app.t, unpaid.order_token)).tickets).toEqual([]);

    const paid = await orderIdOf({ token: await buyRun(2, []) });
    const lineIds = (await app.t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, paid))).map((row) => row.id);
    await app.t.db.delete(admissionTickets).where(inArray(admissionTickets.orderLineId, lineIds));
    refused(await app.t.app.inject({ method: 'GET', url: `/api/v1/customers/orders/${paid}/tickets`, headers: member }), 404, ORDER_NOT_FOUND);
    expect(await app.t.db.select().from(admissionTickets).where(inArray(admissionTickets.orderLineId, lineIds))).toEqual([]);
  });
});
