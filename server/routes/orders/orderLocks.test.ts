import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LightMyRequestResponse } from 'fastify';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { venues } from '../../db/schema/venue';
import { cartEventLine, emptyProducts, guestName } from '../../testing/cartLines';
import { testDatabaseUrl } from '../../testing/testDatabase';
import { caller, patchConfig } from '../accounts/accountsTestSupport';
import { sessionHeader } from '../facilities/facilitiesTestSupport';
import { day, facilityLine, orderResult, orderTestApp, submitOrder } from './ordersTestSupport';
import { CatalogueCache } from './catalogueCache';
import { placeOrder } from './placeOrder';

const STILL_WAITING = 'still waiting';

const statusWithin = (response: Promise<LightMyRequestResponse>, ms: number) =>
  Promise.race([response.then((res) => res.statusCode), new Promise<string>((resolve) => setTimeout(() => resolve(STILL_WAITING), ms))]);

/**
 * Only on PostgreSQL (the "postgres" vitest project): the embedded database has one connection, so every
 * transaction waits for the one before it whatever it locks.
 */
describe.skipIf(testDatabaseUrl() === null)('order locks are per place', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let buyers = 0;

  beforeAll(async () => {
    app = await orderTestApp();
    await patchConfig(caller(app.t), { is_guest_checkout: 1 });
  });
  afterAll(() => app.t.close());

  const guest = () => {
    buyers += 1;
    return { is_anonymous: 1, first_name: guestName('Guest', buyers), last_name: 'Locks', email: `locks${buyers}@example.com`, mobile: `+97150${2000000 + buyers}` };
  };
  const slotDate = day(26);
  const slot = (): Partial<OrderProducts> => ({
    capacity_facility: [facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), date: slotDate })],
  });
  const finalTicket = (): Partial<OrderProducts> => ({
    event: [cartEventLine({ venue_id: app.venueId, event_id: 1, date: day(10), start_time: '19:00:00', end_time: '21:30:00' })],
  });
  const order = (products: Partial<OrderProducts>) => submitOrder(app.t, { key: `locks-${++buyers}`, products, fields: guest(), headers: sessionHeader(`locks-session-${buyers}`) });

  /** Places an Aqua Park order inside a transaction that stays open (as a slow checkout does) until `finish` is called. */
  async function slowSlotOrder() {
    const [venue] = await app.t.db.select().from(venues).where(eq(venues.id, app.venueId));
    if (!venue) throw new Error('no demo venue');
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let placed = () => {};
    const isPlaced = new Promise<void>((resolve) => (placed = resolve));
    const fields = Object.fromEntries(Object.entries({ ...guest(), product: JSON.stringify({ ...emptyProducts(), ...slot() }) }).map(([name, value]) => [name, String(value)]));
    const transaction = app.t.db.transaction(async (tx) => {
      const placement = await placeOrder(tx, { venue, fields, bearer: null, sessionId: null, channel: 'B2C', now: app.clock.now(), cardPayments: true, catalogue: new CatalogueCache() });
      await placement.confirmPlaces();
      placed();
      await finished;
    });
    await isPlaced;
    return { finish, transaction };
  }

  it('[S1-8.5] an event order does not wait for a facility order still in progress; an order for the same facility day does', async () => {
    const slow = await slowSlotOrder();
    let sameDay: Promise<LightMyRequestResponse> | null = null;
    try {
      expect(await statusWithin(order(finalTicket()), 5_000)).toBe(200);
      sameDay = order(slot());
      expect(await statusWithin(sameDay, 1_000)).toBe(STILL_WAITING);
    } finally {
      slow.finish();
      await slow.transaction;
    }
    if (sameDay) orderResult(await sameDay);
  });
});
