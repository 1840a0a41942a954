import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createActor, setup, toPromise, waitFor, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { createApiClient } from '../api/client';
import { PortalDb } from '../db/db';
import { eventLineFixture, membershipLineFixture } from '../domain/cart/cartLineFixtures';
import { facilityAddonFixture, facilityLineFixture } from '../domain/cart/facilityLineFixture';
import type { Promotion } from '../domain/contract/orders';
import { cartMachine } from '../../machines/cart';
import { memoryHoldSessions } from './cartSession';
import { createCartActors, holdFacilityLines, loadCart, saveCart } from './cartStore';
import { PRODUCT_TYPE } from '../domain/productTypes';

type Request = { method: string; url: string; body: unknown; session?: string };
type Answer = { status: number; body: unknown } | 'network-down';

/** The hold session the venue issued this browser. */
const HELD = '0123456789abcdef0123456789abcdef';

const promotion: Promotion = { code: 'SAVE10', type: 'promo', codes: ['SAVE10'], discount: 5, total: 100, products: [] };

function setUp(answer: (request: Request) => Answer = () => ({ status: 200, body: { status: true, data: promotion } })) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const session = new Headers(init?.headers).get('X-Session-Id');
    const request = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined, ...(session ? { session } : {}) };
    requests.push(request);
    const reply = answer(request);
    if (reply === 'network-down') throw new TypeError('fetch failed');
    return Response.json(reply.body, { status: reply.status });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'http://venue.test/api/v1/', headers: () => ({}), fetch });
  const database = new PortalDb(`cart-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  let session = 'session-a';
  const holdSessions = memoryHoldSessions(HELD);
  const actors = createCartActors(api, { database: () => Promise.resolve(database), cartSessionId: () => session, holdSessions, tickMs: 5 });
  return { api, actors, requests, database, holdSessions, useSession: (key: string) => (session = key) };
}

function run<T>(logic: AnyActorLogic, input?: unknown): Promise<T> {
  return toPromise(createActor(logic, { input }).start()) as Promise<T>;
}

describe('the cart store', () => {
  it('[S1-4.18] keeps each session’s cart apart, lines in order with their add-ons, and the applied code beside them', async () => {
    const { database } = setUp();
    const lines = [facilityLineFixture({ addons: [facilityAddonFixture()] }), eventLineFixture(), membershipLineFixture()];
    const benefit = { request: { promotion_code: 'SAVE10', mobile: null }, promotion };
    await saveCart(database, 'a', { lines, benefit });
    await saveCart(database, 'b', { lines: [eventLineFixture({ name: 'Other visitor' })], benefit: null });
    expect(await loadCart(database, 'a')).toEqual({ lines, benefit });
    expect((await loadCart(database, 'b')).lines.map((line) => line.name)).toEqual(['Other visitor']);

    await saveCart(database, 'a', { lines: lines.slice(1), benefit: null });
    expect(await loadCart(database, 'a')).toEqual({ lines: lines.slice(1), benefit: null });
    expect(await database.cartLines.count()).toBe(3);
    expect(await loadCart(database, 'nobody')).toEqual({ lines: [], benefit: null });
  });

  it('reads the lines the booking modal stored for the session; a broken kept code is ignored', async () => {
    const { database } = setUp();
    await database.cartLines.add({ ...facilityLineFixture(), sessionKey: 'a' });
    await database.settings.put({ key: 'cartBenefit:a', value: { request: 'garbage' } });
    expect(await loadCart(database, 'a')).toEqual({ lines: [facilityLineFixture()], benefit: null });
  });

  it('leaves out a kept row that no longer reads as a cart line, so the rest of the cart (and Clear Cart) still works', async () => {
    const { database } = setUp();
    await database.cartLines.add({ ...facilityLineFixture(), sessionKey: 'a' });
    await database.cartLines.add({ sessionKey: 'a', product_id: 2, quantity: 1, addons: [] } as never);
    await database.cartLines.add({ ...facilityLineFixture({ product_id: 3 }), facility_id: undefined, sessionKey: 'a' } as never);
    expect((await loadCart(database, 'a')).lines).toEqual([facilityLineFixture()]);
  });

  it('[S1-7.21] holds facility lines with POST cart/sync and records each hold’s expiry', async () => {
    const { api, requests, holdSessions } = setUp(({ body }) => {
      const [product] = (body as { products: Record<string, unknown>[] }).products;
      return { status: 200, body: { status: true, data: { holds: [{ ...product, expires_at: '2026-11-22T09:15:00.000Z' }] } } };
    });
    const held = await holdFacilityLines(api, [facilityLineFixture({ quantity: 2 }), facilityLineFixture({ product_id: 2, facility_id: 3 })], holdSessions);
    expect(requests[0]).toMatchObject({ method: 'POST', url: 'http://venue.test/api/v1/cart/sync', session: HELD });
    expect(requests[0]?.body).toEqual({
      products: [
        { product_id: 1, quantity: 2, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 },
        { product_id: 2, quantity: 1, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 3 },
      ],
    });
    expect(held.map((line) => line.hold_expires_at)).toEqual(['2026-11-22T09:15:00.000Z', null]);
    expect(await holdFacilityLines(api, [], holdSessions)).toEqual([]);
  });

  it('asks the venue for a hold session before the first hold and keeps it; one the venue forgot (403) is replaced once', async () => {
    const issued = ['11111111111111111111111111111111', '22222222222222222222222222222222'];
    let forgotten = false;
    const { api, requests, holdSessions } = setUp(({ url, session }) => {
      if (url.endsWith('cart/session')) return { status: 200, body: { status: true, data: { session_id: issued.shift() } } };
      if (forgotten && session === '11111111111111111111111111111111') return { status: 403, body: { status: false, message: 'This cart session is unknown or has expired' } };
      return { status: 200, body: { status: true, data: { holds: [] } } };
    });
    holdSessions.keep(null);
    await holdFacilityLines(api, [facilityLineFixture()], holdSessions);
    forgotten = true;
    await holdFacilityLines(api, [facilityLineFixture()], holdSessions);
    expect(requests.map(({ url, session }) => [url.replace('http://venue.test/api/v1/', ''), session ?? null])).toEqual([
      ['cart/session', null],
      ['cart/sync', '11111111111111111111111111111111'],
      ['cart/sync', '11111111111111111111111111111111'],
      ['cart/session', null],
      ['cart/sync', '22222222222222222222222222222222'],
    ]);
    expect(holdSessions.read()).toBe('22222222222222222222222222222222');
  });

  it('a refused hold rejects with the server’s message', async () => {
    const { api } = setUp(() => ({ status: 409, body: { status: false, message: 'Maximum capacity reached' } }));
    await expect(holdFacilityLines(api, [facilityLineFixture()], memoryHoldSessions(HELD))).rejects.toThrow('Maximum capacity reached');
  });

  it('[S1-7.22] releases a hold with DELETE cart/sync naming the line; a failure is not the visitor’s problem', async () => {
    const { actors, requests, holdSessions } = setUp(() => 'network-down');
    const item = { product_id: 1, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 };
    await run(actors.releaseHold, item);
    expect(requests).toEqual([{ method: 'DELETE', url: 'http://venue.test/api/v1/cart/sync', body: item, session: HELD }]);
    // Without a hold session nothing was held: nothing to release.
    holdSessions.keep(null);
    await run(actors.releaseHold, item);
    expect(requests).toHaveLength(1);
  });

  it('[S1-7.24] verifies a code with POST benefits/verify; a refusal rejects with the server’s message, a network failure with none', async () => {
    let reply: Answer = { status: 200, body: { status: true, data: promotion } };
    const { actors, requests } = setUp(() => reply);
    const body = {
      products: [{ quantity: 1, venue_id: 1, price: 100, tax: 5, date: null, product_id: 1, product_type_id: PRODUCT_TYPE.facility, item_id: 1, cartIndex: 0, addon_index: null, is_addon: 0 as const }],
      promotion_code: 'SAVE10',
    };
    expect(await run(actors.verifyBenefits, body)).toEqual(promotion);
    expect(requests[0]).toEqual({ method: 'POST', url: 'http://venue.test/api/v1/benefits/verify', body });
    reply = { status: 422, body: { status: false, message: 'Promo not valid for selected tickets' } };
    await expect(run(actors.verifyBenefits, body)).rejects.toThrow('Promo not valid for selected tickets');
    reply = 'network-down';
    await expect(run(actors.verifyBenefits, body)).rejects.toThrow(/^$/);
  });

  it('[S1-4.18] drives the cart machine: what one page added, the next page (same session) finds', async () => {
    const { actors, useSession } = setUp();
    const input = { holdsLines: false, customerThreshold: null, sessionId: 'session-a', anonymousUser: false, now: () => 0 };
    const first = createActor(cartMachine.provide({ actors }), { input }).start();
    await waitIdle(first);
    first.send({ type: 'cart.add', line: eventLineFixture() });
    await waitIdle(first);
    first.stop();

    const second = createActor(cartMachine.provide({ actors }), { input }).start();
    await waitIdle(second);
    expect(second.getSnapshot().context.lines).toEqual([eventLineFixture()]);
    second.stop();

    useSession('session-b');
    const other = createActor(cartMachine.provide({ actors }), { input }).start();
    await waitIdle(other);
    expect(other.getSnapshot().context.lines).toEqual([]);
    other.stop();
  });

  it('the hold clock ticks until the cart closes', async () => {
    const { actors } = setUp();
    let ticks = 0;
    const host = setup({ actors: { holdClock: actors.holdClock } }).createMachine({
      invoke: { src: 'holdClock' },
      on: { 'holds.tick': { actions: () => (ticks += 1) } },
    });
    const actor = createActor(host).start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    actor.stop();
    const counted = ticks;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counted).toBeGreaterThan(0);
    expect(ticks).toBe(counted);
  });
});

const waitIdle = (actor: AnyActorRef) => waitFor(actor, (state) => !state.hasTag('pending'));
