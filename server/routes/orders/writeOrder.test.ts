import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/accounts';
import { idempotencyKeys, orderLines, orders, payments } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { answerOnce, storeAnswerWith } from './idempotency';
import { venues } from '../../db/schema/venue';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { testDatabaseUrl } from '../../testing/testDatabase';
import { pricedLine, type PricedLine } from './lines';
import { type OrderRow } from './lifecycle';
import { writeOrder } from './writeOrder';

const NOW = new Date('2026-11-20T10:15:30.123Z');

const line = (name: string, unitPrice: number, addons: PricedLine[] = []): PricedLine => ({
  ...pricedLine({ kind: 'facility', productId: null, itemId: null, name, arName: null, date: '2026-11-21', startTime: '10:00:00', endTime: '11:00:00', quantity: 2, unitPrice, unitTax: 0.75, customers: [] }),
  addons,
});

describe('writeOrder', () => {
  let t: TestApp;
  let order: Omit<OrderRow, 'id'>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const [venue] = await t.db.select({ id: venues.id }).from(venues).limit(1);
    const [customer] = await t.db.select({ id: customers.id }).from(customers).limit(1);
    if (!venue || !customer) throw new Error('no demo venue or customer');
    order = {
      token: 'write-order-token-1234567890',
      reference: 'ORD-WRITE1',
      venueId: venue.id,
      customerId: customer.id,
      status: 'pending_payment',
      currency: 'AED',
      subtotal: 95.5,
      vat: 4.77,
      discount: 0,
      total: 100.27,
      paidByCard: 90.27,
      paidByWallet: 10,
      paidByQpoints: 0,
      paidByCredit: 0,
      promotionCode: null,
      promotionType: null,
      notes: 'Gate B, please',
      requiresApproval: false,
      sessionId: 'session-1',
      expiresAt: new Date(NOW.getTime() + 15 * 60_000),
      createdAt: NOW,
      settledAt: null,
    };
  });
  afterAll(() => t.close());

  it('writes the order, its lines with each add-on under its own base line, and its payment in one statement, answering the row as stored', async () => {
    const lines = [line('Adult', 40, [line('Goggles', 5), line('Towel', 3)]), line('Child', 25.5, [line('Locker', 2)])];
    const payment = { gateway: 'redirect' as const, transactionId: 'txn_write_order_1', amount: 90.27, savedCardId: null, saveCard: false, createdAt: NOW };

    const written = await t.db.transaction((tx) => writeOrder(tx, order, lines, payment));

    const [stored] = await t.db.select().from(orders).where(eq(orders.id, written.id));
    expect(written).toEqual(stored);
    const rows = await t.db.select().from(orderLines).where(eq(orderLines.orderId, written.id)).orderBy(asc(orderLines.id));
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(rows.map((row) => row.name).sort()).toEqual(['Adult', 'Child', 'Goggles', 'Locker', 'Towel']);
    expect(byName.get('Goggles')?.parentLineId).toBe(byName.get('Adult')?.id);
    expect(byName.get('Towel')?.parentLineId).toBe(byName.get('Adult')?.id);
    expect(byName.get('Locker')?.parentLineId).toBe(byName.get('Child')?.id);
    expect(byName.get('Adult')).toMatchObject({ parentLineId: null, quantity: 2, unitPrice: 40, unitTax: 0.75, total: 81.5, ticketCode: expect.stringMatching(/^TKT-[0-9A-F]{12}$/) });
    expect(byName.get('Goggles')?.ticketCode).toBeNull();
    expect(await t.db.select({ orderId: payments.orderId, amount: payments.amount, status: payments.status }).from(payments).where(eq(payments.transactionId, payment.transactionId))).toEqual([
      { orderId: written.id, amount: 90.27, status: 'pending' },
    ]);
  });

  it('writes an order paid without a card with no payment row', async () => {
    const paid = { ...order, token: 'write-order-token-paid-0987654321', reference: 'ORD-WRITE2', status: 'paid' as const, paidByCard: 0, paidByWallet: 100.27, expiresAt: null, settledAt: NOW };
    const written = await t.db.transaction((tx) => writeOrder(tx, paid, [line('Adult', 40)], null));
    expect(await t.db.select().from(payments).where(eq(payments.orderId, written.id))).toEqual([]);
    expect(await t.db.select({ name: orderLines.name }).from(orderLines).where(eq(orderLines.orderId, written.id))).toEqual([{ name: 'Adult' }]);
  });

  it('stores the submission\'s answer in the statement that writes the order; a refusal at the last step stores the refusal instead, with no order', async () => {
    const submit = (key: string, refuseLast: boolean) =>
      answerOnce(t.db, { scope: 'session:write-order', key, digest: `digest-${key}`, now: NOW }, async (tx, answerRow) => {
        const answer = answerRow(200, { status: true, data: { order_token: key }, message: 'Order placed successfully' });
        const written = await writeOrder(tx, { ...order, token: `write-order-token-${key}`, reference: `ORD-${key}` }, [line('Adult', 40)], null, [storeAnswerWith(answer)]);
        const last = async () => {
          if (refuseLast) throw new HttpError(409, 'Maximum capacity reached');
        };
        return { statusCode: answer.statusCode, body: answer.body, stored: true, outcome: written, last };
      });
    const storedAnswer = async (key: string) =>
      t.db.select({ statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response, requestHash: idempotencyKeys.requestHash }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const ordersOf = async (key: string) => t.db.select({ id: orders.id }).from(orders).where(eq(orders.token, `write-order-token-${key}`));

    const placed = await submit('KEPT01', false);
    expect(placed).toMatchObject({ statusCode: 200, replayed: false });
    expect(await storedAnswer('KEPT01')).toEqual([{ statusCode: 200, response: placed.body, requestHash: 'digest-KEPT01' }]);
    expect(await ordersOf('KEPT01')).toHaveLength(1);
    expect(await submit('KEPT01', false)).toMatchObject({ statusCode: 200, body: placed.body, replayed: true });

    const refusedAnswer = await submit('REFUSED1', true);
    expect(refusedAnswer).toMatchObject({ statusCode: 409, body: { status: false, message: 'Maximum capacity reached' } });
    expect(await storedAnswer('REFUSED1')).toEqual([{ statusCode: 409, response: refusedAnswer.body, requestHash: 'digest-REFUSED1' }]);
    expect(await ordersOf('REFUSED1')).toEqual([]);
  });

  // A refusal rolls back its whole transaction, the key's lock with it, before its answer is stored. Only PostgreSQL
  // has a second connection to store another answer in that gap (the embedded database runs one thing at a time).
  it.skipIf(testDatabaseUrl() === null)('a refusal whose key got an answer meanwhile gives that answer, and stores nothing of its own', async () => {
    const scope = 'session:refusal-gap';
    const identity = (digest: string) => ({ scope, key: 'GAP1', digest, now: NOW });
    const kept = await answerOnce(t.db, identity('digest-gap'), async () => {
      // Another connection of the pool commits an answer for the key while this submission is still at work.
      await t.db.insert(idempotencyKeys).values({ scope, key: 'GAP1', requestHash: 'digest-gap', statusCode: 200, response: { first: true }, createdAt: NOW });
      throw new HttpError(409, 'Maximum capacity reached');
    });
    expect(kept).toEqual({ statusCode: 200, body: { first: true }, replayed: true, outcome: null });
    expect(await t.db.select({ statusCode: idempotencyKeys.statusCode }).from(idempotencyKeys).where(eq(idempotencyKeys.key, 'GAP1'))).toEqual([{ statusCode: 200 }]);
  });
});
