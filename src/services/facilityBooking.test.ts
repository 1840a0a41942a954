import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { createApiClient } from '../api/client';
import { PortalDb } from '../db/db';
import { facilityAddonFixture, facilityLineFixture } from '../domain/cart/facilityLineFixture';
import type { Schedule } from '../domain/contract/facilities';
import { WordedFailure } from '../../machines/facilityBookingActors';
import { memoryHoldSessions } from './cartSession';
import { createFacilityBookingActors } from './facilityBooking';

const schedule: Schedule = {
  date: '2026-11-22',
  channel: 'B2C',
  configuration: { min_booking_time: 60, max_booking_time: null, time_increment: 60, per_capacity: 0, online_booking_delay: 0, advance_booking_days_limit: 30 },
  facilities: [],
};

type Request = { method: string; url: string; body: unknown };
type Answer = { status: number; body: unknown } | 'network-down';

function setUp(answer: (request: Request) => Answer, options: { holdsLines?: boolean } = {}) {
  const holdSessions = memoryHoldSessions('0123456789abcdef0123456789abcdef');
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(request);
    const reply = answer(request);
    if (reply === 'network-down') throw new TypeError('fetch failed');
    return Response.json(reply.body, { status: reply.status });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'http://venue.test/api/v1/', headers: () => ({}), fetch });
  const database = new PortalDb(`booking-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  let clock = 1_000;
  const actors = createFacilityBookingActors(api, {
    holdsLines: options.holdsLines ?? false,
    holdPlacesLimit: 40,
    holdSessions,
    now: () => clock,
    database: () => Promise.resolve(database),
    cartSessionId: () => 'session-a',
  });
  return { actors, api, requests, database, advance: (ms: number) => (clock += ms) };
}

function run<T>(logic: AnyActorLogic, input?: unknown): Promise<T> {
  return toPromise(createActor(logic, { input }).start()) as Promise<T>;
}

const request = { venue_service_id: 1, date: '2026-11-22', game_formations: [2, 1], facility_surface_id: 3 };

describe('the facility booking actors', () => {
  it('[S1-7.10] asks for the schedule with its filters and keeps it for the offline view', async () => {
    let down = false;
    const { actors, requests, advance } = setUp(() => (down ? 'network-down' : { status: 200, body: { status: true, data: schedule } }));
    const fresh = await run<{ source: string; savedAt: number }>(actors.loadSchedule, request);
    expect(fresh).toMatchObject({ source: 'network', savedAt: 1_000 });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/v1/facilities/schedule');
    expect(url.searchParams.getAll('game_formations[]')).toEqual(['2', '1']);
    expect(url.searchParams.get('facility_surface_id')).toBe('3');

    down = true;
    advance(60_000);
    const offline = await run<{ source: string; savedAt: number; schedule: Schedule }>(actors.loadSchedule, { ...request, game_formations: [1, 2] });
    expect(offline).toMatchObject({ source: 'cache', savedAt: 1_000, schedule });
  });

  it('a server that refuses the schedule is believed: its message, not the cache', async () => {
    let refuse = false;
    const { actors } = setUp(() => (refuse ? { status: 400, body: { status: false, message: 'Date not open for booking' } } : { status: 200, body: { status: true, data: schedule } }));
    await run(actors.loadSchedule, request);
    refuse = true;
    await expect(run(actors.loadSchedule, request)).rejects.toThrow('Date not open for booking');
  });

  it('with nothing kept, an offline schedule fails with no message for the screen to word', async () => {
    const { actors } = setUp(() => 'network-down');
    await expect(run(actors.loadSchedule, request)).rejects.toThrow(/^$/);
  });

  it('[S1-7.8] [S1-7.9] keeps the services and their filters for a start without the network; a refusal is still shown', async () => {
    const services = [{ id: 1, name: 'Football Pitches', is_public: 1, filter_by: 1, facilities: [] }];
    const filters = { surfaces: [{ id: 1, name: 'Grass' }], formations: [], outdoor: [0, 1] };
    let answer: 'up' | 'down' | 'refuse' = 'up';
    const { actors, api, requests } = setUp((request) => {
      if (answer === 'down') return 'network-down';
      if (answer === 'refuse') return { status: 404, body: { status: false, message: 'Service not found' } };
      return { status: 200, body: { status: true, data: request.url.includes('filters') ? filters : services } };
    });
    await run(actors.loadServices);
    await run(actors.loadFilters, { serviceId: 1 });

    answer = 'down';
    // The API client keeps successful GETs in memory; a new page starts without them, as here after clearCache.
    api.clearCache();
    const asked = requests.length;
    expect(await run(actors.loadServices)).toMatchObject([{ id: 1, name: 'Football Pitches' }]);
    expect(await run(actors.loadFilters, { serviceId: 1 })).toMatchObject({ surfaces: [{ id: 1, name: 'Grass' }] });
    expect(requests.length - asked, 'both went to the network first').toBe(2);
    await expect(run(actors.loadRentals, { serviceId: 1 })).rejects.toThrow(/^$/);

    answer = 'refuse';
    await expect(run(actors.loadFilters, { serviceId: 9 })).rejects.toThrow('Service not found');
  });

  it('[S1-3.18] stores facility lines with their session and puts add-ons under the line of their group', async () => {
    const { actors, database, requests } = setUp(() => ({ status: 200, body: { status: true, data: [] } }));
    await run(actors.addLines, { lines: [facilityLineFixture({ group: 'g1' }), facilityLineFixture({ group: 'g1', product_id: 2 })], addons: [] });
    await run(actors.addLines, { lines: [], addons: [facilityAddonFixture({ group: 'g1', quantity: 2 })] });
    await run(actors.addLines, { lines: [], addons: [facilityAddonFixture({ group: 'g1', quantity: 1 })] });
    const rows = await database.cartLines.toArray();
    expect(rows.map((row) => [row.sessionKey, row.product_id, row.addons.map((addon) => addon.quantity)])).toEqual([
      ['session-a', 1, [3]],
      ['session-a', 2, []],
    ]);
    expect(requests).toEqual([]);
    const tickets = await run<{ product_id: number; selectedFacilityTiming: string }[]>(actors.readCartTickets);
    expect(tickets.map((ticket) => [ticket.product_id, ticket.selectedFacilityTiming])).toEqual([
      [1, '10:00:00'],
      [2, '10:00:00'],
    ]);
  });

  it('an add-on whose base line is gone is refused and nothing is stored', async () => {
    const { actors, database } = setUp(() => ({ status: 200, body: { status: true, data: [] } }));
    await expect(run(actors.addLines, { lines: [], addons: [facilityAddonFixture({ group: 'missing' })] })).rejects.toThrow();
    expect(await database.cartLines.count()).toBe(0);
  });

  it('[S1-7.21] [S1-7.23] holds facility lines on the server first when the venue reserves them, and keeps nothing when refused', async () => {
    let refuse = false;
    const { actors, database, requests } = setUp(
      () => (refuse ? { status: 409, body: { status: false, message: 'No facility available for selected time slot' } } : { status: 200, body: { status: true, data: { holds: [] } } }),
      { holdsLines: true },
    );
    await run(actors.addLines, { lines: [facilityLineFixture({ quantity: 2 })], addons: [] });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      body: { products: [{ product_id: 1, quantity: 2, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 }] },
    });
    refuse = true;
    await expect(run(actors.addLines, { lines: [facilityLineFixture({ product_id: 5 })], addons: [] })).rejects.toThrow(
      'No facility available for selected time slot',
    );
    expect((await database.cartLines.toArray()).map((row) => row.product_id)).toEqual([1]);
  });

  it('refuses beyond the places one cart may hold (cart_hold_places_per_session) in the visitor\'s words, without asking the venue', async () => {
    const { actors, requests } = setUp(() => ({ status: 200, body: { status: true, data: { holds: [{ ...facilityLineFixture(), expires_at: '2026-11-22T09:15:00.000Z' }] } } }), { holdsLines: true });
    // 30 Family Passes of 4 would be 120 places.
    const refusal = await run(actors.addLines, { lines: [facilityLineFixture({ quantity: 30, participant_count: 4 })], addons: [] }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WordedFailure);
    expect((refusal as WordedFailure).notice).toEqual({ ns: 'facilityBooking', key: 'notices.holdPlacesLimit', values: { max: 40 } });
    expect(requests).toEqual([]);
  });

  it('words the venue\'s refusal for a network that holds too many places (429) in the visitor\'s language', async () => {
    const { actors } = setUp(() => ({ status: 429, body: { status: false, message: 'At most 120 places may be held at once from one network.' } }), { holdsLines: true });
    const refusal = await run(actors.addLines, { lines: [facilityLineFixture()], addons: [] }).catch((error: unknown) => error);
    expect((refusal as WordedFailure).notice).toEqual({ ns: 'facilityBooking', key: 'notices.holdAddressLimit' });
  });
});
