import { createHash } from 'node:crypto';
import { inArray, or, sql } from 'drizzle-orm';
import { secondsOfTime } from '../../../src/domain/booking/dayTime';
import { type Database } from '../../db/client';
import { facilities } from '../../db/schema/facilities';
import { lockFacilityDays } from './facilitiesData';

/**
 * Advisory lock classes of the places an order or a hold takes. Whoever counts what is left of a place and then
 * takes some holds that place's lock until its transaction ends, so two never both take the last of it; what does
 * not share a place does not wait. Money locks (7311) are taken before any of these.
 */
const PLACE_LOCK = {
  /** One start time of an event on one day ('10:00' and '10:00:00' are one). */
  eventSession: 7305,
  /** An add-on's stock, counted across the venue's facilities and days. */
  stockedProduct: 7306,
  /** One trainer's day: their sessions must not overlap. */
  trainerDay: 7307,
} as const;

export interface PlacesWanted {
  facilityDays?: readonly { facilityId: number; date: string }[];
  eventSessions?: readonly { eventId: number; date: string; startTime: string }[];
  stockedProducts?: readonly number[];
  trainerDays?: readonly { trainerId: number; date: string }[];
}

type LockKey = [lockClass: number, key: number];

/** A stable 32-bit key of a text; two places sharing one only wait for each other, they never both take a place. */
function keyOf(text: string): number {
  return createHash('sha256').update(text).digest().readInt32BE(0);
}

/**
 * A facility's day is read together with its parent's and children's (they share the pitch), so taking a facility
 * locks them all: two orders that read each other's bookings always share at least one lock.
 */
export async function withRelatives(db: Database, facilityIds: readonly number[]): Promise<Map<number, number[]>> {
  if (facilityIds.length === 0) return new Map();
  const ids = [...new Set(facilityIds)];
  const rows = await db
    .select({ id: facilities.id, parentId: facilities.parentFacilityId })
    .from(facilities)
    .where(or(inArray(facilities.id, ids), inArray(facilities.parentFacilityId, ids)));
  return new Map(
    ids.map((id) => [
      id,
      [
        id,
        ...rows.flatMap((row) => (row.id === id && row.parentId !== null ? [row.parentId] : [])),
        ...rows.flatMap((row) => (row.parentId === id ? [row.id] : [])),
      ],
    ]),
  );
}

/**
 * Takes the locks of every place wanted, in one round trip and in one global order (class, then key), so two
 * transactions that want some of the same places never wait for each other in a circle. `relativesOf` answers as
 * withRelatives does (a checkout passes a copy it keeps for a few seconds: which facilities share a pitch is
 * catalogue, not capacity).
 */
export async function lockPlaces(db: Database, wanted: PlacesWanted, relativesOf = withRelatives): Promise<void> {
  const relatives = await relativesOf(db, (wanted.facilityDays ?? []).map((day) => day.facilityId));
  // Facility days first, with the locks cart/sync takes for its holds (lockFacilityDays): a hold and an order never
  // both take the last place.
  await lockFacilityDays(
    db,
    (wanted.facilityDays ?? []).flatMap((day) => (relatives.get(day.facilityId) ?? [day.facilityId]).map((facilityId) => ({ facilityId, date: day.date }))),
  );
  const keys: LockKey[] = [
    ...(wanted.eventSessions ?? []).map((session): LockKey => [PLACE_LOCK.eventSession, keyOf(`${session.eventId}|${session.date}|${secondsOfTime(session.startTime) ?? session.startTime}`)]),
    ...(wanted.stockedProducts ?? []).map((productId): LockKey => [PLACE_LOCK.stockedProduct, productId]),
    ...(wanted.trainerDays ?? []).map((day): LockKey => [PLACE_LOCK.trainerDay, keyOf(`${day.trainerId}|${day.date}`)]),
  ];
  const ordered = [...new Map(keys.map((key) => [key.join(':'), key])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (ordered.length === 0) return;
  // Select-list items are evaluated left to right, so the locks are taken in this order.
  await db.execute(sql`select ${sql.join(ordered.map(([lockClass, key]) => sql`pg_advisory_xact_lock(${lockClass}::int, ${key}::int)`), sql`, `)}`);
}
