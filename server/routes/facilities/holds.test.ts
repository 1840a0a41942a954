import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSyncResponse, facilityWithProductsResponse, type HoldItem } from '../../../src/domain/contract/facilities';
import { facilityFreeStarts } from '../../../src/domain/booking/availability';
import { cartHolds } from '../../db/schema/facilities';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { caller, manualClock, patchConfig } from '../accounts/accountsTestSupport';
import { FACILITY_MESSAGES } from './facilitiesData';
import { HOLD_MINUTES, HOLDS_OFF } from './holds';
import { DEMO_NOW, day, facilityApi, refusedWith, sessionHeader } from './facilitiesTestSupport';

const hourly = { durationMinutes: 60, incrementMinutes: 60 };

describe('cart/sync holds', () => {
  const clock = manualClock(DEMO_NOW);
  let t: TestApp;
  let api: ReturnType<typeof facilityApi>;
  let ids: Awaited<ReturnType<ReturnType<typeof facilityApi>['ids']>>;
  /** Product ids by name, read from facilities/auto. */
  const product: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    api = facilityApi(t);
    ids = await api.ids();
    const readProducts = async (query: string) => {
      const data = facilityWithProductsResponse.parse((await api.get(`facilities/auto?${query}`)).json()).data;
      for (const each of [...data.default_products, ...data.products]) product[each.name] = each.product_id;
    };
    await readProducts(`venue_service_id=${ids.aqua}&date=${day(1)}&start_time=12:00:00&end_time=13:00:00&facility_id=${ids.aquaPark}`);
    for (const facility of [ids.mainPitch, ids.halfA, ids.cage]) {
      await readProducts(`venue_service_id=${ids.football}&date=${day(3)}&start_time=09:00:00&end_time=10:00:00&facility_id=${facility}`);
    }
  });
  afterAll(() => t.close());

  const hold = (sessionId: string, ...products: HoldItem[]) => api.send('POST', 'cart/sync', { products }, sessionHeader(sessionId));
  const release = (sessionId: string, { quantity: _quantity, ...item }: HoldItem) => api.send('DELETE', 'cart/sync', item, sessionHeader(sessionId));
  const item = (overrides: Partial<HoldItem> & Pick<HoldItem, 'facility_id' | 'product_id'>): HoldItem => ({
    quantity: 1,
    date: day(3),
    start_time: '09:00:00',
    end_time: '10:00:00',
    ...overrides,
  });
  const holdsOf = (res: Awaited<ReturnType<typeof hold>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return cartSyncResponse.parse(res.json()).data.holds;
  };
  const cageSchedule = async (date: string, sessionId: string) => {
    const schedule = await api.schedule(`venue_service_id=${ids.football}&date=${date}`, sessionHeader(sessionId));
    const cage = schedule.facilities.find((facility) => facility.id === ids.cage);
    if (!cage) throw new Error('the cage is not in the schedule');
    return { cage, starts: facilityFreeStarts(cage, schedule.facilities, hourly) };
  };

  it(`[S1-7.21] POST cart/sync holds a line for the session for ${HOLD_MINUTES} minutes`, async () => {
    const line = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0, quantity: 2 });
    const holds = holdsOf(await hold('session-a', line));
    expect(holds).toEqual([{ ...line, expires_at: new Date(clock.now().getTime() + HOLD_MINUTES * 60_000).toISOString() }]);
    await release('session-a', line);
  });

  it('[S1-7.21] a hold of another session removes the slot; the session\'s own hold does not', async () => {
    const line = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0, start_time: '10:00:00', end_time: '11:00:00' });
    holdsOf(await hold('session-b', line));
    const other = await cageSchedule(day(3), 'session-c');
    expect(other.cage.cart_items).toEqual([{ start_time: '10:00:00', end_time: '11:00:00', quantity: 1 }]);
    expect(other.starts).not.toContain('10:00:00');
    const own = await cageSchedule(day(3), 'session-b');
    expect(own.cage.cart_items).toEqual([]);
    expect(own.starts).toContain('10:00:00');
    refusedWith(
      await api.get(`facilities/fetchAvailableFacilities?venue_service_id=${ids.football}&date=${day(3)}&start_time=10:00:00&end_time=11:00:00&facility_id=${ids.cage}`),
      404,
      FACILITY_MESSAGES.noFacility,
    );
    // Another session cannot take it.
    refusedWith(await hold('session-c', line), 409, 'No facility available for selected time slot');
    await release('session-b', line);
  });

  it('[S1-7.22] DELETE cart/sync releases the line and the slot is free again', async () => {
    const line = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0, start_time: '12:00:00', end_time: '13:00:00' });
    holdsOf(await hold('session-d', line));
    expect(holdsOf(await release('session-d', line))).toEqual([]);
    expect((await cageSchedule(day(3), 'session-e')).starts).toContain('12:00:00');
    holdsOf(await hold('session-e', line));
    await release('session-e', line);
  });

  it('holding the same line again replaces the session\'s earlier hold', async () => {
    const line = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0, start_time: '13:00:00', end_time: '14:00:00' });
    holdsOf(await hold('session-f', line));
    clock.advanceMinutes(5);
    const holds = holdsOf(await hold('session-f', { ...line, quantity: 2 }));
    expect(holds).toEqual([{ ...line, quantity: 2, expires_at: new Date(clock.now().getTime() + HOLD_MINUTES * 60_000).toISOString() }]);
    await release('session-f', line);
  });

  it('an expired hold stops blocking and is purged', async () => {
    const line = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0, start_time: '14:00:00', end_time: '15:00:00' });
    holdsOf(await hold('session-g', line));
    clock.advanceMinutes(HOLD_MINUTES + 1);
    expect((await cageSchedule(day(3), 'session-h')).cage.cart_items).toEqual([]);
    holdsOf(await hold('session-h', line));
    const left = await t.db.select().from(cartHolds);
    expect(left.map((row) => row.sessionId)).toEqual(['session-h']);
    await release('session-h', line);
  });

  it('a hold on the full pitch blocks its halves, and a half blocks the full pitch', async () => {
    const full = item({ facility_id: ids.mainPitch, product_id: product['Full Pitch Rental'] ?? 0, start_time: '10:00:00', end_time: '11:30:00' });
    holdsOf(await hold('session-i', full));
    refusedWith(await hold('session-j', item({ facility_id: ids.halfA, product_id: product['Half Pitch Rental'] ?? 0, start_time: '11:00:00', end_time: '12:00:00' })), 409, FACILITY_MESSAGES.noFacility);
    const half = item({ facility_id: ids.halfB, product_id: product['Half Pitch Rental'] ?? 0, start_time: '15:00:00', end_time: '16:00:00' });
    holdsOf(await hold('session-j', half));
    refusedWith(await hold('session-i', { ...full, start_time: '14:30:00', end_time: '15:30:00' }), 409, FACILITY_MESSAGES.noFacility);
    await release('session-i', full);
    await release('session-j', half);
  });

  it('[S1-5.53] [S1-8.5] [S1-8.6] a ticket hold must fit the participants left, other sessions\' holds included', async () => {
    const adults = item({ facility_id: ids.aquaPark, product_id: product.Adult ?? 0, date: day(0), start_time: '12:00:00', end_time: '13:00:00', quantity: 70 });
    holdsOf(await hold('session-k', adults));
    const auto = facilityWithProductsResponse.parse(
      (
        await api.get(`facilities/auto?venue_service_id=${ids.aqua}&date=${day(0)}&start_time=12:00:00&end_time=13:00:00&facility_id=${ids.aquaPark}`, sessionHeader('session-l'))
      ).json(),
    ).data;
    const adult = auto.products.find((ticket) => ticket.name === 'Adult');
    // The other session's adults come as reserved slots (the client takes them off); other tickets see them as taken.
    expect(adult).toMatchObject({ available_capacity: 79, reserved_slots: [{ session_id: 'session-k', quantity: 70, start_time: '12:00:00' }] });
    expect(auto.products.find((ticket) => ticket.name === 'Child')).toMatchObject({ available_capacity: 9, reserved_slots: [] });
    const child = (quantity: number) => item({ ...adults, product_id: product.Child ?? 0, quantity });
    refusedWith(await hold('session-l', { ...adults, quantity: 10 }), 409, 'Maximum capacity reached, remaining capacity is 9, requested capacity is 10');
    refusedWith(await hold('session-l', item({ ...adults, product_id: product['Family Pass'] ?? 0, quantity: 3 })), 409, 'Maximum capacity reached, remaining capacity is 9, requested capacity is 12');
    holdsOf(await hold('session-l', child(9)));
    refusedWith(await hold('session-m', child(1)), 409, 'Maximum capacity reached');
    // The session's own holds do not count against it.
    holdsOf(await hold('session-k', { ...adults, quantity: 70 }));
    await release('session-k', adults);
    await release('session-l', child(9));
  });

  it("[S1-5.53] [S1-8.6] one session's holds of different tickets cannot together overbook the slot", async () => {
    const adults = item({ facility_id: ids.aquaPark, product_id: product.Adult ?? 0, date: day(0), start_time: '12:00:00', end_time: '13:00:00', quantity: 75 });
    holdsOf(await hold('session-p', adults));
    // 79 places: 75 adults held by this very session leave 4, so a Family Pass (4) fits and a second Family Pass does not.
    const family = (quantity: number) => item({ ...adults, product_id: product['Family Pass'] ?? 0, quantity });
    refusedWith(await hold('session-p', family(2)), 409, 'Maximum capacity reached, remaining capacity is 4, requested capacity is 8');
    holdsOf(await hold('session-p', family(1)));
    refusedWith(await hold('session-p', item({ ...adults, product_id: product.Child ?? 0, quantity: 1 })), 409, 'Maximum capacity reached');
    // Holding the same line again still replaces it rather than counting twice.
    holdsOf(await hold('session-p', { ...adults, quantity: 75 }));
    await release('session-p', adults);
    await release('session-p', family(1));
  });

  it('[S1-5.53] a ticket with inventory must fit its stock for the slot', async () => {
    const cabana = item({ facility_id: ids.aquaPark, product_id: product['Cabana Pass'] ?? 0, date: day(0), start_time: '12:00:00', end_time: '13:00:00', quantity: 2 });
    refusedWith(await hold('session-n', cabana), 409, 'Maximum capacity reached, remaining capacity is 1, requested capacity is 2');
    holdsOf(await hold('session-n', { ...cabana, quantity: 1 }));
    refusedWith(await hold('session-o', { ...cabana, quantity: 1 }), 409, 'Maximum capacity reached');
    await release('session-n', cabana);
  });

  it('several lines are held all or none', async () => {
    const rental = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0, start_time: '16:00:00', end_time: '17:00:00' });
    const taken = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0, date: day(1), start_time: '20:00:00', end_time: '21:00:00' });
    refusedWith(await hold('session-p', rental, taken), 409, FACILITY_MESSAGES.noFacility);
    expect(holdsOf(await api.send('DELETE', 'cart/sync', { ...rental, quantity: undefined }, sessionHeader('session-p')))).toEqual([]);
  });

  it('[S1-8.2] refuses a closed, blocked or passed slot', async () => {
    const cage = product['Cage Rental'] ?? 0;
    // The workshop on Mondays (day(1)) 16:00–18:00.
    refusedWith(await hold('session-q', item({ facility_id: ids.cage, product_id: cage, date: day(1), start_time: '16:00:00', end_time: '17:00:00' })), 409, FACILITY_MESSAGES.noFacility);
    refusedWith(await hold('session-q', item({ facility_id: ids.cage, product_id: cage, start_time: '23:00:00', end_time: '24:00:00' })), 409, FACILITY_MESSAGES.noFacility);
    refusedWith(await hold('session-q', item({ facility_id: ids.cage, product_id: cage, date: day(0), start_time: '06:00:00', end_time: '07:00:00' })), 409, FACILITY_MESSAGES.noFacility);
    refusedWith(await hold('session-q', item({ facility_id: ids.cage, product_id: cage, date: day(-1) })), 400, FACILITY_MESSAGES.pastDate);
  });

  it('answers 400 without a session, for a product the facility does not sell and for a broken body; 404 for an unknown facility', async () => {
    const line = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0 });
    refusedWith(await api.send('POST', 'cart/sync', { products: [line] }), 400, FACILITY_MESSAGES.sessionRequired);
    refusedWith(await api.send('DELETE', 'cart/sync', line), 400, FACILITY_MESSAGES.sessionRequired);
    refusedWith(await hold('session-r', { ...line, product_id: product['Full Pitch Rental'] ?? 0 }), 400, FACILITY_MESSAGES.productNotSold);
    refusedWith(await hold('session-r', { ...line, facility_id: 999 }), 404, FACILITY_MESSAGES.facilityNotFound);
    refusedWith(await api.send('POST', 'cart/sync', { products: [] }, sessionHeader('session-r')), 400, /^products: /);
    refusedWith(await hold('session-r', { ...line, quantity: 0 }), 400, /^products\.0\.quantity: /);
  });

  it('[S1-7.23] holds only when the venue reserves facility items; releasing stays open', async () => {
    const line = item({ facility_id: ids.cage, product_id: product['Cage Rental'] ?? 0 });
    await patchConfig(caller(t), { allow_facility_items_reservation: 0 });
    try {
      refusedWith(await hold('session-off', line), 403, HOLDS_OFF);
      expect(holdsOf(await release('session-off', line))).toEqual([]);
    } finally {
      await patchConfig(caller(t), { allow_facility_items_reservation: 1 });
    }
  });
});
