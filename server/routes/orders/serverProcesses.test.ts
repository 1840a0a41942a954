import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/domain/contract/envelope';
import { HEADERS } from '../../../src/domain/contract/headers';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { addDays } from '../../../src/domain/booking/dayTime';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { events } from '../../db/schema/catalogue';
import { facilities, facilityBookings, products } from '../../db/schema/facilities';
import { venues } from '../../db/schema/venue';
import { cartEventLine, cartFacilityLine, emptyProducts, guestName } from '../../testing/cartLines';
import { startServer, stopServer, type RunningServer } from '../../testing/serverProcess';
import { createTestPostgres, testDatabaseUrl, type TestPostgresDatabase } from '../../testing/testDatabase';
import { ORDER_MESSAGES } from './messages';
import { eventPlacesTaken, takenAt } from './eventCapacity';

const BUYERS = 30;
const PLACES_LEFT = 10;

/**
 * Only on PostgreSQL (the "postgres" vitest project): the embedded database belongs to one process. Both processes
 * start at once on one empty database, as a deployment with several processes does.
 */
describe.skipIf(testDatabaseUrl() === null)('two server processes on one PostgreSQL database', () => {
  let created: TestPostgresDatabase | undefined;
  let database: DatabaseHandle;
  let servers: RunningServer[] = [];
  let venueId = 0;

  beforeAll(async () => {
    created = await createTestPostgres(testDatabaseUrl() ?? '', { empty: true });
    const url = created.url;
    const started = await Promise.allSettled([startServer({ databaseUrl: url }), startServer({ databaseUrl: url })]);
    servers = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
    for (const each of started) if (each.status === 'rejected') throw each.reason;
    database = await openDatabase({ kind: 'postgres', url });
    const [venue] = await database.db.update(venues).set({ config: sql`${venues.config} || '{"is_guest_checkout": 1}'::jsonb` }).returning({ id: venues.id });
    venueId = venue?.id ?? 0;
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await database?.close();
    await created?.drop();
  });

  it('both migrated and one seeded the demo venue, though they started at once on an empty database', async () => {
    expect(await database.db.select({ id: venues.id }).from(venues)).toHaveLength(1);
  });

  /** Guest checkouts by card, at once, every other one through the other process. */
  const rush = (name: string, lines: Partial<OrderProducts>) =>
    Promise.all(
      Array.from({ length: BUYERS }, async (_, index) => {
        const form = new FormData();
        form.set('product', JSON.stringify({ ...emptyProducts(), ...lines }));
        for (const [field, value] of Object.entries({ is_anonymous: '1', first_name: guestName('Buyer', index), last_name: name, email: `${name}${index}@example.com`, mobile: `+97150${1000000 + index}` })) {
          form.set(field, value);
        }
        const server = servers[index % servers.length];
        const response = await fetch(`${server?.baseUrl}/api/v1/orders`, {
          method: 'POST',
          body: form,
          headers: { [HEADERS.idempotencyKey]: `${name}-${index}`, [HEADERS.session]: `${name}-session-${index}` },
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }),
    );

  const expectExactlyThePlacesLeftSold = (answers: Awaited<ReturnType<typeof rush>>) => {
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(PLACES_LEFT);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(errorBody.parse(refused.body).message).toBe(ORDER_MESSAGES.capacityReached);
    }
  };

  it('[S1-8.5] checkouts split between the processes for the last places of an event session sell exactly its capacity', async () => {
    const [music] = await database.db.update(events).set({ capacity: PLACES_LEFT }).where(eq(events.id, 2)).returning();
    const schedule = music?.schedules[0];
    if (!music || !schedule) throw new Error('the demo event is missing');
    const ticket = cartEventLine({ venue_id: venueId, event_id: music.id, date: music.startDate, start_time: schedule.start_time, end_time: schedule.end_time });
    expectExactlyThePlacesLeftSold(await rush('event', { event: [ticket] }));
    expect(takenAt(await eventPlacesTaken(database.db, music.id, music.startDate, new Date()), schedule.start_time)).toBe(PLACES_LEFT);
  });

  it('[S1-7.20] checkouts split between the processes for the last places of a facility slot sell exactly its capacity', async () => {
    const [aquaPark] = await database.db.select().from(facilities).where(eq(facilities.name, 'Aqua Park'));
    const [adult] = await database.db.select().from(products).where(eq(products.name, 'Adult'));
    const [final] = await database.db.select({ date: events.startDate }).from(events).where(eq(events.id, 1));
    if (!aquaPark || !adult || !final) throw new Error('the demo facility is missing');
    // The demo's final is on day 10 after the seed; the slot is ten days later, well inside the booking window.
    const date = addDays(final.date, 10) ?? final.date;
    const slot = { facilityId: aquaPark.id, productId: adult.id, date, startTime: '10:00:00', endTime: '11:00:00' };
    await database.db.insert(facilityBookings).values({ ...slot, quantity: aquaPark.capacity - PLACES_LEFT });
    const line = cartFacilityLine({ venue_id: venueId, facility_id: aquaPark.id, venue_service_id: aquaPark.venueServiceId, product_id: adult.id, date });
    expectExactlyThePlacesLeftSold(await rush('slot', { capacity_facility: [line] }));
    const [sold] = await database.db
      .select({ participants: sql<number>`sum(${facilityBookings.quantity})::int` })
      .from(facilityBookings)
      .where(and(eq(facilityBookings.facilityId, aquaPark.id), eq(facilityBookings.date, date), ne(facilityBookings.statusId, 2)));
    expect(sold?.participants).toBe(aquaPark.capacity);
  });
});
