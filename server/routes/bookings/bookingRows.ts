import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../src/domain/booking/dayTime';
import { bookingLabel, bookingRangeDays } from '../../../src/domain/bookingLabel';
import { isBookingPast } from '../../../src/domain/bookingStatus';
import { type BookingKind, type BookingListItem, type BookingListQuery } from '../../../src/domain/contract/bookings';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/dates';
import { venueNow } from '../../../src/domain/venueTime';
import { type Database } from '../../db/client';
import { academies, events, memberships, offers, outletProducts, outlets, trainers } from '../../db/schema/catalogue';
import { facilities, facilityBookings } from '../../db/schema/facilities';
import { orderLines, orders, refunds, type orderLineKinds } from '../../db/schema/orders';
import { type VenueRow } from '../../http/venue';
import { eventSessionsTaken, placesLeft, takenAt } from '../orders/eventCapacity';

/**
 * The order lines each booking list holds. Academy bookings are workshop lines; the retail list holds what was bought
 * over the counter or as a package: outlet (POS) products and offers (packages), neither of which has a time of its own.
 */
export const LINE_KINDS_OF: Record<BookingKind, readonly (typeof orderLineKinds)[number][]> = {
  facility: ['facility'],
  event: ['event'],
  training: ['training'],
  academy: ['workshop'],
  membership: ['membership'],
  retail: ['pos', 'offer'],
};

const KIND_OF_LINE = Object.fromEntries(Object.entries(LINE_KINDS_OF).flatMap(([kind, lines]) => lines.map((line) => [line, kind]))) as Record<
  (typeof orderLineKinds)[number],
  BookingKind
>;

/** The venue's zone as PostgreSQL and Intl both know it; an unknown one falls back as the venue clock does. */
function venueZone(venue: VenueRow): string {
  const zone = venue.config.time_zone || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Whose bookings, at which venue, and when it is. */
export interface BookingScope {
  venue: VenueRow;
  customerId: number;
  now: Date;
}

/** When a booking is: its own date and start, or, for what has none (retail), when it was bought at the venue. */
const whenOf = (zone: string) => ({
  date: sql<string>`coalesce(${orderLines.date}, (${orders.createdAt} at time zone ${zone})::date)`,
  time: sql<string>`coalesce(${orderLines.startTime}, to_char(${orders.createdAt} at time zone ${zone}, 'HH24:MI:SS'))`,
});

function listWhere(scope: BookingScope, kind: BookingKind, extra: SQL[]): SQL | undefined {
  return and(eq(orders.customerId, scope.customerId), eq(orders.venueId, scope.venue.id), isNull(orderLines.parentLineId), inArray(orderLines.kind, [...LINE_KINDS_OF[kind]]), ...extra);
}

/** Every column a booking is shown from, its order's and its catalogue entry's included, as one joined read. */
function bookingSelect(db: Database) {
  const addons = sql<number>`(select coalesce(sum(addon.total), 0) from ${orderLines} addon where addon.parent_line_id = ${orderLines.id})`.mapWith(Number);
  const refundRequested = sql<boolean>`exists (select 1 from ${refunds} refund where refund.order_line_id = ${orderLines.id} and refund.status = 'requested')`;
  return db
    .select({
      line: orderLines,
      order: orders,
      addonTotal: addons,
      refundRequested,
      booking: facilityBookings,
      facility: { name: facilities.name, arName: facilities.arName },
      event: { location: events.location, arLocation: events.arLocation, capacity: events.capacity, description: events.description, arDescription: events.arDescription },
      trainer: { specialty: trainers.specialty, arSpecialty: trainers.arSpecialty, sessionMinutes: trainers.sessionMinutes, description: trainers.description, arDescription: trainers.arDescription },
      academy: {
        location: academies.location,
        arLocation: academies.arLocation,
        startDate: academies.startDate,
        endDate: academies.endDate,
        minAge: academies.minAge,
        maxAge: academies.maxAge,
        description: academies.description,
        arDescription: academies.arDescription,
      },
      membership: { durationDays: memberships.durationDays, description: memberships.description, arDescription: memberships.arDescription },
      outlet: { name: outlets.name, arName: outlets.arName },
      offer: { description: offers.description, arDescription: offers.arDescription },
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(facilityBookings, eq(facilityBookings.id, orderLines.facilityBookingId))
    .leftJoin(facilities, and(eq(orderLines.kind, 'facility'), eq(facilities.id, orderLines.itemId)))
    .leftJoin(events, and(eq(orderLines.kind, 'event'), eq(events.id, orderLines.itemId)))
    .leftJoin(trainers, and(eq(orderLines.kind, 'training'), eq(trainers.id, orderLines.itemId)))
    .leftJoin(academies, and(eq(orderLines.kind, 'workshop'), eq(academies.id, orderLines.itemId)))
    .leftJoin(memberships, and(eq(orderLines.kind, 'membership'), eq(memberships.id, orderLines.itemId)))
    .leftJoin(outletProducts, and(eq(orderLines.kind, 'pos'), eq(outletProducts.id, orderLines.itemId)))
    .leftJoin(outlets, eq(outlets.id, outletProducts.outletId))
    .leftJoin(offers, and(eq(orderLines.kind, 'offer'), eq(offers.id, orderLines.itemId)));
}

export type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingSelect>['execute']>>[number];

const hoursMinutes = (time: string | null) => (time ? time.slice(0, 5) : null);

/** The last day a booking is good for, when it runs over days: an academy's programme, a membership's validity. */
export function lastDayOf(row: BookingRow): string | null {
  const { line } = row;
  if (line.kind === 'workshop') return row.academy?.endDate ?? line.date;
  if (line.kind === 'membership' && line.date) return addDays(line.date, Math.max(1, row.membership?.durationDays ?? 1) - 1);
  return null;
}

/** Spec 000 §4 "past", for every kind: its end (its last day's close, for what runs over days) is behind now. */
function isPastAt(row: BookingRow, now: Date, zone: string): boolean {
  const { line } = row;
  // What has no time of its own (a retail purchase) was over once bought.
  if (line.date === null) return true;
  const lastDay = lastDayOf(row);
  if (lastDay !== null) return isBookingPast({ facility_date: lastDay, facility_end_time: null }, now, zone);
  return isBookingPast({ facility_date: line.date, facility_end_time: row.booking?.endTime ?? line.endTime }, now, zone);
}

const orderLapsed = (row: BookingRow, now: Date) =>
  row.order.status === 'failed' || row.order.status === 'expired' || (row.order.status === 'pending_payment' && row.order.expiresAt !== null && row.order.expiresAt <= now);

/**
 * The event sessions of unpaid, lapsed event lines that have no place left now: their tickets went to others while
 * the order waited for its payment (or after it failed). Keys `eventId|date|start`.
 */
export async function soldOutSessions(db: Database, rows: readonly BookingRow[], now: Date): Promise<Set<string>> {
  const lapsed = rows.filter((row) => row.line.kind === 'event' && row.event?.capacity != null && row.line.itemId !== null && row.line.date !== null && orderLapsed(row, now));
  if (lapsed.length === 0) return new Set();
  const taken = await eventSessionsTaken(
    db,
    [...new Set(lapsed.map((row) => row.line.itemId ?? 0))],
    [...new Set(lapsed.map((row) => row.line.date ?? ''))],
    now,
  );
  const full = lapsed.filter((row) => {
    const sameSession = taken.filter((each) => each.eventId === row.line.itemId && each.date === row.line.date);
    return placesLeft(row.event?.capacity ?? null, takenAt(sameSession, row.line.startTime ?? '')) === 0;
  });
  return new Set(full.map(sessionKey));
}

const sessionKey = (row: BookingRow) => [row.line.itemId, row.line.date, row.line.startTime?.slice(0, 5)].join('|');

/** The labels under which a paid booking's tickets still admit: not once rejected, cancelled or lapsed. */
const TICKETED_STATUSES = new Set<BookingListItem['status']>(['approved', 'completed', 'pending']);

const timestamp = (value: Date | null) => (value ? value.toISOString() : null);

function placeOf(row: BookingRow): BookingListItem['place'] {
  switch (row.line.kind) {
    case 'facility':
      return row.facility?.name ? { name: row.facility.name, ar_name: row.facility.arName } : null;
    case 'event':
      return row.event?.location ? { name: row.event.location, ar_name: row.event.arLocation } : null;
    case 'workshop':
      return row.academy?.location ? { name: row.academy.location, ar_name: row.academy.arLocation } : null;
    case 'pos':
      return row.outlet?.name ? { name: row.outlet.name, ar_name: row.outlet.arName } : null;
    default:
      return null;
  }
}

/** A joined row as the customer's list shows it, its status label worked out by src/domain/bookingLabel.ts. */
export function toListItem(row: BookingRow, scope: BookingScope, soldOut: ReadonlySet<string>): BookingListItem {
  const zone = venueZone(scope.venue);
  const { line, order, booking } = row;
  const isPast = isPastAt(row, scope.now, zone);
  const facility = booking
    ? {
        is_booking_approved: booking.isBookingApproved,
        cid_approved: booking.cidApproved,
        is_cid_approved: booking.isCidApproved,
        status_id: booking.statusId,
        check_in_time: timestamp(booking.checkInTime),
        check_out_time: timestamp(booking.checkOutTime),
        facility_date: booking.date,
        facility_end_time: booking.endTime,
      }
    : null;
  const label = bookingLabel({
    orderStatus: order.status,
    paymentTimeOver: order.status === 'pending_payment' && order.expiresAt !== null && order.expiresAt <= scope.now,
    cancelled: line.cancelledAt !== null,
    refundRequested: Boolean(row.refundRequested),
    facility,
    isPast,
    sessionSoldOut: soldOut.has(sessionKey(row)),
  });
  return {
    id: line.id,
    kind: KIND_OF_LINE[line.kind],
    order_id: order.id,
    order_reference: order.reference,
    name: line.name,
    ar_name: line.arName,
    place: placeOf(row),
    date: line.date ?? venueNow(zone, order.createdAt).today,
    start_time: hoursMinutes(line.startTime) ?? (line.date === null ? venueNow(zone, order.createdAt).time.slice(0, 5) : null),
    end_time: hoursMinutes(line.endTime),
    quantity: line.quantity,
    amount: Math.round((line.total + row.addonTotal) * 100) / 100,
    currency: order.currency,
    status: label.status,
    facility,
    awaiting_approval: label.awaitingApproval,
    is_past: isPast,
    created_at: order.createdAt.toISOString(),
    tickets_issued: (order.status === 'paid' || order.status === 'awaiting_approval') && TICKETED_STATUSES.has(label.status),
  };
}

/** One page of the customer's bookings of one kind, with the list's totals, in the order and range asked. */
export async function bookingPage(db: Database, scope: BookingScope, kind: BookingKind, query: BookingListQuery) {
  const zone = venueZone(scope.venue);
  const when = whenOf(zone);
  const days = bookingRangeDays(query.range, venueNow(zone, scope.now).today);
  const where = listWhere(scope, kind, days ? [sql`${when.date} between ${days.from}::date and ${days.to}::date`] : []);
  const direction = query.sort_order === 'asc' ? asc : desc;
  const orderBy = query.sort_by === 'created_at' ? [direction(orders.createdAt), direction(orderLines.id)] : [direction(when.date), direction(when.time), direction(orderLines.id)];
  return {
    count: async () => (await db.select({ total: sql<number>`count(*)::int` }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(where))[0]?.total ?? 0,
    rows: async (limit: number, offset: number) => {
      const rows = await bookingSelect(db).where(where).orderBy(...orderBy).limit(limit).offset(offset);
      const soldOut = await soldOutSessions(db, rows, scope.now);
      return rows.map((row) => toListItem(row, scope, soldOut));
    },
  };
}

/** One of the customer's own bookings of one kind, or null (someone else's, another kind's, or none). */
export async function bookingRow(db: Database, scope: BookingScope, kind: BookingKind, id: number): Promise<BookingRow | null> {
  const [row] = await bookingSelect(db).where(listWhere(scope, kind, [eq(orderLines.id, id)])).limit(1);
  return row ?? null;
}
