import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qpointsResponse } from '../../../src/domain/contract/wallet';
import { LEDGER_REASONS } from '../../../src/domain/wallet/ledgerEntries';
import { customers } from '../../db/schema/accounts';
import { orders, qpointsLedger } from '../../db/schema/orders';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { balancesOf, facilityLine, orderResult, orderTestApp, submitOrder } from '../orders/ordersTestSupport';
import { bearerOf, callerOf, ok, refusal, type WalletTestApp } from './walletTestSupport';

/**
 * The demo customer's q-points (server/seed/wallet.ts) under the test clock (2025-06-01): 20 points earned on
 * 2024-06-16 10:00 UTC are the next to expire, 12 months on; 15 more were earned this year.
 */
const NEXT_EXPIRY = '2025-06-16T10:00:00.000Z';

describe('q-points expire by themselves, once, first in first out', () => {
  let app: WalletTestApp;
  let api: ReturnType<typeof callerOf>;
  let layla: Headers;
  let daniel: Headers;
  let laylaId: number;

  beforeAll(async () => {
    app = await orderTestApp();
    api = callerOf(app);
    layla = await bearerOf(app, DEMO_ACCOUNTS.customer.email);
    daniel = await bearerOf(app, DEMO_ACCOUNTS.employee.email);
    const [row] = await app.t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, DEMO_ACCOUNTS.customer.email));
    laylaId = row!.id;
  });
  afterAll(() => app.t.close());

  const qpoints = async (headers: Headers) => ok(await api.get('customers/q-points', headers), qpointsResponse);
  const expiredEntries = () =>
    app.t.db
      .select({ amount: qpointsLedger.amount, at: qpointsLedger.createdAt })
      .from(qpointsLedger)
      .where(and(eq(qpointsLedger.customerId, laylaId), eq(qpointsLedger.reason, LEDGER_REASONS.expired)));

  it('[S0-2.21] names the next expiry: the points left of the oldest earning, 12 months after it was earned', async () => {
    const page = await qpoints(layla);
    expect(page.balance).toBe(35);
    expect(page.next_expiry).toEqual({ points: 20, at: NEXT_EXPIRY });
    expect(await expiredEntries()).toHaveLength(2);
  });

  it('[S0-1.14] a checkout after the expiry, with nothing read since, spends only what is still valid', async () => {
    app.clock.advanceMinutes(16 * 24 * 60);
    // Sixteen days on, the sessions of the first test have ended.
    layla = await bearerOf(app, DEMO_ACCOUNTS.customer.email);
    daniel = await bearerOf(app, DEMO_ACCOUNTS.employee.email);
    const placed = orderResult(
      await submitOrder(app.t, {
        key: 'qpoints-expiry-checkout',
        products: { capacity_facility: [facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), date: '2025-06-20' })] },
        headers: layla,
        fields: { is_qpoints: 1 },
      }),
    );
    const [order] = await app.t.db.select({ paidByQpoints: orders.paidByQpoints }).from(orders).where(eq(orders.token, placed.order_token));
    expect(order?.paidByQpoints).toBe(15);
    const page = await qpoints(layla);
    expect(page.balance).toBe(0);
    // The expiry sits at its own moment, before the redemption, and the running balance never dips below zero.
    expect(page.data.slice(0, 2).map((entry) => [entry.type, entry.points, entry.balance])).toEqual([
      ['redeemed', -15, 0],
      ['expired', -20, 15],
    ]);
    expect(page.data[1]?.created_at).toBe(NEXT_EXPIRY);
    expect(page.data.every((entry) => entry.balance >= 0)).toBe(true);
    // The 15 spent were this year's (first in, first out after the 20 expired): nothing is left to expire.
    expect(page.next_expiry).toBeNull();
  });

  it('settles once however many read at the same time; balance, history and checkout agree', async () => {
    const before = await expiredEntries();
    const reads = await Promise.all([...Array.from({ length: 4 }, () => qpoints(layla)), balancesOf(app.t, layla), balancesOf(app.t, layla)]);
    expect(await expiredEntries()).toEqual(before);
    expect(before.filter((entry) => entry.at.toISOString() === NEXT_EXPIRY)).toEqual([{ amount: -20, at: new Date(NEXT_EXPIRY) }]);
    for (const read of reads) expect('qpoints' in read ? read.qpoints : read.balance).toBe(0);
  });

  it("one customer's expiry never touches another's points; the call answers only its owner", async () => {
    const danielPage = await qpoints(daniel);
    expect(danielPage.data.filter((entry) => entry.type === 'expired')).toEqual([]);
    expect(danielPage.next_expiry).toBeNull();
    expect(refusal(await api.get('customers/q-points'), 401)).toBe('Please Login!');
  });
});
