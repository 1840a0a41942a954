import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartEventLine } from '../../testing/cartLines';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { events } from '../../db/schema/catalogue';
import { facilityBookings } from '../../db/schema/facilities';
import { orderLines, refunds } from '../../db/schema/orders';
import { caller, latestMessage, refused } from '../accounts/accountsTestSupport';
import { balancesOf, commonLineFields, day, pressGateway } from '../orders/ordersTestSupport';
import { bookingActionsSuite, WALLET, cancelQuoteOf, cancelResultOf } from './bookingActionsTestSupport';
import { BOOKING_ACTION_MESSAGES } from './messages';

describe('cancel a booking', () => {
  const suite = bookingActionsSuite();

  it('answers only the booking’s owner: another customer, an unknown id and a bad id get 404 or 400; no login 401', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(4)] }, suite.customer, WALLET);
    refused(await suite.api.cancelQuote(lineId, suite.member), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await suite.api.cancel(lineId, suite.member, 105), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await suite.api.cancelQuote(999_999, suite.customer), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await suite.api.cancelQuote('abc', suite.customer), 400);
    refused(await suite.api.cancelQuote('99999999999', suite.customer), 400);
    refused(await suite.api.cancelQuote(lineId, {}), 401);
    refused(await suite.api.cancel(lineId, suite.customer, -1), 400);
    refused(await suite.api.cancel(lineId, suite.customer, 'all of it'), 400);
    expect(cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer)).outcome).toBe('free');
  });

  it('takes back the q-points the cancelled booking earned, and no more than were earned', async () => {
    const before = (await balancesOf(suite.app.t, suite.member)).qpoints;
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(6, { quantity: 4 })] }, suite.member, WALLET);
    // 420 AED at the demo's 1 point per AED 100
    expect((await balancesOf(suite.app.t, suite.member)).qpoints).toBe(before + 4);
    const quote = cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.member));
    cancelResultOf(await suite.api.cancel(lineId, suite.member, quote.refund));
    expect((await balancesOf(suite.app.t, suite.member)).qpoints).toBe(before);
  });

  it('a free cancel of a wallet-paid ticket puts it all back in the wallet at once, frees the place and tells the buyer; the same key answers the same, another is a 409', async () => {
    const before = (await balancesOf(suite.app.t, suite.customer)).wallet;
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(5)] }, suite.customer, WALLET);
    expect((await balancesOf(suite.app.t, suite.customer)).wallet).toBe(before - 105);
    const quote = cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer));
    expect(quote).toMatchObject({ outcome: 'free', paid: 105, fee: 0, refund: 105, to_wallet: 105, to_card: 0, currency: 'AED', card_refund_business_days: 7 });

    const first = await suite.api.cancel(lineId, suite.customer, quote.refund, 'cancel-once');
    expect(cancelResultOf(first)).toMatchObject({ refund: 105, to_wallet: 105, to_card: 0, wallet_balance: before });
    expect((await balancesOf(suite.app.t, suite.customer)).wallet).toBe(before);
    const again = await suite.api.cancel(lineId, suite.customer, quote.refund, 'cancel-once');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    refused(await suite.api.cancel(lineId, suite.customer, quote.refund), 409, BOOKING_ACTION_MESSAGES.refused.cancelled);
    refused(await suite.api.cancelQuote(lineId, suite.customer), 409, BOOKING_ACTION_MESSAGES.refused.cancelled);
    expect((await balancesOf(suite.app.t, suite.customer)).wallet).toBe(before);

    const given = await suite.app.t.db.select().from(refunds).where(eq(refunds.orderLineId, lineId));
    expect(given).toMatchObject([{ amount: 105, method: 'wallet', status: 'refunded', reason: 'cancelled' }]);
    const [line] = await suite.app.t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    expect(line?.cancelledAt).not.toBeNull();
    const [booking] = await suite.app.t.db.select().from(facilityBookings).where(eq(facilityBookings.id, line?.facilityBookingId ?? 0));
    expect(booking?.statusId).toBe(2);
    const message = await latestMessage(caller(suite.app.t), 'layla.hassan@example.com');
    expect(message.subject).toBe('Booking cancelled: Adult');
    expect(message.body).toContain('AED 105 is back in your wallet.');
  });

  it('a card-paid booking goes back to the card as a refund requested, within 7 business days; the wallet is untouched', async () => {
    const wallet = (await balancesOf(suite.app.t, suite.customer)).wallet;
    const { lineId, result } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(6)] }, suite.customer);
    await pressGateway(suite.app.t, result.url ?? '', 'pay');
    const quote = cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer));
    expect(quote).toMatchObject({ refund: 105, to_card: 105, to_wallet: 0 });
    expect(cancelResultOf(await suite.api.cancel(lineId, suite.customer, 105))).toMatchObject({ to_card: 105, to_wallet: 0, wallet_balance: wallet });
    expect(await suite.app.t.db.select().from(refunds).where(eq(refunds.orderLineId, lineId))).toMatchObject([{ amount: 105, method: 'card', status: 'requested', settledAt: null }]);
    expect((await latestMessage(caller(suite.app.t), 'layla.hassan@example.com')).body).toContain('within 7 business days');
  });

  it('an unpaid order cannot be cancelled (it expires by itself)', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(7)] }, suite.customer);
    refused(await suite.api.cancelQuote(lineId, suite.customer), 409, BOOKING_ACTION_MESSAGES.refused.unpaid);
  });

  it('refunds of an order never exceed what was paid: earlier refunds count', async () => {
    const { lineId, result } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(8, { quantity: 1 })] }, suite.customer, WALLET);
    const [line] = await suite.app.t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    await suite.app.t.db.insert(refunds).values({ orderId: line?.orderId ?? 0, orderLineId: lineId, amount: 100, method: 'wallet', status: 'refunded', reason: 'rescheduled' });
    const quote = cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer));
    expect(quote).toMatchObject({ paid: 5, refund: 5, to_wallet: 5 });
    cancelResultOf(await suite.api.cancel(lineId, suite.customer, 5));
    const total = (await suite.app.t.db.select().from(refunds).where(eq(refunds.orderId, line?.orderId ?? 0))).reduce((sum, each) => sum + each.amount, 0);
    expect(total).toBe(105);
    expect(result.order_token).toBeTruthy();
  });

  it('a cancel whose refund is not the one quoted is refused with the new amount, and nothing changes', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(9)] }, suite.customer, WALLET);
    refused(await suite.api.cancel(lineId, suite.customer, 106), 409, BOOKING_ACTION_MESSAGES.termsChanged(105, 'AED'));
    expect(cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer)).outcome).toBe('free');
  });

  it('an event ticket’s place returns to capacity at once', async () => {
    const [event] = await suite.app.t.db.select().from(events).where(eq(events.name, 'Football Cup Final'));
    if (!event) throw new Error('no Football Cup Final');
    await suite.app.t.db.update(events).set({ capacity: 1 }).where(eq(events.id, event.id));
    const line = () => ({ ...cartEventLine({ venue_id: suite.app.venueId, event_id: event.id, date: event.startDate, start_time: '19:00:00', end_time: '21:30:00' }), product_type_id: PRODUCT_TYPE.event });
    const { lineId } = await suite.api.buy({ event: [line()] }, suite.customer, WALLET);
    const full = await suite.api.buy({ event: [line()] }, suite.member).catch((error: unknown) => error);
    expect(String(full)).toContain('409');
    const quote = cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer));
    expect(quote.outcome).toBe(event.startDate > day(7) ? 'free' : 'fee');
    cancelResultOf(await suite.api.cancel(lineId, suite.customer, quote.refund));
    expect((await suite.api.buy({ event: [line()] }, suite.member)).lineId).toBeGreaterThan(lineId);
  });

  it('a trainer session cancelled frees the trainer for the next buyer', async () => {
    const trainers = (await suite.app.t.app.inject({ url: '/api/v1/trainers' })).json() as { data: { data: { id: number; name: string }[] } };
    const sara = trainers.data.data.find((each) => each.name === 'Coach Sara Al Mansoori');
    if (!sara) throw new Error('no Coach Sara');
    const session = { ...commonLineFields(suite.app.venueId, PRODUCT_TYPE.trainer), product_id: sara.id, trainer_id: sara.id, date: day(3), start_time: '09:00:00', end_time: '10:00:00' };
    const { lineId } = await suite.api.buy({ training: [session] }, suite.customer, WALLET);
    const taken = await suite.api.buy({ training: [session] }, suite.member).catch((error: unknown) => error);
    expect(String(taken)).toContain('409');
    const quote = cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer));
    expect(quote).toMatchObject({ outcome: 'free', refund: 262.5 });
    cancelResultOf(await suite.api.cancel(lineId, suite.customer, quote.refund));
    expect((await suite.api.buy({ training: [session] }, suite.member)).lineId).toBeGreaterThan(lineId);
  });
});

describe('cancel at the edges of the policy [issue 15]', () => {
  const suite = bookingActionsSuite();

  it('Aqua Park (free until 72 hours, 50% after, none within 24): free at exactly 72 hours, a fee a moment later, the last moment at exactly 24 hours, then refused with until when', async () => {
    // day(3) 10:00 in Dubai is 74 hours after the demo clock (day(0) 08:00).
    const line = suite.aquaTicket(3);
    const { lineId } = await suite.api.buy({ capacity_facility: [line] }, suite.customer, WALLET);
    // The clock runs on for days here: a fresh token each time.
    const quote = async () => cancelQuoteOf(await suite.api.cancelQuote(lineId, await suite.app.api.bearer('customer')));
    suite.app.clock.advanceMinutes(2 * 60);
    expect(await quote()).toMatchObject({ outcome: 'free', refund: 105, free_until: '2025-06-01T06:00:00.000Z', cancel_until: '2025-06-03T06:00:00.000Z' });
    suite.app.clock.advanceMinutes(1 / 60_000);
    expect(await quote()).toMatchObject({ outcome: 'fee', fee: 52.5, refund: 52.5, to_wallet: 52.5 });
    suite.app.clock.advanceMinutes(48 * 60 - 1 / 60_000);
    expect(await quote()).toMatchObject({ outcome: 'fee', refund: 52.5 });
    suite.app.clock.advanceMinutes(1 / 60_000);
    expect(await quote()).toMatchObject({ outcome: 'refused', refund: 0 });
    refused(await suite.api.cancel(lineId, await suite.app.api.bearer('customer'), 0), 409, BOOKING_ACTION_MESSAGES.tooLate('2025-06-03 10:00', 'cancelled'));
  });
});
