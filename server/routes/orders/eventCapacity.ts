import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { sameStartTime } from '../../../src/domain/booking/ticketCapacity';
import { type Database } from '../../db/client';
import { events } from '../../db/schema/catalogue';
import { orderLines, orders } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { ORDER_MESSAGES } from './messages';

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

/** The tickets given out (and not cancelled) for the days of several events, per event, day and start time, in one query. */
export async function eventSessionsTaken(db: Database, eventIds: readonly number[], dates: readonly string[], now: Date): Promise<(TakenPlaces & { eventId: number; date: string })[]> {
  if (eventIds.length === 0 || dates.length === 0) return [];
  const rows = await db
    .select({ eventId: orderLines.itemId, date: orderLines.date, startTime: orderLines.startTime, taken: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.kind, 'event'), inArray(orderLines.itemId, [...eventIds]), inArray(orderLines.date, [...dates]), isNull(orderLines.cancelledAt), holdsItsPlaces(now)))
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

/** One event session's tickets in an order being placed. */
export interface SessionTickets {
  eventId: number;
  date: string;
  startTime: string;
  quantity: number;
}

/**
 * Counts each event session of an order being placed again, this order's rows included, under the sessions' locks
 * (the caller takes them as the order's last step), refusing the order (its transaction rolls back) if one is over
 * capacity. Buyers of one session wait for each other only for this count and their commit, not for the whole
 * order, which is what lets an on-sale go as fast as the database commits.
 */
export async function confirmEventPlaces(tx: Database, tickets: readonly SessionTickets[], now: Date): Promise<void> {
  const sessions = [...new Map(tickets.map((ticket) => [`${ticket.eventId}|${ticket.date}|${ticket.startTime}`, ticket])).values()];
  if (sessions.length === 0) return;
  const eventIds = [...new Set(sessions.map((session) => session.eventId))];
  const capacities = new Map(
    (await tx.select({ id: events.id, capacity: events.capacity }).from(events).where(inArray(events.id, eventIds))).map((row) => [row.id, row.capacity]),
  );
  const taken = await eventSessionsTaken(tx, eventIds, [...new Set(sessions.map((session) => session.date))], now);
  for (const session of sessions) {
    const capacity = capacities.get(session.eventId) ?? null;
    if (capacity === null) continue;
    const sameSession = (each: { eventId: number; date: string; startTime: string }) =>
      each.eventId === session.eventId && each.date === session.date && sameStartTime(each.startTime, session.startTime);
    const wanted = tickets.filter(sameSession).reduce((sum, ticket) => sum + ticket.quantity, 0);
    const takenWithThisOrder = takenAt(taken.filter(sameSession), session.startTime);
    if (takenWithThisOrder <= capacity) continue;
    const left = placesLeft(capacity, takenWithThisOrder - wanted) ?? 0;
    throw new HttpError(409, left <= 0 ? ORDER_MESSAGES.capacityReached : ORDER_MESSAGES.capacityExceeded(left, wanted));
  }
}
