import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { trainers as trainerRows } from '../../db/schema/catalogue';
import { facilityBookings, products } from '../../db/schema/facilities';
import { orderLines, refunds } from '../../db/schema/orders';
import { caller, latestMessage, refused } from '../accounts/accountsTestSupport';
import { ORDER_MESSAGES } from '../orders/messages';
import { balancesOf, commonLineFields, day, facilityLine, orderResult, submitOrder } from '../orders/ordersTestSupport';
import { bookingActionsSuite, WALLET, cancelQuoteOf, rescheduleQuoteOf, rescheduleResultOf, slotsOf } from './bookingActionsTestSupport';
import { BOOKING_ACTION_MESSAGES } from './messages';

describe('reschedule a booking', () => {
  const suite = bookingActionsSuite();

  const pitch = (offset: number, start: string, end: string) =>
    facilityLine({ venue_id: suite.app.venueId, facility_id: suite.app.ids.mainPitch, venue_service_id: suite.app.ids.football, product_id: suite.app.productId('Full Pitch Rental'), date: day(offset), start_time: start, end_time: end });
  const lineOf = async (lineId: number) => (await suite.app.t.db.select().from(orderLines).where(eq(orderLines.id, lineId)))[0];
  const setAdultPrice = (price: number, taxAmount: number) => suite.app.t.db.update(products).set({ price, taxAmount }).where(eq(products.id, suite.app.productId('Adult')));

  it('answers only the booking’s owner and bounds what it is given', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(4)] }, suite.customer, WALLET);
    const target = { date: day(4), start_time: '12:00:00' };
    refused(await suite.api.slots(lineId, suite.member, day(4)), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await suite.api.rescheduleQuote(lineId, suite.member, target), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await suite.api.reschedule(lineId, suite.member, { ...target, difference: 0 }), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await suite.api.slots(lineId, suite.customer, '2025-02-30'), 400);
    refused(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(4), start_time: '25:00:00' }), 400);
    refused(await suite.api.reschedule(lineId, suite.customer, { ...target, difference: 1e12 }), 400);
    refused(await suite.api.slots(lineId, {}, day(4)), 401);
    refused(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(4), start_time: '10:00:00' }), 409, BOOKING_ACTION_MESSAGES.sameSlot);
  });

  it('a ticket moves to another slot at the same price: the old place is freed and the new one taken in one go, once per key', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(5)] }, suite.customer, WALLET);
    const slots = slotsOf(await suite.api.slots(lineId, suite.customer, day(5)));
    expect(slots).toMatchObject({ date: day(5), first_date: day(0) });
    const starts = slots.slots.map((slot) => slot.start_time);
    expect(starts).toContain('12:00:00');
    expect(starts).not.toContain('10:00:00');
    expect(slots.slots.find((slot) => slot.start_time === '12:00:00')?.end_time).toBe('13:00:00');

    const quote = rescheduleQuoteOf(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(6), start_time: '12:00:00' }));
    expect(quote).toMatchObject({ current: { date: day(5), start_time: '10:00:00' }, next: { date: day(6), start_time: '12:00:00', end_time: '13:00:00' }, paid: 105, new_amount: 105, difference: 0, refund_to_wallet: 0, to_pay: 0 });
    const first = await suite.api.reschedule(lineId, suite.customer, { date: day(6), start_time: '12:00:00', difference: 0 }, 'move-once');
    expect(rescheduleResultOf(first)).toMatchObject({ slot: { date: day(6), start_time: '12:00:00' }, refund_to_wallet: 0 });
    const again = await suite.api.reschedule(lineId, suite.customer, { date: day(6), start_time: '12:00:00', difference: 0 }, 'move-once');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);

    const line = await lineOf(lineId);
    expect(line).toMatchObject({ date: day(6), startTime: '12:00:00', endTime: '13:00:00' });
    const [booking] = await suite.app.t.db.select().from(facilityBookings).where(eq(facilityBookings.id, line?.facilityBookingId ?? 0));
    expect(booking).toMatchObject({ date: day(6), startTime: '12:00:00', endTime: '13:00:00', statusId: 1 });
    expect((await latestMessage(caller(suite.app.t), 'layla.hassan@example.com')).subject).toBe('Booking moved: Adult');
  });

  it('a cheaper slot refunds the difference to the wallet at once; a later cancel gives back only what is left', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(7)] }, suite.customer, WALLET);
    await setAdultPrice(80, 4);
    try {
      const quote = rescheduleQuoteOf(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(7), start_time: '14:00:00' }));
      expect(quote).toMatchObject({ paid: 105, new_amount: 84, difference: -21, refund_to_wallet: 21, to_pay: 0 });
      const wallet = (await balancesOf(suite.app.t, suite.customer)).wallet;
      expect(rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, { date: day(7), start_time: '14:00:00', difference: -21 }))).toMatchObject({ refund_to_wallet: 21, wallet_balance: wallet + 21 });
      expect(await suite.app.t.db.select().from(refunds).where(eq(refunds.orderLineId, lineId))).toMatchObject([{ amount: 21, method: 'wallet', status: 'refunded', reason: 'rescheduled' }]);
      expect(cancelQuoteOf(await suite.api.cancelQuote(lineId, suite.customer))).toMatchObject({ paid: 84, refund: 84 });
    } finally {
      await setAdultPrice(100, 5);
    }
  });

  it('a dearer slot is quoted with what it would cost and asks how to pay at confirm; a changed price is refused', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(8)] }, suite.customer, WALLET);
    await setAdultPrice(120, 6);
    try {
      const quote = rescheduleQuoteOf(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(8), start_time: '13:00:00' }));
      expect(quote).toMatchObject({ difference: 21, to_pay: 21, refund_to_wallet: 0 });
      refused(await suite.api.reschedule(lineId, suite.customer, { date: day(8), start_time: '13:00:00', difference: 21 }), 400, BOOKING_ACTION_MESSAGES.paymentRequired('AED 21'));
      refused(await suite.api.reschedule(lineId, suite.customer, { date: day(8), start_time: '13:00:00', difference: 0 }), 409, BOOKING_ACTION_MESSAGES.priceChanged);
      expect((await lineOf(lineId))?.startTime).toBe('10:00:00');
    } finally {
      await setAdultPrice(100, 5);
    }
  });

  it('a pitch cannot move onto a slot someone else has; the slots leave it out', async () => {
    const { lineId } = await suite.api.buy({ capacity_facility: [pitch(6, '08:00:00', '09:00:00')] }, suite.customer, WALLET);
    await suite.api.buy({ capacity_facility: [pitch(6, '14:00:00', '15:00:00')] }, suite.member, WALLET);
    const starts = slotsOf(await suite.api.slots(lineId, suite.customer, day(6))).slots.map((slot) => slot.start_time);
    expect(starts).not.toContain('14:00:00');
    expect(starts).not.toContain('13:30:00');
    expect(starts).toContain('15:00:00');
    refused(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(6), start_time: '14:00:00' }), 409, BOOKING_ACTION_MESSAGES.slotTaken);
    // Half an hour later overlaps its own slot only: its own place counts as free.
    expect(rescheduleQuoteOf(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(6), start_time: '08:30:00' })).difference).toBe(0);
  });

  it('a move re-checks its add-ons’ stock on the new day as checkout does; its own add-ons count as free on their own day', async () => {
    const goggles = (quantity: number) => ({ product_id: suite.app.productId('Swim Goggles'), quantity, price: 15, tax_amount: 0 });
    // The demo sells 20 Swim Goggles a day.
    const { lineId } = await suite.api.buy({ capacity_facility: [suite.aquaTicket(14, { addons: [goggles(15)] })] }, suite.customer, WALLET);
    await suite.api.buy({ capacity_facility: [suite.aquaTicket(15, { addons: [goggles(10)] })] }, suite.member, WALLET);
    refused(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(15), start_time: '10:00:00' }), 409, ORDER_MESSAGES.addonMax(10));
    refused(await suite.api.reschedule(lineId, suite.customer, { date: day(15), start_time: '12:00:00', difference: 0 }), 409, ORDER_MESSAGES.addonMax(10));
    expect(rescheduleQuoteOf(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(14), start_time: '12:00:00' })).difference).toBe(0);

    rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, { date: day(16), start_time: '12:00:00', difference: 0 }));
    const [addon] = await suite.app.t.db.select().from(orderLines).where(eq(orderLines.parentLineId, lineId));
    expect(addon).toMatchObject({ date: day(16), startTime: '12:00:00' });
    // The day it left has all 20 again; the day it moved to has 5 left.
    orderResult(await submitOrder(suite.app.t, { key: 'goggles-left', products: { capacity_facility: [suite.aquaTicket(14, { addons: [goggles(20)] })] }, headers: suite.member, fields: WALLET }));
    refused(await submitOrder(suite.app.t, { key: 'goggles-gone', products: { capacity_facility: [suite.aquaTicket(16, { addons: [goggles(6)] })] }, headers: suite.member, fields: WALLET }), 409, ORDER_MESSAGES.addonMax(5));
  });

  it('a reschedule racing another buyer for the last place: exactly one wins', async () => {
    for (const [index, start] of ['16:00:00', '17:00:00', '11:00:00'].entries()) {
      const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00:00`;
      const { lineId } = await suite.api.buy({ capacity_facility: [pitch(9 + index, '08:00:00', '09:00:00')] }, suite.customer, WALLET);
      const [moved, bought] = await Promise.all([
        suite.api.reschedule(lineId, suite.customer, { date: day(9 + index), start_time: start, difference: 0 }),
        submitOrder(suite.app.t, { key: `race-${index}`, products: { capacity_facility: [pitch(9 + index, start, end)] }, headers: suite.member }),
      ]);
      expect([moved.statusCode, bought.statusCode].sort(), `${moved.body} / ${bought.body}`).toEqual([200, 409]);
      const taken = await suite.app.t.db
        .select()
        .from(facilityBookings)
        .where(and(eq(facilityBookings.facilityId, suite.app.ids.mainPitch), eq(facilityBookings.date, day(9 + index)), eq(facilityBookings.startTime, start), ne(facilityBookings.statusId, 2)));
      expect(taken).toHaveLength(1);
    }
  });

  it('a trainer session moves to another of the trainer’s free hours, keeping the price paid when the trainer’s rose', async () => {
    const trainers = (await suite.app.t.app.inject({ url: '/api/v1/trainers' })).json() as { data: { data: { id: number; name: string }[] } };
    const omar = trainers.data.data.find((each) => each.name === 'Coach Omar Haddad');
    if (!omar) throw new Error('no Coach Omar');
    const session = (start: string, end: string) => ({ ...commonLineFields(suite.app.venueId, PRODUCT_TYPE.trainer), product_id: omar.id, trainer_id: omar.id, date: day(4), start_time: start, end_time: end });
    const { lineId } = await suite.api.buy({ training: [session('09:00:00', '10:00:00')] }, suite.customer, WALLET);
    await suite.api.buy({ training: [session('11:00:00', '12:00:00')] }, suite.member, WALLET);
    const starts = slotsOf(await suite.api.slots(lineId, suite.customer, day(4))).slots.map((slot) => slot.start_time);
    expect(starts).toContain('10:00:00');
    expect(starts).not.toContain('09:00:00');
    expect(starts).not.toContain('11:00:00');
    refused(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(4), start_time: '11:00:00' }), 409, BOOKING_ACTION_MESSAGES.slotTaken);
    // A session is a session at any hour: a price rise since the purchase is not charged on a move.
    await suite.app.t.db.update(trainerRows).set({ sessionPrice: sql`${trainerRows.sessionPrice} + 50` }).where(eq(trainerRows.id, omar.id));
    const quote = rescheduleQuoteOf(await suite.api.rescheduleQuote(lineId, suite.customer, { date: day(4), start_time: '10:00:00' }));
    expect(quote).toMatchObject({ difference: 0, to_pay: 0, refund_to_wallet: 0 });
    expect(quote.new_amount).toBe(quote.paid);
    rescheduleResultOf(await suite.api.reschedule(lineId, suite.customer, { date: day(4), start_time: '10:00:00', difference: 0 }));
    expect(await lineOf(lineId)).toMatchObject({ date: day(4), startTime: '10:00:00', endTime: '11:00:00' });

    // Racing another buyer for the trainer's 15:00: exactly one gets it.
    const [moved, bought] = await Promise.all([
      suite.api.reschedule(lineId, suite.customer, { date: day(4), start_time: '15:00:00', difference: 0 }),
      submitOrder(suite.app.t, { key: 'trainer-race', products: { training: [session('15:00:00', '16:00:00')] }, headers: suite.member, fields: WALLET }),
    ]);
    expect([moved.statusCode, bought.statusCode].sort(), `${moved.body} / ${bought.body}`).toEqual([200, 409]);
  });

  it('within the no-cancel window a booking cannot be moved either; one awaiting approval cannot be changed at all', async () => {
    // Football: none within 2 hours; the demo clock is 08:00.
    const { lineId } = await suite.api.buy({ capacity_facility: [pitch(0, '09:30:00', '10:30:00')] }, suite.customer, WALLET);
    refused(await suite.api.slots(lineId, suite.customer, day(1)), 409, BOOKING_ACTION_MESSAGES.tooLate(`${day(0)} 07:30`, 'rescheduled'));
    const vip = facilityLine({ venue_id: suite.app.venueId, facility_id: suite.app.ids.vipLanes, venue_service_id: suite.app.ids.bowling, product_id: suite.app.productId('VIP Bowling Game'), date: day(12), start_time: '18:00:00', end_time: '19:00:00' });
    const waiting = await suite.api.buy({ capacity_facility: [vip] }, suite.customer, WALLET);
    refused(await suite.api.rescheduleQuote(waiting.lineId, suite.customer, { date: day(12), start_time: '20:00:00' }), 409, BOOKING_ACTION_MESSAGES.refused.awaitingApproval);
    refused(await suite.api.cancelQuote(waiting.lineId, suite.customer), 409, BOOKING_ACTION_MESSAGES.refused.awaitingApproval);
  });
});
