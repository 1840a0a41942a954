import { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSyncResponse, facilityWithProductsResponse, HOLD_QUANTITY_MAX, type HoldItem } from '../../../src/domain/contract/facilities';
import { HOLD_LINES_MAX } from '../../../src/domain/contract/orderLimits';
import { facilityFreeStarts } from '../../../src/domain/booking/availability';
import { cartHolds } from '../../db/schema/facilities';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { caller, manualClock, patchConfig } from '../accounts/accountsTestSupport';
import { FACILITY_MESSAGES, sessionReference } from './facilitiesData';
import { HOLD_MINUTES, HOLDS_OFF } from './holds';
import { DEMO_NOW, day, facilityApi, issueCartSession, namedCartSessions, refusedWith, sessionHeader } from './facilitiesTestSupport';

const hourly = { durationMinutes: 60, incrementMinutes: 60 };

/** A test app on the demo clock with the demo's facility ids, product ids by name and issued sessions by name. */
async function holdsTestApp(clock: ReturnType<typeof manualClock>) {
  const t = await createTestApp({ now: clock.now });
  const api = facilityApi(t);
  const ids = await api.ids();
  const product: Record<string, number> = {};
  const readProducts = async (query: string) => {
    const data = facilityWithProductsResponse.parse((await api.get(`facilities/auto?${query}`)).json()).data;
    for (const each of [...data.default_products, ...data.products]) product[each.name] = each.product_id;
  };
  await readProducts(`venue_service_id=${ids.aqua}&date=${day(1)}&start_time=12:00:00&end_time=13:00:00&facility_id=${ids.aquaPark}`);
  for (const facility of [ids.mainPitch, ids.halfA, ids.cage, ids.arena]) {
    await readProducts(`venue_service_id=${ids.football}&date=${day(3)}&start_time=09:00:00&end_time=10:00:00&facility_id=${facility}`);
  }
  return { t, api, ids, product, session: namedCartSessions(t) };
}

type HoldsTestApp = Awaited<ReturnType<typeof holdsTestApp>>;

/** cart/sync and its release for a session named in the test. */
function holdCalls({ api, session }: HoldsTestApp) {
  return {
    hold: async (name: string, ...products: HoldItem[]) => api.send('POST', 'cart/sync', { products }, sessionHeader(await session(name))),
    release: async (name: string, { quantity: _quantity, ...item }: HoldItem) => api.send('DELETE', 'cart/sync', item, sessionHeader(await session(name))),
    holdsOf: (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(200);
      return cartSyncResponse.parse(res.json()).data.holds;
    },
  };
}

describe('cart/sync holds', () => {
  const clock = manualClock(DEMO_NOW);
  let t: TestApp;
  let session: HoldsTestApp['session'];
  let api: HoldsTestApp['api'];
  let ids: HoldsTestApp['ids'];
  let product: HoldsTestApp['product'];
  let calls: ReturnType<typeof holdCalls>;

  beforeAll(async () => {
    const app = await holdsTestApp(clock);
    ({ t, session, api, ids, product } = app);
    calls = holdCalls(app);
    // These tests are about the facility's places; the allowance of a session or an address has its own tests.
    await patchConfig(caller(t), { cart_hold_places_per_session: 500, cart_hold_places_per_address: 5000 });
  });
  afterAll(() => t.close());

  const hold = (name: string, ...products: HoldItem[]) => calls.hold(name, ...products);
  const release = (name: string, item: HoldItem) => calls.release(name, item);
  const holdsOf = (res: LightMyRequestResponse) => calls.holdsOf(res);
  const item = (overrides: Partial<HoldItem> & Pick<HoldItem, 'facility_id' | 'product_id'>): HoldItem => ({
    quantity: 1,
    date: day(3),
    start_time: '09:00:00',
    end_time: '10:00:00',
    ...overrides,
  });
  const cageSchedule = async (date: string, name: string) => {
    const schedule = await api.schedule(`venue_service_id=${ids.football}&date=${date}`, sessionHeader(await session(name)));
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
    expect(left.map((row) => row.sessionId)).toEqual([await session('session-h')]);
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
        await api.get(`facilities/auto?venue_service_id=${ids.aqua}&date=${day(0)}&start_time=12:00:00&end_time=13:00:00&facility_id=${ids.aquaPark}`, sessionHeader(await session('session-l')))
      ).json(),
    ).data;
    const adult = auto.products.find((ticket) => ticket.name === 'Adult');
    // The other session's adults come as reserved slots (the client takes them off), under a reference that does
    // not give its secret away; other tickets see them as taken.
    expect(adult).toMatchObject({ available_capacity: 79, reserved_slots: [{ session_id: sessionReference(await session('session-k')), quantity: 70, start_time: '12:00:00' }] });
    expect(JSON.stringify(auto)).not.toContain(await session('session-k'));
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
    expect(holdsOf(await api.send('DELETE', 'cart/sync', { ...rental, quantity: undefined }, sessionHeader(await session('session-p'))))).toEqual([]);
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
    refusedWith(await api.send('POST', 'cart/sync', { products: [] }, sessionHeader(await session('session-r'))), 400, /^products: /);
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

describe('cart/sync: bounded bodies, what one session and one address may hold, issued sessions', () => {
  const clock = manualClock(DEMO_NOW);
  let app: HoldsTestApp;
  let calls: ReturnType<typeof holdCalls>;

  beforeAll(async () => {
    app = await holdsTestApp(clock);
    calls = holdCalls(app);
  });
  afterAll(() => app.t.close());

  const adults = (quantity: number, date: string, start_time = '10:00:00', end_time = '11:00:00'): HoldItem => ({
    product_id: app.product.Adult ?? 0,
    facility_id: app.ids.aquaPark,
    quantity,
    date,
    start_time,
    end_time,
  });
  /** cart/sync from a client address (request.ip). */
  const holdFrom = async (address: string, name: string, ...products: HoldItem[]) =>
    app.t.app.inject({ method: 'POST', url: '/api/v1/cart/sync', payload: { products }, headers: sessionHeader(await app.session(name)), remoteAddress: address });

  /** HOLD_LINES_MAX free hourly pitch slots, over several days and two facilities: the largest cart a body may carry. */
  async function largestCart(): Promise<HoldItem[]> {
    const lines: HoldItem[] = [];
    for (let offset = 3; lines.length < HOLD_LINES_MAX; offset += 1) {
      const schedule = await app.api.schedule(`venue_service_id=${app.ids.football}&date=${day(offset)}`);
      for (const [facilityId, rental] of [[app.ids.cage, 'Cage Rental'], [app.ids.arena, 'Indoor Arena Rental']] as const) {
        const facility = schedule.facilities.find((each) => each.id === facilityId);
        if (!facility) throw new Error(`facility ${facilityId} is not in the schedule`);
        for (const start of facilityFreeStarts(facility, schedule.facilities, hourly).slice(0, 2)) {
          const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}${start.slice(2)}`;
          lines.push({ product_id: app.product[rental] ?? 0, facility_id: facilityId, quantity: 1, date: day(offset), start_time: start, end_time: end });
        }
      }
    }
    return lines.slice(0, HOLD_LINES_MAX);
  }

  it(`refuses a body of more than ${HOLD_LINES_MAX} lines or a line of more than ${HOLD_QUANTITY_MAX}, with 400 and at once`, async () => {
    const line = adults(1, day(3));
    const started = performance.now();
    refusedWith(await calls.hold('bounds', ...Array.from({ length: 300 }, () => line)), 400, `products: at most ${HOLD_LINES_MAX} lines can be held in one request`);
    expect(performance.now() - started).toBeLessThan(2000);
    refusedWith(await calls.hold('bounds', { ...line, quantity: HOLD_QUANTITY_MAX + 1 }), 400, `products.0.quantity: at most ${HOLD_QUANTITY_MAX} can be held on one line`);
    expect(await app.t.db.select().from(cartHolds)).toEqual([]);
  });

  it(`holds the largest cart a body may carry (${HOLD_LINES_MAX} lines) at once, and a read made meanwhile is answered within 2 s`, async () => {
    const lines = await largestCart();
    const started = performance.now();
    const sync = calls.hold('largest', ...lines).then((res) => ({ res, ms: performance.now() - started }));
    const read = app.api.get(`facilities/schedule?venue_service_id=${app.ids.aqua}&date=${day(4)}`).then((res) => ({ res, ms: performance.now() - started }));
    const [synced, answered] = await Promise.all([sync, read]);
    expect(calls.holdsOf(synced.res)).toHaveLength(HOLD_LINES_MAX);
    expect(answered.res.statusCode).toBe(200);
    expect(synced.ms).toBeLessThan(2000);
    expect(answered.ms).toBeLessThan(2000);
    for (const line of lines) await calls.release('largest', line);
  });

  it('anonymous quantity 120 on one slot is refused: one session holds at most cart_hold_places_per_session (40) places', async () => {
    refusedWith(await calls.hold('hoarder', adults(120, day(4))), 409, FACILITY_MESSAGES.sessionPlaces(40, 0, 120));
    calls.holdsOf(await calls.hold('hoarder', adults(30, day(4))));
    // A Family Pass takes 4 places: 30 + 3 × 4 = 42.
    refusedWith(await calls.hold('hoarder', { ...adults(3, day(4)), product_id: app.product['Family Pass'] ?? 0 }), 409, FACILITY_MESSAGES.sessionPlaces(40, 30, 12));
    // Holding a line again replaces it: the places it took are not counted twice.
    calls.holdsOf(await calls.hold('hoarder', adults(40, day(4))));
    refusedWith(await calls.hold('hoarder', adults(1, day(4), '12:00:00', '13:00:00')), 409, FACILITY_MESSAGES.sessionPlaces(40, 40, 1));
    await calls.release('hoarder', adults(40, day(4)));
  });

  it('one client address holds at most cart_hold_places_per_address (120) places across its sessions; another address is not held back', async () => {
    const spray = '203.0.113.7';
    for (const [index, start] of ['10:00:00', '11:00:00', '12:00:00'].entries()) {
      const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00:00`;
      calls.holdsOf(await holdFrom(spray, `spray-${index}`, adults(40, day(5), start, end)));
    }
    refusedWith(await holdFrom(spray, 'spray-3', adults(1, day(5), '13:00:00', '14:00:00')), 429, FACILITY_MESSAGES.addressPlaces(120));
    calls.holdsOf(await holdFrom('198.51.100.4', 'elsewhere', adults(1, day(5), '13:00:00', '14:00:00')));
  });

  it('the session id is a secret the venue issues: a made-up or unknown one is refused, and one session cannot release another\'s hold', async () => {
    const [first, second] = [await issueCartSession(app.t), await issueCartSession(app.t)];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    const line = adults(2, day(6));
    const { quantity: _quantity, ...release } = line;
    for (const madeUp of ['session-a', 'f'.repeat(32)]) {
      refusedWith(await app.api.send('POST', 'cart/sync', { products: [line] }, sessionHeader(madeUp)), 403, FACILITY_MESSAGES.sessionUnknown);
      refusedWith(await app.api.send('DELETE', 'cart/sync', release, sessionHeader(madeUp)), 403, FACILITY_MESSAGES.sessionUnknown);
    }
    calls.holdsOf(await app.api.send('POST', 'cart/sync', { products: [line] }, sessionHeader(first)));
    expect(calls.holdsOf(await app.api.send('DELETE', 'cart/sync', release, sessionHeader(second)))).toEqual([]);
    expect((await app.t.db.select().from(cartHolds)).filter((row) => row.sessionId === first)).toHaveLength(1);
    expect(calls.holdsOf(await app.api.send('DELETE', 'cart/sync', release, sessionHeader(first)))).toEqual([]);
  });

  it('[S1-5.53] sessions racing for the last places of a slot hold exactly its capacity, whichever addresses they come from', async () => {
    const date = day(7);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => holdFrom(`192.0.2.${index + 1}`, `racer-${index}`, adults(20, date))));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(6);
    for (const refused of answers.filter((res) => res.statusCode !== 200)) refusedWith(refused, 409, /^Maximum capacity reached/);
    const held = (await app.t.db.select().from(cartHolds)).filter((row) => row.date === date);
    expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(120);
  });
});
