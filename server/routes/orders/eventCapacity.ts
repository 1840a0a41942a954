import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { sameStartTime } from '../../../src/domain/booking/ticketCapacity';
import { type Database } from '../../db/client';
import { orderLines, orders } from '../../db/schema/orders';

/** Tickets sold for one start time of an event's day. */
export interface TakenPlaces {
  startTime: string;
  taken: number;
}

/**
 * Orders whose lines take their places: paid orders, orders awaiting the venue's approval, and unpaid orders still
 * inside their payment time. Failed and expired orders gave theirs back.
 */
export const holdsItsPlaces = (now: Date) =>
  or(inArray(orders.status, ['paid', 'awaiting_approval']), and(eq(orders.status, 'pending_payment'), gt(orders.expiresAt, now)));

/** The tickets given out for the days of several events, per event, day and start time, in one query. */
export async function eventSessionsTaken(db: Database, eventIds: readonly number[], dates: readonly string[], now: Date): Promise<(TakenPlaces & { eventId: number; date: string })[]> {
  if (eventIds.length === 0 || dates.length === 0) return [];
  const rows = await db
    .select({ eventId: orderLines.itemId, date: orderLines.date, startTime: orderLines.startTime, taken: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.kind, 'event'), inArray(orderLines.itemId, [...eventIds]), inArray(orderLines.date, [...dates]), holdsItsPlaces(now)))
    .groupBy(orderLines.itemId, orderLines.date, orderLines.startTime);
  return rows.flatMap(({ eventId, date, startTime, taken }) => (eventId === null || date === null || startTime === null ? [] : [{ eventId, date, startTime, taken: Number(taken) }]));
}

/** The places an event's day has given out, per start time. */
export async function eventPlacesTaken(db: Database, eventId: number, date: string, now: Date): Promise<TakenPlaces[]> {
  return (await eventSessionsTaken(db, [eventId], [date], now)).map(({ startTime, taken }) => ({ startTime, taken }));
}

/** What `taken` adds up to at one start time (written as HH:mm or HH:mm:ss). */
export function takenAt(taken: readonly TakenPlaces[], startTime: string): number {
  return taken.filter((row) => sameStartTime(row.startTime, startTime)).reduce((sum, row) => sum + row.taken, 0);
}

/** Places left of a session's capacity; null when the event sets no capacity. Never below 0. */
export function placesLeft(capacity: number | null, taken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - taken);
}
