import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPlacesResponse, eventResponse } from '../../../src/domain/contract/catalogue';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { WEEKDAY_FLAGS } from '../../../src/domain/weekdays';
import { orderRefusalOf } from '../../../src/domain/checkout/orderRefusals';
import { events } from '../../db/schema/catalogue';
import { caller, patchConfig, refused } from '../accounts/accountsTestSupport';
import { sessionHeader, type Headers } from '../facilities/facilitiesTestSupport';
import { guestName } from '../../testing/cartLines';
import { commonLineFields, day, orderResult, orderSummaryOf, orderTestApp, pressGateway, submitOrder } from './ordersTestSupport';
import { ORDER_MESSAGES } from './messages';
import { sameSession } from './eventCapacity';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';

type EventLine = OrderProducts['event'][number];
type WorkshopLine = OrderProducts['workshop'][number];

/** The demo's events (server/seed/demo.ts): one session a day at the given time. */
const FINAL = { id: 1, date: day(10), start: '19:00:00', end: '21:30:00', capacity: 400 } as const;
const MUSIC = { id: 2, start: '20:00:00', end: '23:00:00' } as const;
const RUN = { id: 3, date: day(38), start: '07:00:00', end: '10:00:00' } as const;

describe('event capacity at checkout', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let keys = 0;

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    await patchConfig(caller(app.t), { is_guest_checkout: 1 });
  });
  afterAll(() => app.t.close());

  /** Tickets as the cart sends them (prices the server ignores). */
  const ticket = (event: { id: number; start: string; end: string }, date: string, quantity: number): EventLine => ({
    ...commonLineFields(app.venueId, PRODUCT_TYPE.event, quantity),
    product_id: event.id,
    event_id: event.id,
    date,
    start_time: event.start,
    end_time: event.end,
  });
  const order = (lines: EventLine[], headers: Headers = customer) => submitOrder(app.t, { key: `event-capacity-${++keys}`, products: { event: lines }, headers });
  const setCapacity = (id: number, capacity: number | null) => app.t.db.update(events).set({ capacity }).where(eq(events.id, id));
  const places = async (id: number, date: string) => {
    const res = await app.t.app.inject({ url: `/api/v1/events/${id}/places?date=${date}` });
    expect(res.statusCode, res.body).toBe(200);
    return eventPlacesResponse.parse(res.json()).data;
  };

  it('[S1-3.19] events carry their per-session capacity; GET events/{id}/places counts what orders took', async () => {
    expect(eventResponse.parse((await app.t.app.inject({ url: `/api/v1/events/${FINAL.id}` })).json()).data.capacity).toBe(FINAL.capacity);
    expect(await places(FINAL.id, FINAL.date)).toEqual({
      date: FINAL.date,
      capacity: FINAL.capacity,
      sessions: [{ start_time: FINAL.start, end_time: FINAL.end, taken: 0, remaining: FINAL.capacity }],
    });
    orderResult(await order([ticket(FINAL, FINAL.date, 3)]));
    expect((await places(FINAL.id, FINAL.date)).sessions).toEqual([{ start_time: FINAL.start, end_time: FINAL.end, taken: 3, remaining: FINAL.capacity - 3 }]);
    // A day the event does not run has no sessions; an unknown event is not found; a bad date is refused.
    expect((await places(FINAL.id, day(11))).sessions).toEqual([]);
    refused(await app.t.app.inject({ url: `/api/v1/events/999/places?date=${FINAL.date}` }), 404, 'Event not found');
    expect((await app.t.app.inject({ url: `/api/v1/events/${FINAL.id}/places?date=soon` })).statusCode).toBe(400);
  });

  it('[S1-8.5] [S1-8.6] an order over the places left gets the capacity message; a full session gets Maximum capacity reached', async () => {
    const date = day(24);
    await setCapacity(MUSIC.id, 5);
    refused(await order([ticket(MUSIC, date, 6)]), 409, 'Maximum capacity reached, remaining capacity is 5, requested capacity is 6');
    orderResult(await order([ticket(MUSIC, date, 4)]));
    // Two lines of one session in one order count together: the second finds the one place left taken.
    refused(await order([ticket(MUSIC, date, 1), ticket(MUSIC, date, 1)]), 409, ORDER_MESSAGES.capacityReached);
    orderResult(await order([ticket(MUSIC, date, 1)]));
    refused(await order([ticket(MUSIC, date, 1)]), 409, ORDER_MESSAGES.capacityReached);
    expect((await places(MUSIC.id, date)).sessions[0]).toMatchObject({ taken: 5, remaining: 0 });
    // The next day is another session with its own places; no capacity means no limit.
    orderResult(await order([ticket(MUSIC, day(25), 5)]));
    await setCapacity(MUSIC.id, null);
    orderResult(await order([ticket(MUSIC, date, 50)]));
    expect((await places(MUSIC.id, date)).sessions[0]).toMatchObject({ taken: 55, remaining: null });
  });

  it('[S1-8.5] paid orders keep their places; unpaid ones hold them until they expire; a declined payment gives them back', async () => {
    // Earlier tests' card orders are still unpaid: once their 15 minutes pass, day(25) has given out nothing.
    app.clock.advanceMinutes(16);
    const date = day(25);
    expect((await places(MUSIC.id, date)).sessions[0]).toMatchObject({ taken: 0 });
    await setCapacity(MUSIC.id, 3);
    const paid = orderResult(await submitOrder(app.t, { key: `event-capacity-${++keys}`, products: { event: [ticket(MUSIC, date, 1)] }, headers: customer, fields: { is_wallet: 1 } }));
    expect(paid.pg).toBeNull();
    // The card order waits at the payment page holding its 2 places.
    const unpaid = orderResult(await order([ticket(MUSIC, date, 2)]));
    expect(unpaid.pg).toBe('redirect');
    refused(await order([ticket(MUSIC, date, 1)]), 409, ORDER_MESSAGES.capacityReached);
    expect(await pressGateway(app.t, unpaid.url ?? '', 'decline')).toBe('/paymentfailed');
    const again = orderResult(await order([ticket(MUSIC, date, 2)]));
    refused(await order([ticket(MUSIC, date, 1)]), 409, ORDER_MESSAGES.capacityReached);
    app.clock.advanceMinutes(16);
    expect((await places(MUSIC.id, date)).sessions[0]).toMatchObject({ taken: 1, remaining: 2 });
    orderResult(await order([ticket(MUSIC, date, 2)]));
    expect((await orderSummaryOf(app.t, again.order_token)).status).toBe('expired');
    expect((await orderSummaryOf(app.t, paid.order_token)).status).toBe('paid');
    await setCapacity(MUSIC.id, 250);
  });

  it('[S1-7.20] [S1-8.5] 30 concurrent checkouts at the last 10 places of an event: exactly 10 succeed, the rest get the capacity message', async () => {
    await setCapacity(RUN.id, 110);
    orderResult(await order([ticket(RUN, RUN.date, 100)]));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        submitOrder(app.t, {
          key: `event-rush-${index}`,
          products: { event: [ticket(RUN, RUN.date, 1)] },
          fields: { is_anonymous: 1, first_name: guestName('Runner', index), last_name: 'Rush', email: `runner${index}@example.com`, mobile: `+97155${String(1000000 + index)}` },
          headers: sessionHeader(`event-rush-session-${index}`),
        }),
      ),
    );
    const succeeded = responses.filter((res) => res.statusCode === 200);
    const turnedAway = responses.filter((res) => res.statusCode !== 200);
    expect(succeeded).toHaveLength(10);
    expect(turnedAway).toHaveLength(20);
    for (const res of turnedAway) refused(res, 409, ORDER_MESSAGES.capacityReached);
    expect((await places(RUN.id, RUN.date)).sessions[0]).toMatchObject({ taken: 110, remaining: 0 });
  });

  it('[S1-8.5] a guest buying only event tickets gets the places of an unpaid order whose time is up, before any sweep', async () => {
    const guestOrder = (index: number, quantity: number) =>
      submitOrder(app.t, {
        key: `event-guest-${index}`,
        products: { event: [ticket(FINAL, FINAL.date, quantity)] },
        fields: { is_anonymous: 1, first_name: guestName('Late', index), last_name: 'Guest', email: `late${index}@example.com`, mobile: `+97156${String(1000000 + index)}` },
        headers: sessionHeader(`event-guest-session-${index}`),
      });
    // Earlier card orders of the final are past their time already.
    await setCapacity(FINAL.id, 2);
    expect(orderResult(await order([ticket(FINAL, FINAL.date, 2)])).pg).toBe('redirect');
    refused(await guestOrder(1, 1), 409, ORDER_MESSAGES.capacityReached);
    app.clock.advanceMinutes(16);
    orderResult(await guestOrder(2, 2));
    refused(await guestOrder(3, 1), 409, ORDER_MESSAGES.capacityReached);
    await setCapacity(FINAL.id, FINAL.capacity);
  });
});

describe('workshop start dates at checkout', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let keys = 0;
  /** The Youth Football Academy (server/seed/demo.ts) runs from day(3) to day(120); 1000 before 5% VAT. */
  let football: number;

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    const list = (await app.t.app.inject({ url: '/api/v1/academies' })).json() as { data: { data: { id: number; name: string }[] } };
    const found = list.data.data.find((academy) => academy.name === 'Youth Football Academy');
    if (!found) throw new Error('no Youth Football Academy');
    football = found.id;
  });
  afterAll(() => app.t.close());

  const place = (startDate: string): WorkshopLine => ({
    ...commonLineFields(app.venueId, PRODUCT_TYPE.academy),
    product_id: football,
    workshop_id: football,
    workshop_program_id: football,
    start_date: startDate,
    days: [WEEKDAY_FLAGS.monday],
  });
  const order = (startDate: string) => submitOrder(app.t, { key: `workshop-start-${++keys}`, products: { workshop: [place(startDate)] }, headers: customer });
  const check = (startDate: string) =>
    app.t.app.inject({ method: 'POST', url: '/api/v1/workshops/check', payload: { workshop_program_id: football, product_id: football, start_date: startDate, days: [WEEKDAY_FLAGS.monday] } });

  it('[S0-1.7] [S1-8.5] [S1-8.6] the refusals the checkout translates are the very words the server answers', () => {
    expect(orderRefusalOf(ORDER_MESSAGES.workshopStarted)).toEqual({ key: 'checkout:refusals.workshopStarted' });
    expect(orderRefusalOf(ORDER_MESSAGES.capacityReached)).toEqual({ key: 'booking:rules.capacityReached' });
    expect(orderRefusalOf(ORDER_MESSAGES.capacityExceeded(2, 6))).toEqual({ key: 'booking:rules.capacityExceeded', values: { remaining: 2, requested: 6 } });
  });

  it('[S0-1.7] [S1-7.25] a workshop place whose start date has passed is not sold; today and later are', async () => {
    // Ten days on, the academy (from day(3)) has started: a place from day(3) or day(9) has passed, day(10) is today.
    app.clock.advanceMinutes(10 * 24 * 60);
    customer = await app.api.bearer('customer');
    refused(await order(day(3)), 409, ORDER_MESSAGES.workshopStarted);
    refused(await order(day(9)), 409, ORDER_MESSAGES.workshopStarted);
    refused(await check(day(9)), 409, ORDER_MESSAGES.workshopStarted);
    expect((await check(day(10))).statusCode).toBe(200);
    const today = orderResult(await order(day(10)));
    expect(await orderSummaryOf(app.t, today.order_token)).toMatchObject({ total: 1050, lines: [{ kind: 'workshop', date: day(10) }] });
    orderResult(await order(day(17)));
    // Before the academy's dates or after them stays 'no longer available'.
    refused(await order(day(121)), 409, ORDER_MESSAGES.itemNotFound);
  });
});

describe('one event session', () => {
  const session = { eventId: 3, date: '2026-12-06', startTime: '10:00' };
  it.each([
    [{ ...session, startTime: '10:00:00' }, true],
    [session, true],
    [{ ...session, startTime: '10:30' }, false],
    [{ ...session, date: '2026-12-07' }, false],
    [{ ...session, eventId: 4 }, false],
  ])('%o is the session of event 3 on 2026-12-06 at 10:00: %s', (other, expected) => {
    expect(sameSession(session, other)).toBe(expected);
    expect(sameSession(other, session)).toBe(expected);
  });
});
