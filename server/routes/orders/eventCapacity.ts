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
 * The places an event's day has given out, per start time: the tickets of paid orders, of orders awaiting the
 * venue's approval, and of unpaid orders still inside their payment time. Failed and expired orders gave theirs back.
 */
export async function eventPlacesTaken(db: Database, eventId: number, date: string, now: Date): Promise<TakenPlaces[]> {
  const rows = await db
    .select({ startTime: orderLines.startTime, taken: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.kind, 'event'),
        eq(orderLines.itemId, eventId),
        eq(orderLines.date, date),
        or(inArray(orders.status, ['paid', 'awaiting_approval']), and(eq(orders.status, 'pending_payment'), gt(orders.expiresAt, now))),
      ),
    )
    .groupBy(orderLines.startTime);
  return rows.flatMap((row) => (row.startTime === null ? [] : [{ startTime: row.startTime, taken: Number(row.taken) }]));
}

/** What `taken` adds up to at one start time (written as HH:mm or HH:mm:ss). */
export function takenAt(taken: readonly TakenPlaces[], startTime: string): number {
  return taken.filter((row) => sameStartTime(row.startTime, startTime)).reduce((sum, row) => sum + row.taken, 0);
}

/** Places left of a session's capacity; null when the event sets no capacity. Never below 0. */
export function placesLeft(capacity: number | null, taken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - taken);
}
