import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDetailsResponse, bookingListResponse, type BookingListItem, type BookingStatus } from '../../../src/domain/contract/bookings';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { facilityBookings } from '../../db/schema/facilities';
import { orderLines } from '../../db/schema/orders';
import { refused } from '../accounts/accountsTestSupport';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { commonLineFields, day, facilityLine, orderResult, orderTestApp, pressGateway, submitOrder } from '../orders/ordersTestSupport';
import { BOOKING_MESSAGES } from './bookings';

type App = Awaited<ReturnType<typeof orderTestApp>>;

describe('the customer’s bookings', () => {
  let app: App;
  let layla: Headers;
  let ahmed: Headers;
  let keys = 0;

  beforeAll(async () => {
    app = await orderTestApp();
    layla = await app.api.bearer('customer');
    ahmed = await app.api.bearer('member');
  });
  afterAll(() => app.t.close());

  const list = async (kind: string, query = '', headers: Headers = layla) => {
    const res = await app.api.get(`customers/bookings/${kind}${query ? `?${query}` : ''}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return bookingListResponse.parse(res.json()).data;
  };
  const everything = async (kind: string, headers: Headers = layla) => (await list(kind, 'per_page=100', headers)).data;
  const details = async (kind: string, id: number, headers: Headers = layla) => {
    const res = await app.api.get(`customers/bookings/${kind}/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return bookingDetailsResponse.parse(res.json()).data;
  };
  const find = (items: readonly BookingListItem[], name: string, date: string, startTime?: string) => {
    const found = items.find((item) => item.name === name && item.date === date && (startTime === undefined || item.start_time === startTime));
    if (!found) throw new Error(`no booking of ${name} on ${date} ${startTime ?? ''}`);
    return found;
  };
  const order = (products: Partial<OrderProducts>, headers: Headers = layla, fields: Record<string, string | number> = {}) =>
    submitOrder(app.t, { key: `bookings-${++keys}`, products, headers, fields });

  describe('lists', () => {
    it('[S0-9.2] gives 16 a page, the newest first by default [S0-3.4], with the list’s totals', async () => {
      const first = await list('facility');
      expect(first).toMatchObject({ total: 21, total_pages: 2, current_page: 1, per_page: 16 });
      expect(first.data).toHaveLength(16);
      const second = await list('facility', 'page=2');
      expect(second.data).toHaveLength(5);
      const all = [...first.data, ...second.data];
      expect(new Set(all.map((item) => item.id)).size).toBe(21);
      const whens = all.map((item) => `${item.date} ${item.start_time}`);
      expect(whens).toEqual([...whens].sort().reverse());
      expect(all[0]).toMatchObject({ kind: 'facility', date: day(29), currency: 'AED', place: { name: 'Five-a-side Cage', ar_name: 'قفص الخماسيات' } });
    });

    it('[S0-3.3] sorts by date or by when it was bought, either way round', async () => {
      const oldestFirst = (await list('facility', 'sort_order=asc')).data;
      expect(oldestFirst[0]?.date).toBe(day(-100));
      const byPurchase = (await list('facility', 'sort_by=created_at&per_page=100')).data.map((item) => item.created_at);
      expect(byPurchase).toEqual([...byPurchase].sort().reverse());
      const byPurchaseAsc = (await list('facility', 'sort_by=created_at&sort_order=asc&per_page=100')).data.map((item) => item.created_at);
      expect(byPurchaseAsc).toEqual([...byPurchaseAsc].sort());
    });

    it('keeps pages apart and answers an empty page past the end', async () => {
      const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => list('facility', `per_page=5&page=${page}`)));
      expect(pages.map((page) => page.data.length)).toEqual([5, 5, 5, 5, 1]);
      expect(new Set(pages.flatMap((page) => page.data.map((item) => item.id))).size).toBe(21);
      expect(await list('facility', 'page=9')).toMatchObject({ data: [], total: 21, total_pages: 2, current_page: 9 });
    });

    it('[S0-9.23] [S0-9.24] [S0-9.25] range shortcuts keep the last 7, 30 and 90 days up to today', async () => {
      const dates = async (range: string) => (await list('facility', `range=${range}&per_page=100`)).data.map((item) => item.date).sort();
      expect(await dates('week')).toEqual([day(-5), day(-2)]);
      expect(await dates('month')).toEqual([day(-20), day(-12), day(-9), day(-5), day(-2)]);
      expect(await dates('quarter')).toEqual([day(-60), day(-40), day(-20), day(-12), day(-9), day(-5), day(-2)]);
      expect((await list('facility', 'range=all')).total).toBe(21);
    });

    it('a range’s first day is in and the day before it out', async () => {
      const line = find(await everything('facility'), 'Cage Rental', day(-9));
      const moveTo = (date: string) => app.t.db.update(orderLines).set({ date }).where(eq(orderLines.id, line.id));
      try {
        await moveTo(day(-6));
        expect((await list('facility', 'range=week')).data.map((item) => item.id)).toContain(line.id);
        await moveTo(day(-7));
        expect((await list('facility', 'range=week')).data.map((item) => item.id)).not.toContain(line.id);
        await moveTo(day(-89));
        expect((await list('facility', 'range=quarter')).data.map((item) => item.id)).toContain(line.id);
        await moveTo(day(-90));
        expect((await list('facility', 'range=quarter')).data.map((item) => item.id)).not.toContain(line.id);
      } finally {
        await moveTo(day(-9));
      }
    });

    it('[S0-4.35] shows every status label in the demo history', async () => {
      const statuses = async (kind: string) => new Set((await everything(kind)).map((item) => item.status));
      const facility = await statuses('facility');
      const event = await statuses('event');
      const seen = new Set([...facility, ...event, ...(await statuses('training')), ...(await statuses('academy')), ...(await statuses('membership')), ...(await statuses('retail'))]);
      expect([...seen].sort()).toEqual(['approved', 'cancelled', 'completed', 'expired', 'pending', 'refund_requested', 'rejected', 'sold_out']);
      expect([...facility].sort()).toEqual(['approved', 'cancelled', 'completed', 'expired', 'pending', 'refund_requested', 'rejected']);
    });

    it('[S0-4.32] [S0-4.33] [S0-4.30] [S0-4.26] [S0-4.27] [S0-4.28] gives the demo’s facility bookings their statuses', async () => {
      const items = await everything('facility');
      const expectations: [string, number, BookingStatus, boolean][] = [
        ['Indoor Arena Rental', 17, 'approved', false],
        ['VIP Bowling Game', 22, 'pending', true],
        ['Indoor Arena Rental', 23, 'pending', true],
        ['Cage Rental', 26, 'pending', false],
        ['Half Pitch Rental', 27, 'rejected', false],
        ['Indoor Arena Rental', 28, 'cancelled', false],
        ['Cage Rental', 29, 'refund_requested', false],
        ['Child', 19, 'expired', false],
        ['Full Pitch Rental', -2, 'completed', false],
        ['Indoor Arena Rental', -5, 'completed', false],
        ['Cage Rental', -9, 'completed', false],
        ['Half Pitch Rental', -40, 'expired', false],
      ];
      for (const [name, offset, status, awaiting] of expectations) {
        expect(find(items, name, day(offset)), `${name} on day(${offset})`).toMatchObject({ status, awaiting_approval: awaiting, is_past: offset < 0 });
      }
      expect(find(items, 'Indoor Arena Rental', day(17))).toMatchObject({ quantity: 2, amount: 336, start_time: '08:00', end_time: '09:00' });
      // [S0-3.24] each facility booking carries the fields its status is worked out from
      expect(Object.keys(find(items, 'Indoor Arena Rental', day(17)).facility ?? {}).sort()).toEqual(
        ['check_in_time', 'check_out_time', 'cid_approved', 'facility_date', 'facility_end_time', 'is_booking_approved', 'is_cid_approved', 'status_id'],
      );
    });

    it('gives event tickets theirs, sold out when an unpaid order’s session has filled since', async () => {
      const items = await everything('event');
      expect(find(items, 'Lagoon Lantern Festival', day(42))).toMatchObject({ status: 'approved', place: { name: 'Lagoon Lawn' }, quantity: 2 });
      expect(find(items, 'Desert Stargazing Night', day(56)).status).toBe('sold_out');
      expect(find(items, 'Family Fun Run', day(38)).status).toBe('expired');
      expect(find(items, 'Football Cup Final', day(-30))).toMatchObject({ status: 'completed', is_past: true });
      expect(find(items, 'Summer Music Night', day(-35)).status).toBe('cancelled');
    });

    it('puts workshop lines in academy bookings and outlet products with packages in retail', async () => {
      expect((await everything('academy')).map((item) => item.kind)).toEqual(['academy', 'academy', 'academy', 'academy']);
      const retail = await everything('retail');
      expect(retail.map((item) => item.name).sort()).toEqual(['Club Sandwich', 'Family Fun Day', 'Fresh Orange Juice', 'Iced Coffee', 'Splash & Bowl Combo', 'Swim Goggles']);
      expect(retail.find((item) => item.name === 'Swim Goggles')).toMatchObject({ status: 'completed', place: { name: 'Pro Shop' } });
      expect(retail.find((item) => item.name === 'Splash & Bowl Combo')?.status).toBe('refund_requested');
      expect(retail.every((item) => item.date !== null && item.start_time !== null)).toBe(true);
      const memberships = await everything('membership');
      expect(memberships.find((item) => item.name === 'Silver Membership')).toMatchObject({ status: 'completed', is_past: true });
      expect(memberships.find((item) => item.name === 'Gold Membership')).toMatchObject({ status: 'approved', is_past: false });
    });

    it('answers only its owner: another customer sees their own bookings, none of hers', async () => {
      const hers = new Set((await everything('facility')).map((item) => item.order_id));
      const his = await everything('facility', ahmed);
      expect(his).toHaveLength(2);
      expect(his.some((item) => hers.has(item.order_id))).toBe(false);
      expect(await everything('event', ahmed)).toEqual([]);
    });
  });

  describe('a booking made now', () => {
    const pitch = () => facilityLine({ venue_id: app.venueId, facility_id: app.ids.mainPitch, venue_service_id: app.ids.football, product_id: app.productId('Full Pitch Rental'), start_time: '12:00:00', end_time: '13:00:00' });

    it('[S0-4.25] [S0-4.29] [S0-4.34] shows up approved, moves through the spec’s ordered rules, and is completed once past', async () => {
      const placed = orderResult(await order({ capacity_facility: [pitch()] }));
      await pressGateway(app.t, placed.url ?? '', 'pay');
      const [made] = (await list('facility', 'sort_by=created_at')).data;
      if (!made) throw new Error('the booking is not listed');
      expect(made).toMatchObject({ name: 'Full Pitch Rental', date: day(3), status: 'approved', awaiting_approval: false, is_past: false });
      const [line] = await app.t.db.select().from(orderLines).where(eq(orderLines.id, made.id));
      const bookingId = line?.facilityBookingId ?? 0;
      const set = (values: Partial<typeof facilityBookings.$inferInsert>) => app.t.db.update(facilityBookings).set(values).where(eq(facilityBookings.id, bookingId));
      const approved = { isBookingApproved: 1, cidApproved: null, isCidApproved: null, statusId: 1, checkInTime: null, checkOutTime: null };
      const cases: [string, Partial<typeof facilityBookings.$inferInsert>, BookingStatus, boolean][] = [
        ['[S0-4.26] rejected by the venue', { isBookingApproved: 2 }, 'rejected', false],
        ['[S0-4.26] rejected by the identity check', { isCidApproved: 2 }, 'rejected', false],
        ['[S0-4.26] [S0-4.25] status 2 wins over a check-out', { statusId: 2, checkOutTime: new Date() }, 'rejected', false],
        ['[S0-4.27] checked out', { checkInTime: new Date(), checkOutTime: new Date() }, 'completed', false],
        ['[S0-4.28] checked in', { checkInTime: new Date() }, 'completed', false],
        ['[S0-4.30] inactive', { statusId: 13 }, 'pending', false],
        ['[S0-4.32] not approved, no identity decision', { isBookingApproved: 0 }, 'pending', true],
        ['[S0-4.33] approved, identity check pending', { cidApproved: 0 }, 'pending', true],
        ['[S0-4.31] approved with a status of its own', { statusId: 5 }, 'pending', false],
      ];
      for (const [title, values, status, awaiting] of cases) {
        await set({ ...approved, ...values });
        expect(await details('facility', made.id), title).toMatchObject({ status, awaiting_approval: awaiting });
      }
      // Its end moved to 08:30 today, half an hour after the demo clock (08:00 in Dubai).
      await set({ ...approved, date: day(0), startTime: '07:30:00', endTime: '08:30:00' });
      await app.t.db.update(orderLines).set({ date: day(0), startTime: '07:30:00', endTime: '08:30:00' }).where(eq(orderLines.id, made.id));
      app.clock.advanceMinutes(30);
      try {
        expect(await details('facility', made.id)).toMatchObject({ status: 'approved', is_past: false });
        app.clock.advanceMinutes(1);
        expect(await details('facility', made.id)).toMatchObject({ status: 'completed', is_past: true });
      } finally {
        app.clock.advanceMinutes(-31);
      }
    });

    it('is pending while its card payment is awaited, and expired once the payment time is over', async () => {
      const final = { ...commonLineFields(app.venueId, PRODUCT_TYPE.event, 1), product_id: 1, event_id: 1, date: day(10), start_time: '19:00:00', end_time: '21:30:00' };
      const result = orderResult(await order({ event: [final] }));
      expect(result.url).not.toBeNull();
      const [made] = (await list('event', 'sort_by=created_at')).data;
      expect(made).toMatchObject({ name: 'Football Cup Final', status: 'pending', awaiting_approval: false });
      app.clock.advanceMinutes(16);
      try {
        expect((await details('event', made?.id ?? 0)).status).toBe('expired');
      } finally {
        app.clock.advanceMinutes(-16);
      }
    });

    it('waits for the venue’s approval where the product needs it', async () => {
      const vip = facilityLine({
        venue_id: app.venueId,
        facility_id: app.ids.vipLanes,
        venue_service_id: app.ids.bowling,
        product_id: app.productId('VIP Bowling Game'),
        start_time: '18:00:00',
        end_time: '19:00:00',
      });
      const result = orderResult(await order({ capacity_facility: [vip] }, layla, { is_wallet: 1 }));
      expect(result.isApprovalRequired).toBe(true);
      const [made] = (await list('facility', 'sort_by=created_at')).data;
      expect(made).toMatchObject({ name: 'VIP Bowling Game', status: 'pending', awaiting_approval: true, facility: { is_booking_approved: 0 } });
    });
  });

  describe('details', () => {
    it('[S0-2.57] of a trainer session: the trainer, the session, who it is for and what was paid', async () => {
      const session = find(await everything('training'), 'Coach Priya Nair', day(4), '17:00');
      const found = await details('training', session.id);
      expect(found).toMatchObject({
        id: session.id,
        status: 'approved',
        start_time: '17:00',
        end_time: '17:45',
        specialty: 'Fitness & Yoga',
        session_minutes: 45,
        visitors: ['Layla Hassan'],
        unit_price: 200,
        unit_tax: 10,
        amount: 210,
        paid_by_card: 210,
        order_status: 'paid',
        refunds: [],
      });
    });

    it('of an academy place: its programme’s days and ages; of a cancelled one, its refund', async () => {
      const places = await everything('academy');
      const swimming = await details('academy', find(places, 'Junior Swimming Academy', day(7)).id);
      expect(swimming).toMatchObject({ first_day: day(7), last_day: day(97), min_age: 5, max_age: 12, visitors: ['Mariam Hassan'], place: { name: 'Marina Aquatic Centre' } });
      const football = await details('academy', find(places, 'Youth Football Academy', day(3)).id);
      expect(football).toMatchObject({ status: 'cancelled', refunds: [{ amount: 1050, method: 'card', status: 'refunded' }] });
      expect(football.cancelled_at).not.toBeNull();
    });

    it('of a facility booking: its add-ons and visitors', async () => {
      const booking = find(await everything('facility'), 'Indoor Arena Rental', day(17));
      expect(await details('facility', booking.id)).toMatchObject({
        addons: [{ name: 'Football Hire', quantity: 2, amount: 21 }],
        visitors: ['Layla Hassan', 'Omar Hassan', 'Mariam Hassan'],
      });
    });

    it('of another customer’s booking, or one asked under another kind, is not found', async () => {
      const booking = find(await everything('facility'), 'Indoor Arena Rental', day(17));
      refused(await app.api.get(`customers/bookings/facility/${booking.id}`, ahmed), 404, BOOKING_MESSAGES.notFound);
      refused(await app.api.get(`customers/bookings/event/${booking.id}`, layla), 404, BOOKING_MESSAGES.notFound);
      refused(await app.api.get('customers/bookings/facility/2147483647', layla), 404, BOOKING_MESSAGES.notFound);
    });
  });

  describe('bad requests', () => {
    it('needs a login', async () => {
      expect((await app.api.get('customers/bookings/facility')).statusCode).toBe(401);
      expect((await app.api.get('customers/bookings/facility/1')).statusCode).toBe(401);
    });

    it('answers 400 with the reason for an unknown kind or a bad id', async () => {
      expect(refused(await app.api.get('customers/bookings/pitches', layla), 400).message).toContain('kind');
      expect(refused(await app.api.get('customers/bookings/tickets/1', layla), 400).message).toContain('kind');
      for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
        expect(refused(await app.api.get(`customers/bookings/facility/${id}`, layla), 400).message).toContain('id');
      }
    });

    it('falls back to the defaults for unreadable list options, and refuses a NUL', async () => {
      const defaults = await list('facility');
      expect(await list('facility', 'page=zero&per_page=1000&range=decade&sort_by=price&sort_order=sideways')).toEqual(defaults);
      refused(await app.api.get('customers/bookings/facility?range=%00', layla), 400);
    });
  });
});
