import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIMITS } from '../../../src/domain/contract/orderLimits';
import { LINE_QUANTITY_MAX, type OrderProducts } from '../../../src/domain/contract/orders';
import { orderRefusalOf } from '../../../src/domain/checkout/orderRefusals';
import { MEMBERSHIP_START_MAX_DAYS } from '../../../src/domain/catalogue/purchaseDays';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { refused } from '../accounts/accountsTestSupport';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { ORDER_MESSAGES } from './messages';
import { commonLineFields, day, facilityLine, orderResult, orderSummaryOf, orderTestApp, submitOrder } from './ordersTestSupport';

type TrainingLine = OrderProducts['training'][number];
type MembershipLine = OrderProducts['membership'][number];
type EventLine = OrderProducts['event'][number];

/** Coach Omar Haddad (server/seed/demo.ts): hourly sessions of 60 minutes at 300 before VAT. */
const OMAR = 'Coach Omar Haddad';
/** The Football Cup Final: one session on day(10), 19:00 to 21:30. */
const FINAL = { id: 1, date: day(10), start: '19:00:00', end: '21:30:00' } as const;

describe('POST orders: bounded bodies and every line kind checked against the catalogue', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let member: Headers;
  let omar: number;
  let keys = 0;

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    member = await app.api.bearer('member');
    const list = (await app.t.app.inject({ url: '/api/v1/trainers' })).json() as { data: { data: { id: number; name: string }[] } };
    const found = list.data.data.find((trainer) => trainer.name === OMAR);
    if (!found) throw new Error(`no ${OMAR}`);
    omar = found.id;
  });
  afterAll(() => app.t.close());

  const order = (products: Partial<OrderProducts>, headers: Headers = customer) => submitOrder(app.t, { key: `line-rules-${++keys}`, products, headers });
  const common = (productTypeId: number, quantity = 1) => commonLineFields(app.venueId, productTypeId, quantity);
  const session = (fields: Partial<TrainingLine> = {}): TrainingLine => ({
    ...common(PRODUCT_TYPE.trainer),
    product_id: omar,
    trainer_id: omar,
    date: day(1),
    start_time: '09:00:00',
    end_time: '10:00:00',
    ...fields,
  });
  const membership = (fields: Partial<MembershipLine> = {}): MembershipLine => ({
    ...common(PRODUCT_TYPE.membership),
    product_id: 1,
    membership_id: 1,
    start_date: day(1),
    is_renewal: 0,
    ...fields,
  });
  const finalTicket = (quantity = 1): EventLine => ({
    ...common(PRODUCT_TYPE.event, quantity),
    product_id: FINAL.id,
    event_id: FINAL.id,
    date: FINAL.date,
    start_time: FINAL.start,
    end_time: FINAL.end,
  });
  const aquaAdult = (date: string, start: number) =>
    facilityLine({
      venue_id: app.venueId,
      facility_id: app.ids.aquaPark,
      venue_service_id: app.ids.aqua,
      product_id: app.productId('Adult'),
      date,
      start_time: `${String(start).padStart(2, '0')}:00:00`,
      end_time: `${String(start + 1).padStart(2, '0')}:00:00`,
      group: `g${date}${start}`,
    });

  it('an order of more lines, visitors or add-ons than a person buys is refused with the limit, before it is booked', async () => {
    const lines = Array.from({ length: 1500 }, (_, index) => session({ start_time: `${String(8 + (index % 12)).padStart(2, '0')}:00:00` }));
    const started = performance.now();
    const tooMany = refused(await order({ training: lines }), 400);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(tooMany.message).toContain(`At most ${ORDER_LIMITS.lines} lines of this kind in one order`);
    const spread = { event: Array.from({ length: 16 }, () => finalTicket()), pos: Array.from({ length: 15 }, (_, index) => ({ ...common(PRODUCT_TYPE.pos), product_id: index + 1, outlet_id: 1 })) };
    expect(refused(await order(spread), 400).message).toContain(`At most ${ORDER_LIMITS.lines} lines in one order`);
    const visitor = { name: 'Mira Saleh', email: 'mira@example.com', mobile_number: '501234567', country_code: '971', documents: [], additional_fields: [], save_detail_for_future: false };
    const crowded = { ...finalTicket(), customers: Array.from({ length: ORDER_LIMITS.visitorsPerLine + 1 }, () => visitor) };
    expect(refused(await order({ event: [crowded] }), 400).message).toContain(`At most ${ORDER_LIMITS.visitorsPerLine} visitors in one line`);
    const facilities = Array.from({ length: ORDER_LIMITS.facilityLines + 1 }, (_, index) => aquaAdult(day(3 + index), 10));
    expect(refused(await order({ capacity_facility: facilities }), 400).message).toContain(`At most ${ORDER_LIMITS.facilityLines} lines of this kind in one order`);
    const addons = Array.from({ length: ORDER_LIMITS.addonsPerLine + 1 }, (_, index) => ({ product_id: index + 1, quantity: 1, price: 1, tax_amount: 0 }));
    expect(refused(await order({ capacity_facility: [{ ...aquaAdult(day(3), 10), addons }] }), 400).message).toContain(`At most ${ORDER_LIMITS.addonsPerLine} add-ons in one line`);
  });

  it('a quantity beyond what one line of its kind may hold is a 400 with the limit, not an overflowing total', async () => {
    const huge = refused(await order({ training: [session({ quantity: 400000 })] }), 400);
    expect(huge.message).toBe(`training.0.quantity: Choose at most ${LINE_QUANTITY_MAX.training} of this item`);
    expect(refused(await order({ membership: [membership({ quantity: 50 })] }), 400).message).toBe(`membership.0.quantity: Choose at most ${LINE_QUANTITY_MAX.membership} of this item`);
    expect(refused(await order({ event: [finalTicket(LINE_QUANTITY_MAX.event + 1)] }), 400).message).toContain(`Choose at most ${LINE_QUANTITY_MAX.event}`);
  });

  it('the largest order allowed is checked and booked within a generous bound', async () => {
    const facilities = [3, 4].map(day).flatMap((date) => [10, 11, 12, 13, 14].map((start) => aquaAdult(date, start)));
    const sessions = Array.from({ length: 10 }, (_, index) => session({ date: day(12 + index) }));
    const tickets = Array.from({ length: ORDER_LIMITS.lines - facilities.length - sessions.length }, () => finalTicket());
    expect(facilities).toHaveLength(ORDER_LIMITS.facilityLines);
    const started = performance.now();
    const result = orderResult(await order({ capacity_facility: facilities, training: sessions, event: tickets }));
    // Generous for a machine shared with other work; alone, the order takes a few hundred milliseconds.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await orderSummaryOf(app.t, result.order_token)).lines).toHaveLength(ORDER_LIMITS.lines);
  });

  it('[S0-2.7] a trainer session is sold only at a start the trainer page offers, and only while the trainer is free', async () => {
    refused(await order({ training: [session({ date: '2001-01-01', start_time: '03:00:00', end_time: '04:00:00' })] }), 409, ORDER_MESSAGES.trainerTimeInvalid);
    refused(await order({ training: [session({ start_time: '03:00:00', end_time: '04:00:00' })] }), 409, ORDER_MESSAGES.trainerTimeInvalid);
    refused(await order({ training: [session({ start_time: '09:30:00', end_time: '10:30:00' })] }), 409, ORDER_MESSAGES.trainerTimeInvalid);
    refused(await order({ training: [session({ end_time: '12:00:00' })] }), 409, ORDER_MESSAGES.trainerTimeInvalid);
    refused(await order({ training: [session({ date: day(31) })] }), 409, ORDER_MESSAGES.trainerTimeInvalid);
    // The demo clock is 08:00 at the venue: today's 08:00 start has begun, 09:00 is still ahead.
    refused(await order({ training: [session({ date: day(0), start_time: '08:00:00', end_time: '09:00:00' })] }), 409, ORDER_MESSAGES.trainerTimeInvalid);
    const booked = orderResult(await order({ training: [session({ date: day(0) }), session({ date: day(30) })] }));
    expect((await orderSummaryOf(app.t, booked.order_token)).lines.map((line) => [line.date, line.start_time, line.end_time])).toEqual([
      [day(0), '09:00:00', '10:00:00'],
      [day(30), '09:00:00', '10:00:00'],
    ]);
    refused(await order({ training: [session({ date: day(0) })] }, member), 409, ORDER_MESSAGES.trainerBooked);
    refused(await order({ training: [session({ date: day(2) }), session({ date: day(2) })] }, member), 409, ORDER_MESSAGES.trainerBooked);
    orderResult(await order({ training: [session({ date: day(0), start_time: '10:00:00', end_time: '11:00:00' })] }, member));
  });

  it('[S0-2.11] a membership starts between the venue\'s today and the furthest start it sells', async () => {
    const refusal = ORDER_MESSAGES.membershipStart(MEMBERSHIP_START_MAX_DAYS);
    refused(await order({ membership: [membership({ start_date: '1999-01-01' })] }), 409, refusal);
    refused(await order({ membership: [membership({ start_date: day(-1) })] }), 409, refusal);
    refused(await order({ membership: [membership({ start_date: day(MEMBERSHIP_START_MAX_DAYS + 1) })] }), 409, refusal);
    orderResult(await order({ membership: [membership({ start_date: day(MEMBERSHIP_START_MAX_DAYS) })] }));
    orderResult(await order({ membership: [membership({ start_date: day(0) })] }, member));
  });

  it('[S1-8.5] the new refusals are ones the checkout shows in the visitor\'s language', () => {
    expect(orderRefusalOf(ORDER_MESSAGES.trainerBooked)).toEqual({ key: 'checkout:refusals.trainerBooked' });
    expect(orderRefusalOf(ORDER_MESSAGES.membershipStart(MEMBERSHIP_START_MAX_DAYS))).toEqual({ key: 'checkout:refusals.membershipStart', values: { days: MEMBERSHIP_START_MAX_DAYS } });
  });

  it('a workshop place names its academy\'s programme; an event day that has passed is not sold', async () => {
    const place = { ...common(PRODUCT_TYPE.academy), product_id: 1, workshop_id: 1, workshop_program_id: 2, start_date: day(5), days: [2] };
    refused(await order({ workshop: [place] }), 404, ORDER_MESSAGES.itemNotFound);
    refused(await order({ workshop: [{ ...place, workshop_program_id: 1, days: [2, 2] }] }), 400);
    // Eleven days on, the Cup Final (day(10)) is over.
    app.clock.advanceMinutes(11 * 24 * 60);
    customer = await app.api.bearer('customer');
    refused(await order({ event: [finalTicket()] }), 409, ORDER_MESSAGES.eventDayPassed);
  });
});
