import { and, eq, gt, inArray, or } from 'drizzle-orm';
import { sameStartTime } from '../../../src/domain/booking/ticketCapacity';
import { type Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { runStatement } from '../../db/statements';
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

/** One start time of an event on one day. */
export interface EventSession {
  eventId: number;
  date: string;
  startTime: string;
}

/** Whether two are the same session ('10:00' and '10:00:00' are one start time). */
export const sameSession = (a: EventSession, b: EventSession) => a.eventId === b.eventId && a.date === b.date && sameStartTime(a.startTime, b.startTime);

/**
 * The statement of `eventCapacitiesAndTaken`, written once: every checkout of an event ticket runs it twice. Lists go
 * as arrays, so one text serves any number of events and days. The orders it counts are those `holdsItsPlaces`
 * names.
 */
const CAPACITIES_AND_TAKEN = `select events.id as "eventId", order_lines.date::text as date, order_lines.start_time as "startTime", events.capacity,
    coalesce(sum(order_lines.quantity) filter (where orders.id is not null), 0)::int as taken
  from events
  left join order_lines on order_lines.item_id = events.id and order_lines.kind = 'event' and order_lines.date = any($2::date[]) and order_lines.cancelled_at is null
  left join orders on orders.id = order_lines.order_id
    and (orders.status in ('paid', 'awaiting_approval') or (orders.status = 'pending_payment' and orders.expires_at > $3::timestamptz))
  where events.id = any($1::int[])
  group by events.id, order_lines.date, order_lines.start_time, events.capacity`;

/**
 * Every event's capacity (null: none set; an event not found is left out) and the tickets given out (and not
 * cancelled) for its days, per day and start time, in one query: the events lead, so an event nobody has bought
 * yet still answers its capacity.
 */
export async function eventCapacitiesAndTaken(
  db: Database,
  eventIds: readonly number[],
  dates: readonly string[],
  now: Date,
): Promise<{ capacities: Map<number, number | null>; taken: (TakenPlaces & EventSession & { capacity: number | null })[] }> {
  if (eventIds.length === 0 || dates.length === 0) return { capacities: new Map(), taken: [] };
  const rows = await runStatement<{ eventId: number; date: string | null; startTime: string | null; capacity: number | null; taken: number }>(db, CAPACITIES_AND_TAKEN, [
    [...eventIds],
    [...dates],
    now.toISOString(),
  ]);
  return {
    capacities: new Map(rows.map((row) => [row.eventId, row.capacity])),
    taken: rows.flatMap(({ eventId, date, startTime, capacity, taken }) =>
      date === null || startTime === null || Number(taken) === 0 ? [] : [{ eventId, date, startTime, capacity, taken: Number(taken) }],
    ),
  };
}

/** The tickets given out for the days of several events, per event, day and start time, with the event's capacity. */
export async function eventSessionsTaken(db: Database, eventIds: readonly number[], dates: readonly string[], now: Date): Promise<(TakenPlaces & EventSession & { capacity: number | null })[]> {
  return (await eventCapacitiesAndTaken(db, eventIds, dates, now)).taken;
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
export interface SessionTickets extends EventSession {
  quantity: number;
}

/**
 * Counts each event session of an order being placed again, this order's rows included, under the sessions' locks
 * (the caller takes them as the order's last step), refusing the order (its transaction rolls back) if one is over
 * capacity. Buyers of one session wait for each other only for this one query and their commit, not for the whole
 * order, which is what lets an on-sale go as fast as the database commits.
 */
export async function confirmEventPlaces(tx: Database, tickets: readonly SessionTickets[], now: Date): Promise<void> {
  if (tickets.length === 0) return;
  const taken = await eventSessionsTaken(tx, [...new Set(tickets.map((ticket) => ticket.eventId))], [...new Set(tickets.map((ticket) => ticket.date))], now);
  for (const session of taken) {
    const { capacity } = session;
    const mine = tickets.filter((ticket) => sameSession(ticket, session));
    if (capacity === null || mine.length === 0) continue;
    const wanted = mine.reduce((sum, ticket) => sum + ticket.quantity, 0);
    const takenWithThisOrder = takenAt(taken.filter((each) => sameSession(each, session)), session.startTime);
    if (takenWithThisOrder <= capacity) continue;
    const left = placesLeft(capacity, takenWithThisOrder - wanted) ?? 0;
    throw new HttpError(409, left <= 0 ? ORDER_MESSAGES.capacityReached : ORDER_MESSAGES.capacityExceeded(left, wanted));
  }
}
