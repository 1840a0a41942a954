import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/domain/contract/envelope';
import { customers } from '../../db/schema/accounts';
import { facilityBookings } from '../../db/schema/facilities';
import { orderLines, orders, payments, walletLedger } from '../../db/schema/orders';
import { caller, patchConfig } from '../accounts/accountsTestSupport';
import { sessionHeader, type Headers } from '../facilities/facilitiesTestSupport';
import { guestName } from '../../testing/cartLines';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { ORDER_MESSAGES } from './messages';
import { balancesOf, commonLineFields, day, facilityLine, orderResult, orderTestApp, submitOrder } from './ordersTestSupport';

describe('concurrent checkouts', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    await patchConfig(caller(app.t), { is_guest_checkout: 1 });
  });
  afterAll(() => app.t.close());

  const adult = (date: string, fields = {}) =>
    facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), date, ...fields });

  const soldOn = async (date: string) => {
    const [row] = await app.t.db
      .select({ n: sql<number>`coalesce(sum(${facilityBookings.quantity}), 0)::int` })
      .from(facilityBookings)
      .where(and(eq(facilityBookings.facilityId, app.ids.aquaPark), eq(facilityBookings.date, date), ne(facilityBookings.statusId, 2)));
    return row?.n ?? 0;
  };

  it('[S1-7.20] [S1-8.5] 50 concurrent checkouts at the last 10 places: exactly 10 succeed, the rest get the capacity message', async () => {
    const date = day(20);
    await app.t.db.insert(facilityBookings).values({ facilityId: app.ids.aquaPark, productId: app.productId('Adult'), date, startTime: '10:00:00', endTime: '11:00:00', quantity: 110 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        submitOrder(app.t, {
          key: `rush-${index}`,
          products: { capacity_facility: [adult(date)] },
          fields: { is_anonymous: 1, first_name: guestName('Guest', index), last_name: 'Rush', email: `rush${index}@example.com`, mobile: `+97150${String(1000000 + index)}` },
          headers: sessionHeader(`rush-session-${index}`),
        }),
      ),
    );
    const succeeded = responses.filter((res) => res.statusCode === 200);
    const refused = responses.filter((res) => res.statusCode !== 200);
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(errorBody.parse(res.json()).message).toBe('Maximum capacity reached');
    }
    expect(await soldOn(date)).toBe(120);
    for (const res of succeeded) expect(orderResult(res).pg).toBe('redirect');
  });

  it('lines of one order on one slot count each other: together over what is left they are refused, and nothing is booked', async () => {
    const date = day(23);
    await app.t.db.insert(facilityBookings).values({ facilityId: app.ids.aquaPark, productId: app.productId('Adult'), date, startTime: '10:00:00', endTime: '11:00:00', quantity: 114 });
    const familyPass = (quantity: number) => adult(date, { product_id: app.productId('Family Pass'), quantity });
    const over = await submitOrder(app.t, { key: 'one-order-over', products: { capacity_facility: [adult(date, { quantity: 4 }), familyPass(1)] }, headers: customer });
    expect(over.statusCode, over.body).toBe(409);
    expect(errorBody.parse(over.json()).message).toBe(ORDER_MESSAGES.capacityExceeded(2, 4));
    expect(await soldOn(date)).toBe(114);

    const exact = orderResult(await submitOrder(app.t, { key: 'one-order-exact', products: { capacity_facility: [adult(date, { quantity: 2 }), familyPass(1)] }, headers: customer }));
    expect(await soldOn(date)).toBe(120);
    const booked = await app.t.db
      .select({ id: orderLines.facilityBookingId, quantity: facilityBookings.quantity })
      .from(orderLines)
      .innerJoin(facilityBookings, eq(facilityBookings.id, orderLines.facilityBookingId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.token, exact.order_token));
    expect(booked.map((row) => row.quantity).sort()).toEqual([2, 4]);
  });

  it('[S1-7.20] one submission replayed 20 times with its key (at once, then again): one order, one charge', async () => {
    const date = day(21);
    const submission = { key: 'replayed-key', products: { capacity_facility: [adult(date, { quantity: 2 })] }, headers: customer, fields: { order_notes: 'Birthday' } };
    const [ordersBefore] = await app.t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => submitOrder(app.t, submission)));
    const sequential = [];
    for (let attempt = 0; attempt < 3; attempt += 1) sequential.push(await submitOrder(app.t, submission));
    const all = [...concurrent, ...sequential];
    const [head] = all;
    if (!head) throw new Error('no answers');
    const first = orderResult(head);
    for (const res of all) expect(orderResult(res)).toEqual(first);
    expect(all.filter((res) => res.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    const [ordersAfter] = await app.t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect((ordersAfter?.n ?? 0) - (ordersBefore?.n ?? 0)).toBe(1);
    const charges = await app.t.db.select().from(payments).where(eq(payments.transactionId, first.transactionId ?? ''));
    expect(charges).toHaveLength(1);
    expect(charges[0]?.amount).toBe(210);
    expect(await soldOn(date)).toBe(2);
  });

  it("four customers at once for one trainer's hour: exactly one gets it, the others hear the trainer is booked", async () => {
    const list = (await app.t.app.inject({ url: '/api/v1/trainers' })).json() as { data: { data: { id: number; name: string }[] } };
    const omar = list.data.data.find((trainer) => trainer.name === 'Coach Omar Haddad')?.id ?? 0;
    const buyers = await Promise.all((['customer', 'member', 'partner', 'employee'] as const).map((who) => app.api.bearer(who)));
    const session = { ...commonLineFields(app.venueId, PRODUCT_TYPE.trainer), product_id: omar, trainer_id: omar, date: day(2), start_time: '11:00:00', end_time: '12:00:00' };
    const responses = await Promise.all(buyers.map((headers, index) => submitOrder(app.t, { key: `trainer-rush-${index}`, products: { training: [session] }, headers })));
    expect(responses.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const res of responses.filter((each) => each.statusCode === 409)) expect(errorBody.parse(res.json()).message).toBe(ORDER_MESSAGES.trainerBooked);
  });

  it('[S0-1.13] the wallet never goes below zero under concurrent spends', async () => {
    const date = day(22);
    // The demo's own orders (some paid from the wallet) are older than this test's.
    const [seeded] = await app.t.db.select({ last: sql<number>`coalesce(max(${orders.id}), 0)` }).from(orders);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        submitOrder(app.t, { key: `wallet-${index}`, products: { capacity_facility: [adult(date, { product_id: app.productId('Child'), start_time: `1${index % 8}:00:00`, end_time: `1${(index % 8) + 1}:00:00`, group: `w${index}` })] }, headers: customer, fields: { is_wallet: 1 } }),
      ),
    );
    for (const res of responses) orderResult(res);
    const [layla] = await app.t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'layla.hassan@example.com'));
    const spent = await app.t.db
      .select({ paid: orders.paidByWallet })
      .from(orders)
      .where(and(eq(orders.customerId, layla?.id ?? 0), gt(orders.id, Number(seeded?.last ?? 0))));
    expect(spent.reduce((sum, row) => sum + row.paid, 0)).toBe(150);
    expect((await balancesOf(app.t, customer)).wallet).toBe(0);
    const [lowest] = await app.t.db
      .select({ n: sql<string>`min(running)` })
      .from(sql`(select sum(${walletLedger.amount}) over (partition by ${walletLedger.customerId} order by ${walletLedger.id}) as running from ${walletLedger}) as balances`);
    expect(Number(lowest?.n)).toBeGreaterThanOrEqual(0);
  });
});
