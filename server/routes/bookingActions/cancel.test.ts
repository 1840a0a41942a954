import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartEventLine } from '../../testing/cartLines';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { events } from '../../db/schema/catalogue';
import { facilityBookings } from '../../db/schema/facilities';
import { orderLines, refunds } from '../../db/schema/orders';
import { caller, latestMessage, refused } from '../accounts/accountsTestSupport';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { balancesOf, commonLineFields, day, facilityLine, pressGateway } from '../orders/ordersTestSupport';
import { type bookingActionsApi, bookingActionsTestApp, WALLET, cancelQuoteOf, cancelResultOf, type ActionsApp } from './bookingActionsTestSupport';
import { BOOKING_ACTION_MESSAGES } from './messages';

describe('cancel a booking', () => {
  let app: ActionsApp;
  let api: ReturnType<typeof bookingActionsApi>;
  let customer: Headers;
  let member: Headers;

  beforeAll(async () => {
    ({ app, api, customer, member } = await bookingActionsTestApp());
  });
  afterAll(() => app.t.close());

  /** An Aqua Park Adult ticket (105 AED) on day(n) at 10:00, three days or more ahead: free to cancel. */
  const aquaTicket = (offset: number, fields = {}) =>
    facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), date: day(offset), ...fields });

  it('answers only the booking’s owner: another customer, an unknown id and a bad id get 404 or 400; no login 401', async () => {
    const { lineId } = await api.buy({ capacity_facility: [aquaTicket(4)] }, customer, WALLET);
    refused(await api.cancelQuote(lineId, member), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await api.cancel(lineId, member, 105), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await api.cancelQuote(999_999, customer), 404, BOOKING_ACTION_MESSAGES.bookingNotFound);
    refused(await api.cancelQuote('abc', customer), 400);
    refused(await api.cancelQuote('99999999999', customer), 400);
    refused(await api.cancelQuote(lineId, {}), 401);
    refused(await api.cancel(lineId, customer, -1), 400);
    refused(await api.cancel(lineId, customer, 'all of it'), 400);
    expect(cancelQuoteOf(await api.cancelQuote(lineId, customer)).outcome).toBe('free');
  });

  it('takes back the q-points the cancelled booking earned, and no more than were earned', async () => {
    const before = (await balancesOf(app.t, member)).qpoints;
    const { lineId } = await api.buy({ capacity_facility: [aquaTicket(6, { quantity: 4 })] }, member, WALLET);
    // 420 AED at the demo's 1 point per AED 100
    expect((await balancesOf(app.t, member)).qpoints).toBe(before + 4);
    const quote = cancelQuoteOf(await api.cancelQuote(lineId, member));
    cancelResultOf(await api.cancel(lineId, member, quote.refund));
    expect((await balancesOf(app.t, member)).qpoints).toBe(before);
  });

  it('a free cancel of a wallet-paid ticket puts it all back in the wallet at once, frees the place and tells the buyer; the same key answers the same, another is a 409', async () => {
    const before = (await balancesOf(app.t, customer)).wallet;
    const { lineId } = await api.buy({ capacity_facility: [aquaTicket(5)] }, customer, WALLET);
    expect((await balancesOf(app.t, customer)).wallet).toBe(before - 105);
    const quote = cancelQuoteOf(await api.cancelQuote(lineId, customer));
    expect(quote).toMatchObject({ outcome: 'free', paid: 105, fee: 0, refund: 105, to_wallet: 105, to_card: 0, currency: 'AED', card_refund_business_days: 7 });

    const first = await api.cancel(lineId, customer, quote.refund, 'cancel-once');
    expect(cancelResultOf(first)).toMatchObject({ refund: 105, to_wallet: 105, to_card: 0, wallet_balance: before });
    expect((await balancesOf(app.t, customer)).wallet).toBe(before);
    const again = await api.cancel(lineId, customer, quote.refund, 'cancel-once');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    refused(await api.cancel(lineId, customer, quote.refund), 409, BOOKING_ACTION_MESSAGES.refused.cancelled);
    refused(await api.cancelQuote(lineId, customer), 409, BOOKING_ACTION_MESSAGES.refused.cancelled);
    expect((await balancesOf(app.t, customer)).wallet).toBe(before);

    const given = await app.t.db.select().from(refunds).where(eq(refunds.orderLineId, lineId));
    expect(given).toMatchObject([{ amount: 105, method: 'wallet', status: 'refunded', reason: 'cancelled' }]);
    const [line] = await app.t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    expect(line?.cancelledAt).not.toBeNull();
    const [booking] = await app.t.db.select().from(facilityBookings).where(eq(facilityBookings.id, line?.facilityBookingId ?? 0));
    expect(booking?.statusId).toBe(2);
    const message = await latestMessage(caller(app.t), 'layla.hassan@example.com');
    expect(message.subject).toBe('Booking cancelled: Adult');
    expect(message.body).toContain('AED 105 is back in your wallet.');
  });

  it('a card-paid booking goes back to the card as a refund requested, within 7 business days; the wallet is untouched', async () => {
    const wallet = (await balancesOf(app.t, customer)).wallet;
    const { lineId, result } = await api.buy({ capacity_facility: [aquaTicket(6)] }, customer);
    await pressGateway(app.t, result.url ?? '', 'pay');
    const quote = cancelQuoteOf(await api.cancelQuote(lineId, customer));
    expect(quote).toMatchObject({ refund: 105, to_card: 105, to_wallet: 0 });
    expect(cancelResultOf(await api.cancel(lineId, customer, 105))).toMatchObject({ to_card: 105, to_wallet: 0, wallet_balance: wallet });
    expect(await app.t.db.select().from(refunds).where(eq(refunds.orderLineId, lineId))).toMatchObject([{ amount: 105, method: 'card', status: 'requested', settledAt: null }]);
    expect((await latestMessage(caller(app.t), 'layla.hassan@example.com')).body).toContain('within 7 business days');
  });

  it('an unpaid order cannot be cancelled (it expires by itself)', async () => {
    const { lineId } = await api.buy({ capacity_facility: [aquaTicket(7)] }, customer);
    refused(await api.cancelQuote(lineId, customer), 409, BOOKING_ACTION_MESSAGES.refused.unpaid);
  });

  it('refunds of an order never exceed what was paid: earlier refunds count', async () => {
    const { lineId, result } = await api.buy({ capacity_facility: [aquaTicket(8, { quantity: 1 })] }, customer, WALLET);
    const [line] = await app.t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    await app.t.db.insert(refunds).values({ orderId: line?.orderId ?? 0, orderLineId: lineId, amount: 100, method: 'wallet', status: 'refunded', reason: 'rescheduled' });
    const quote = cancelQuoteOf(await api.cancelQuote(lineId, customer));
    expect(quote).toMatchObject({ paid: 5, refund: 5, to_wallet: 5 });
    cancelResultOf(await api.cancel(lineId, customer, 5));
    const total = (await app.t.db.select().from(refunds).where(eq(refunds.orderId, line?.orderId ?? 0))).reduce((sum, each) => sum + each.amount, 0);
    expect(total).toBe(105);
    expect(result.order_token).toBeTruthy();
  });

  it('a cancel whose refund is not the one quoted is refused with the new amount, and nothing changes', async () => {
    const { lineId } = await api.buy({ capacity_facility: [aquaTicket(9)] }, customer, WALLET);
    refused(await api.cancel(lineId, customer, 106), 409, BOOKING_ACTION_MESSAGES.termsChanged(105, 'AED'));
    expect(cancelQuoteOf(await api.cancelQuote(lineId, customer)).outcome).toBe('free');
  });

  it('an event ticket’s place returns to capacity at once', async () => {
    const [event] = await app.t.db.select().from(events).where(eq(events.name, 'Football Cup Final'));
    if (!event) throw new Error('no Football Cup Final');
    await app.t.db.update(events).set({ capacity: 1 }).where(eq(events.id, event.id));
    const line = () => ({ ...cartEventLine({ venue_id: app.venueId, event_id: event.id, date: event.startDate, start_time: '19:00:00', end_time: '21:30:00' }), product_type_id: PRODUCT_TYPE.event });
    const { lineId } = await api.buy({ event: [line()] }, customer, WALLET);
    const full = await api.buy({ event: [line()] }, member).catch((error: unknown) => error);
    expect(String(full)).toContain('409');
    const quote = cancelQuoteOf(await api.cancelQuote(lineId, customer));
    expect(quote.outcome).toBe(event.startDate > day(7) ? 'free' : 'fee');
    cancelResultOf(await api.cancel(lineId, customer, quote.refund));
    expect((await api.buy({ event: [line()] }, member)).lineId).toBeGreaterThan(lineId);
  });

  it('a trainer session cancelled frees the trainer for the next buyer', async () => {
    const trainers = (await app.t.app.inject({ url: '/api/v1/trainers' })).json() as { data: { data: { id: number; name: string }[] } };
    const sara = trainers.data.data.find((each) => each.name === 'Coach Sara Al Mansoori');
    if (!sara) throw new Error('no Coach Sara');
    const session = { ...commonLineFields(app.venueId, PRODUCT_TYPE.trainer), product_id: sara.id, trainer_id: sara.id, date: day(3), start_time: '09:00:00', end_time: '10:00:00' };
    const { lineId } = await api.buy({ training: [session] }, customer, WALLET);
    const taken = await api.buy({ training: [session] }, member).catch((error: unknown) => error);
    expect(String(taken)).toContain('409');
    const quote = cancelQuoteOf(await api.cancelQuote(lineId, customer));
    expect(quote).toMatchObject({ outcome: 'free', refund: 262.5 });
    cancelResultOf(await api.cancel(lineId, customer, quote.refund));
    expect((await api.buy({ training: [session] }, member)).lineId).toBeGreaterThan(lineId);
  });
});

describe('cancel at the edges of the policy [issue 15]', () => {
  let app: ActionsApp;
  let api: ReturnType<typeof bookingActionsApi>;
  let customer: Headers;

  beforeAll(async () => {
    ({ app, api, customer } = await bookingActionsTestApp());
  });
  afterAll(() => app.t.close());

  it('Aqua Park (free until 72 hours, 50% after, none within 24): free at exactly 72 hours, a fee a moment later, the last moment at exactly 24 hours, then refused with until when', async () => {
    // day(3) 10:00 in Dubai is 74 hours after the demo clock (day(0) 08:00).
    const line = facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), date: day(3) });
    const { lineId } = await api.buy({ capacity_facility: [line] }, customer, WALLET);
    // The clock runs on for days here: a fresh token each time.
    const quote = async () => cancelQuoteOf(await api.cancelQuote(lineId, await app.api.bearer('customer')));
    app.clock.advanceMinutes(2 * 60);
    expect(await quote()).toMatchObject({ outcome: 'free', refund: 105, free_until: '2025-06-01T06:00:00.000Z', cancel_until: '2025-06-03T06:00:00.000Z' });
    app.clock.advanceMinutes(1 / 60_000);
    expect(await quote()).toMatchObject({ outcome: 'fee', fee: 52.5, refund: 52.5, to_wallet: 52.5 });
    app.clock.advanceMinutes(48 * 60 - 1 / 60_000);
    expect(await quote()).toMatchObject({ outcome: 'fee', refund: 52.5 });
    app.clock.advanceMinutes(1 / 60_000);
    expect(await quote()).toMatchObject({ outcome: 'refused', refund: 0 });
    refused(await api.cancel(lineId, await app.api.bearer('customer'), 0), 409, BOOKING_ACTION_MESSAGES.tooLate('2025-06-03 10:00', 'cancelled'));
  });
});
