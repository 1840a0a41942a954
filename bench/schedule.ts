/**
 * `npm run bench` (first part): the server's `GET facilities/schedule` on a generated venue of 20 facilities with
 * 5,000 bookings in an in-memory database, called through the real app (app.inject, no network). Also times the
 * client's slot computation (slotOptions) on each answer.
 *
 * It is a report, not a test: a p95 over the target is printed as OVER and the exit code stays 0.
 * The exit code is 1 only when the bench itself cannot run.
 */
import { eq } from 'drizzle-orm';
import { siteConfig } from '../src/domain/contract/config';
import { scheduleResponse } from '../src/domain/contract/facilities';
import { slotOptions } from '../src/domain/booking/availability';
import { addDays } from '../src/domain/booking/dayTime';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/client';
import { cartHolds, facilities, facilityBlocks, facilityBookings, facilityFormations, facilityProducts, facilityTimings, gameFormations, products, surfaces, venueServices } from '../server/db/schema/facilities';
import { venues } from '../server/db/schema/venue';
import { DEMO_VTOKEN, seedDemo } from '../server/seed/demo';

const FACILITIES = 20;
const BOOKINGS = 5_000;
const DAYS = 30;
const HOLDS = 60;
const WARM_UP_CALLS = 30;
const TIMED_CALLS = 300;
const P95_TARGET_MS = 20;
const BENCH_VTOKEN = 'bench-venue-token';
const BENCH_DATE = '2030-01-01';

/** A fixed-seed generator, so every run books the same slots. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
const dateOf = (offset: number) => addDays(BENCH_DATE, offset) ?? BENCH_DATE;

/** A venue like the demo one, with one service of 20 pitches (four full pitches split in halves, eight alone). */
async function generateVenue(db: Database): Promise<{ serviceId: number; formationId: number }> {
  const [demo] = await db.select().from(venues).where(eq(venues.vtoken, DEMO_VTOKEN)).limit(1);
  if (!demo) throw new Error('the demo venue is missing');
  const [venue] = await db
    .insert(venues)
    .values({ code: 'bench-venue', vtoken: BENCH_VTOKEN, config: siteConfig.parse({ ...demo.config, vtoken: BENCH_VTOKEN }) })
    .returning();
  if (!venue) throw new Error('the bench venue was not created');
  const [surface] = await db.insert(surfaces).values({ venueId: venue.id, name: 'Artificial turf' }).returning();
  const formationRows = await db
    .insert(gameFormations)
    .values(['5-a-side', '7-a-side', '11-a-side'].map((name) => ({ venueId: venue.id, name })))
    .returning();
  const [service] = await db
    .insert(venueServices)
    .values({ venueId: venue.id, name: 'Bench Pitches', minBookingTime: 60, maxBookingTime: 180, timeIncrement: 30, advanceBookingDaysLimit: null })
    .returning();
  const [rental] = await db
    .insert(products)
    .values({ venueId: venue.id, kind: 'rental', name: 'Pitch Rental', price: 200, taxAmount: 10, unitMinutes: 30 })
    .returning();
  if (!surface || !service || !rental || formationRows.length < 3) throw new Error('the bench service was not created');

  const rows: (typeof facilities.$inferSelect)[] = [];
  for (let index = 0; index < FACILITIES; index += 1) {
    const split = index < 12;
    const parent = split && index % 3 !== 0 ? rows[index - (index % 3)] : undefined;
    const [row] = await db
      .insert(facilities)
      .values({
        venueServiceId: service.id,
        sort: index,
        name: `Pitch ${index + 1}`,
        surfaceId: surface.id,
        isOutdoor: index % 2 === 0,
        parentFacilityId: parent?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('a bench facility was not created');
    rows.push(row);
  }
  await db.insert(facilityFormations).values(rows.map((row, index) => ({ facilityId: row.id, gameFormationId: formationRows[index % 3]?.id ?? 0 })));
  await db.insert(facilityProducts).values(rows.map((row) => ({ facilityId: row.id, productId: rental.id })));
  await db.insert(facilityTimings).values(
    rows.flatMap((row) => [
      { facilityId: row.id, channels: 5, startTime: '06:00:00', endTime: '23:00:00' },
      { facilityId: row.id, channels: 2, startTime: '05:00:00', endTime: '23:00:00' },
    ]),
  );

  const next = random(20_250_601);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const booking = () => {
    const start = 6 * 60 + Math.floor(next() * 30) * 30;
    const length = pick([60, 90, 120]);
    return {
      facilityId: pick(rows).id,
      productId: rental.id,
      date: dateOf(Math.floor(next() * DAYS)),
      startTime: time(start),
      endTime: time(Math.min(23 * 60, start + length)),
      statusId: next() < 0.05 ? 2 : 1,
    };
  };
  const bookings = Array.from({ length: BOOKINGS }, booking);
  for (let offset = 0; offset < bookings.length; offset += 500) await db.insert(facilityBookings).values(bookings.slice(offset, offset + 500));
  await db.insert(facilityBlocks).values(
    Array.from({ length: 40 }, () => ({
      facilityId: pick(rows).id,
      kind: pick(['maintenance', 'event', 'workshop'] as const),
      startDate: dateOf(Math.floor(next() * DAYS)),
      endDate: dateOf(DAYS),
      weekdays: pick([1, 2, 4, 8, 16, 32, 64]),
      startTime: '14:00:00',
      endTime: '17:00:00',
    })),
  );
  const expiresAt = new Date(Date.now() + 3_600_000);
  await db
    .insert(cartHolds)
    .values(Array.from({ length: HOLDS }, (_, index) => ({ ...booking(), venueId: venue.id, sessionId: `bench-${index}`, clientAddress: '127.0.0.1', quantity: 1, expiresAt })));
  return { serviceId: service.id, formationId: formationRows[1]?.id ?? 0 };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  console.log('Schedule call: GET facilities/schedule through the app (app.inject, in-memory PGlite), on a shared, noisy');
  console.log('machine: compare runs made on the same machine, and read small differences as noise.\n');
  const { db, close } = await openDatabase({ kind: 'memory' });
  // The demo seed's dates are relative to its clock; the bench dates lie beyond every advance limit's today.
  await seedDemo(db, new Date('2029-12-31T20:00:00Z'));
  const { serviceId, formationId } = await generateVenue(db);
  const app = buildApp({ db, distDir: null, devTools: false, now: () => new Date('2029-12-31T20:00:00Z') });
  await app.ready();
  try {
    const urls = Array.from({ length: DAYS }, (_, offset) => {
      const base = `/api/v1/facilities/schedule?venue_service_id=${serviceId}&date=${dateOf(offset)}`;
      return offset % 3 === 0 ? `${base}&game_formations[]=${formationId}` : base;
    });
    const call = async (index: number) => {
      const started = performance.now();
      const res = await app.inject({ url: urls[index % urls.length] ?? '', headers: { 'X-Visitor-Token': BENCH_VTOKEN, 'X-Session-Id': 'bench-caller' } });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`the schedule call answered ${res.statusCode}: ${res.body}`);
      return { elapsed, body: res.json() as unknown };
    };
    for (let index = 0; index < WARM_UP_CALLS; index += 1) await call(index);

    const server: number[] = [];
    const client: number[] = [];
    let facilityCount = 0;
    let bookingCount = 0;
    for (let index = 0; index < TIMED_CALLS; index += 1) {
      const { elapsed, body } = await call(index);
      server.push(elapsed);
      const schedule = scheduleResponse.parse(body).data;
      facilityCount += schedule.facilities.length;
      bookingCount += schedule.facilities.reduce((sum, facility) => sum + facility.bookings.length, 0);
      const started = performance.now();
      for (const duration of [60, 90, 120]) slotOptions(schedule.facilities, { durationMinutes: duration, incrementMinutes: 30 });
      client.push(performance.now() - started);
    }

    const sortedServer = [...server].sort((a, b) => a - b);
    const sortedClient = [...client].sort((a, b) => a - b);
    console.log(`Venue: ${FACILITIES} facilities (4 parents with 2 halves each), ${BOOKINGS} bookings over ${DAYS} days, 40 blocks, ${HOLDS} holds`);
    console.log(`Calls: ${TIMED_CALLS} timed after ${WARM_UP_CALLS} warm-up, rotating the date (a third with a formation filter);`);
    console.log(`on average ${(facilityCount / TIMED_CALLS).toFixed(1)} facilities and ${(bookingCount / TIMED_CALLS).toFixed(1)} bookings per answer.\n`);
    console.log(`server schedule call   p50 ${ms(percentile(sortedServer, 0.5))}   p95 ${ms(percentile(sortedServer, 0.95))}   max ${ms(sortedServer.at(-1) ?? NaN)}`);
    console.log(`client slotOptions x3  p50 ${ms(percentile(sortedClient, 0.5))}   p95 ${ms(percentile(sortedClient, 0.95))}   (60, 90 and 120 minutes)`);
    const p95 = percentile(sortedServer, 0.95);
    console.log(`\nSchedule target: p95 ${ms(p95)} against ${P95_TARGET_MS} ms: ${p95 < P95_TARGET_MS ? 'PASS' : 'OVER'}\n`);
  } finally {
    await app.close();
    await close();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
