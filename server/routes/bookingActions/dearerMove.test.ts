import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingMoves } from '../../db/schema/bookingMoves';
import { facilityBookings, products } from '../../db/schema/facilities';
import { orderLines, orders, payments } from '../../db/schema/orders';
import { caller, latestMessage, refused } from '../accounts/accountsTestSupport';
import { ORDER_MESSAGES } from '../orders/messages';
import { addLedgerEntry } from '../orders/ledgers';
import { balancesOf, day, facilityLine, pressGateway, submitOrder } from '../orders/ordersTestSupport';
import { bookingActionsSuite, moveOf, rescheduleQuoteOf, rescheduleResultOf, WALLET } from './bookingActionsTestSupport';
import { BOOKING_ACTION_MESSAGES } from './messages';
import { expireDueMoves } from './movePayments';

const BY_CARD = { wallet: 0 as const };

describe('reschedule to a dearer slot, paid through the checkout’s payments [issue 15]', () => {
  const suite = bookingActionsSuite();

  const lineOf = async (lineId: number) => (await suite.app.t.db.select().from(orderLines).where(eq(orderLines.id, lineId)))[0];
  const orderOfLine = async (lineId: number) =>
    (await suite.app.t.db.select({ order: orders }).from(orders).innerJoin(orderLines, eq(orderLines.orderId, orders.id)).where(eq(orderLines.id, lineId)))[0]?.order;
  const setPrice = (name: string, price: number, taxAmount: number) => suite.app.t.db.update(products).set({ price, taxAmount }).where(eq(products.id, suite.app.productId(name)));
  const placesAt = (facilityId: number, date: string, start: string) =>
    suite.app.t.db
      .select()
      .from(facilityBookings)
      .where(and(eq(facilityBookings.facilityId, facilityId), eq(facilityBookings.date, date), eq(facilityBookings.startTime, start), ne(facilityBookings.statusId, 2)));

  /** A wallet-paid Aqua Park ticket on day(offset) at 10:00, then the Adult price raised to 126 (21 more). */
  const dearerTicket = async (offset: number) => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(offset)] }, suite.customer, WALLET);
    await setPrice('Adult', 120, 6);
    return lineId;
  };
  const restorePrices = () => setPrice('Adult', 100, 5);

  it('holds the new slot for one card payment, moves the booking once the gateway says paid, and never twice', async () => {
    const lineId = await dearerTicket(20);
    try {
      const target = { date: day(21), start_time: '12:00:00', difference: 21, payment: BY_CARD };
      const qpoints = (await balancesOf(suite.app.t, suite.customer)).qpoints;
      const first = await suite.api.reschedule(lineId, suite.customer, target, 'dearer-once');
      const started = rescheduleResultOf(first);
      expect(started).toMatchObject({ slot: { date: day(20), start_time: '10:00:00' }, paid_difference: 0, payment: { pg: 'redirect' } });
      // A double tap, a replay and a second key for the same move: one pending payment.
      expect((await suite.api.reschedule(lineId, suite.customer, target, 'dearer-once')).body).toBe(first.body);
      expect(rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, target, 'dearer-twice')).payment?.url).toBe(started.payment?.url);
      const order = await orderOfLine(lineId);
      expect(await suite.app.t.db.select().from(payments).where(and(eq(payments.orderId, order?.id ?? 0), eq(payments.status, 'pending')))).toHaveLength(1);
      // Held meanwhile: the new slot counts the place, the booking is still on its old one.
      expect(await placesAt(suite.app.ids.aquaPark, day(21), '12:00:00')).toHaveLength(1);
      expect(await lineOf(lineId)).toMatchObject({ date: day(20), startTime: '10:00:00' });
      const token = started.payment?.move_token ?? '';
      expect(moveOf(await suite.api.move(token, suite.customer))).toMatchObject({ state: 'pending', amount: 21, from: { date: day(20) }, to: { date: day(21), start_time: '12:00:00' } });

      const back = await pressGateway(suite.app.t, started.payment?.url ?? '', 'pay');
      expect(back).toBe(`/profile/booking-moves/${token}`);
      expect(moveOf(await suite.api.move(token, suite.customer))).toMatchObject({ state: 'completed', payment: null, expires_at: null });
      expect(await lineOf(lineId)).toMatchObject({ date: day(21), startTime: '12:00:00', total: 126 });
      expect(await placesAt(suite.app.ids.aquaPark, day(21), '12:00:00')).toHaveLength(1);
      expect(await placesAt(suite.app.ids.aquaPark, day(20), '10:00:00')).toHaveLength(0);
      expect(await orderOfLine(lineId)).toMatchObject({ total: 126, paidByCard: 21, paidByWallet: 105 });
      expect((await balancesOf(suite.app.t, suite.customer)).qpoints).toBe(qpoints);
      expect((await latestMessage(caller(suite.app.t), 'layla.hassan@example.com')).body).toContain(`is now on ${day(21)} at 12:00`);

      // The settle replayed, and the other button after it: nothing more happens.
      expect(await pressGateway(suite.app.t, started.payment?.url ?? '', 'pay')).toBe(back);
      expect(await pressGateway(suite.app.t, started.payment?.url ?? '', 'decline')).toBe(back);
      expect(await orderOfLine(lineId)).toMatchObject({ total: 126, paidByCard: 21 });
      expect(moveOf(await suite.api.move(token, suite.customer)).state).toBe('completed');
    } finally {
      await restorePrices();
    }
  });

  it('answers only the move’s owner and bounds what it is given', async () => {
    const lineId = await dearerTicket(22);
    try {
      refused(await suite.api.reschedule(lineId, suite.customer, { date: day(22), start_time: '13:00:00', difference: 21, payment: { wallet: 0, card_id: 999_999 } }), 404, ORDER_MESSAGES.cardNotFound);
      refused(await suite.api.reschedule(lineId, suite.customer, { date: day(22), start_time: '13:00:00', difference: 21, payment: { wallet: 2 as 0 } }), 400);
      const started = rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, { date: day(22), start_time: '13:00:00', difference: 21, payment: BY_CARD }));
      const token = started.payment?.move_token ?? '';
      refused(await suite.api.move(token, suite.member), 404, BOOKING_ACTION_MESSAGES.moveNotFound);
      refused(await suite.api.move('x'.repeat(40), suite.customer), 404, BOOKING_ACTION_MESSAGES.moveNotFound);
      refused(await suite.api.move('bad token!', suite.customer), 400);
      refused(await suite.api.move(token, {}), 401);
      refused(await suite.api.reschedule(lineId, suite.member, { date: day(22), start_time: '13:00:00', difference: 21, payment: BY_CARD }), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    } finally {
      await restorePrices();
    }
  });

  it('a declined payment leaves the booking on its old slot, frees the hold, and a second try can pay', async () => {
    const lineId = await dearerTicket(23);
    try {
      const body = { date: day(24), start_time: '12:00:00', difference: 21, payment: BY_CARD };
      const started = rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, body));
      expect(await pressGateway(suite.app.t, started.payment?.url ?? '', 'decline')).toBe(`/profile/booking-moves/${started.payment?.move_token}`);
      expect(moveOf(await suite.api.move(started.payment?.move_token ?? '', suite.customer))).toMatchObject({ state: 'failed', from: { date: day(23), start_time: '10:00:00' } });
      expect(await lineOf(lineId)).toMatchObject({ date: day(23), startTime: '10:00:00', total: 105 });
      expect(await placesAt(suite.app.ids.aquaPark, day(24), '12:00:00')).toHaveLength(0);
      expect(await orderOfLine(lineId)).toMatchObject({ total: 105, paidByCard: 0 });

      const again = rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, body));
      expect(again.payment?.move_token).not.toBe(started.payment?.move_token);
      await pressGateway(suite.app.t, again.payment?.url ?? '', 'pay');
      expect(await lineOf(lineId)).toMatchObject({ date: day(24), startTime: '12:00:00' });
    } finally {
      await restorePrices();
    }
  });

  it('the wallet pays first and, when it covers all, moves at once; a card payment not made within 15 minutes expires, the booking untouched and its hold freed', async () => {
    const lineId = await dearerTicket(25);
    try {
      const wallet = (await balancesOf(suite.app.t, suite.customer)).wallet;
      const moved = rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, { date: day(25), start_time: '12:00:00', difference: 21, payment: { wallet: 1 } }));
      expect(moved).toMatchObject({ slot: { date: day(25), start_time: '12:00:00' }, paid_difference: 21, payment: null, wallet_balance: wallet - 21 });
      expect(await lineOf(lineId)).toMatchObject({ startTime: '12:00:00', total: 126 });

      await restorePrices();
      const other = await dearerTicket(26);
      const started = rescheduleResultOf(await suite.api.reschedule(other, suite.customer, { date: day(26), start_time: '15:00:00', difference: 21, payment: BY_CARD }));
      suite.app.clock.advanceMinutes(15);
      expect(await expireDueMoves(suite.app.t.db, suite.app.clock.now())).toBeGreaterThanOrEqual(1);
      const [move] = await suite.app.t.db.select().from(bookingMoves).where(eq(bookingMoves.token, started.payment?.move_token ?? ''));
      expect(move?.state).toBe('expired');
      expect(await lineOf(other)).toMatchObject({ date: day(26), startTime: '10:00:00', total: 105 });
      expect(await placesAt(suite.app.ids.aquaPark, day(26), '15:00:00')).toHaveLength(0);
      // Pay pressed too late: the move page says what happened, and nothing moves.
      expect(await pressGateway(suite.app.t, started.payment?.url ?? '', 'pay')).toBe(`/profile/booking-moves/${started.payment?.move_token}`);
      expect(await lineOf(other)).toMatchObject({ startTime: '10:00:00' });
    } finally {
      await restorePrices();
    }
  });

  it('a wallet too small for the difference pays its part at once, the card the rest; when the move expires unpaid the wallet part comes back', async () => {
    const lineId = await dearerTicket(27);
    try {
      const customerId = (await orderOfLine(lineId))?.customerId ?? 0;
      const before = (await balancesOf(suite.app.t, suite.customer)).wallet;
      // Leave AED 8 in the wallet: it pays 8 of the 21, the card the other 13.
      await addLedgerEntry(suite.app.t.db, 'wallet', { customerId, orderId: null, amount: -(before - 8), reason: 'test: spend down', createdAt: suite.app.clock.now() });
      const started = rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, { date: day(27), start_time: '13:00:00', difference: 21, payment: { wallet: 1 } }));
      expect(started.payment?.move_token).toBeTruthy();
      expect((await balancesOf(suite.app.t, suite.customer)).wallet).toBe(0);
      const [pending] = await suite.app.t.db.select().from(bookingMoves).where(eq(bookingMoves.token, started.payment?.move_token ?? ''));
      expect(pending).toMatchObject({ state: 'pending', paidByWallet: 8 });

      suite.app.clock.advanceMinutes(15);
      await expireDueMoves(suite.app.t.db, suite.app.clock.now());
      expect(moveOf(await suite.api.move(started.payment?.move_token ?? '', suite.customer))).toMatchObject({ state: 'expired' });
      expect((await balancesOf(suite.app.t, suite.customer)).wallet).toBe(8);
      // Expiring again gives nothing back twice.
      await expireDueMoves(suite.app.t.db, suite.app.clock.now());
      expect((await balancesOf(suite.app.t, suite.customer)).wallet).toBe(8);
      expect(await lineOf(lineId)).toMatchObject({ date: day(27), startTime: '10:00:00', total: 105 });
      await addLedgerEntry(suite.app.t.db, 'wallet', { customerId, orderId: null, amount: before - 8, reason: 'test: top back up', createdAt: suite.app.clock.now() });
    } finally {
      await restorePrices();
    }
  });

  it('two customers paying for the last place of the new slot: the first to hold it wins, the other is told the slot is taken', async () => {
    const pitch = (start: string, end: string) =>
      facilityLine({ venue_id: suite.app.venueId, facility_id: suite.app.ids.mainPitch, venue_service_id: suite.app.ids.football, product_id: suite.app.productId('Full Pitch Rental'), date: day(27), start_time: start, end_time: end });
    const mine = await suite.api.buy({ capacity_facility: [pitch('08:00:00', '09:00:00')] }, suite.customer, WALLET);
    const theirs = await suite.api.buy({ capacity_facility: [pitch('10:00:00', '11:00:00')] }, suite.member, WALLET);
    const [rental] = await suite.app.t.db.select().from(products).where(eq(products.id, suite.app.productId('Full Pitch Rental')));
    await suite.app.t.db.update(products).set({ price: (rental?.price ?? 0) + 50 }).where(eq(products.id, suite.app.productId('Full Pitch Rental')));
    try {
      const quote = rescheduleQuoteOf(await suite.api.rescheduleQuote(mine.lineId, suite.customer, { date: day(27), start_time: '16:00:00' }));
      const body = { date: day(27), start_time: '16:00:00', difference: quote.difference, payment: BY_CARD };
      const [a, b] = await Promise.all([suite.api.reschedule(mine.lineId, suite.customer, body), suite.api.reschedule(theirs.lineId, suite.member, body)]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} / ${b.body}`).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toMatchObject({ message: BOOKING_ACTION_MESSAGES.slotTaken });
      // Nor can an order take the held place meanwhile.
      const order = await submitOrder(suite.app.t, { key: 'held-pitch', products: { capacity_facility: [pitch('16:00:00', '17:00:00')] }, headers: suite.member, fields: WALLET });
      expect(order.statusCode).toBe(409);
      const winner = rescheduleResultOf(a.statusCode === 200 ? a : b);
      await pressGateway(suite.app.t, winner.payment?.url ?? '', 'pay');
      expect(await placesAt(suite.app.ids.mainPitch, day(27), '16:00:00')).toHaveLength(1);
    } finally {
      await suite.app.t.db.update(products).set({ price: rental?.price ?? 0 }).where(eq(products.id, suite.app.productId('Full Pitch Rental')));
    }
  });
});
