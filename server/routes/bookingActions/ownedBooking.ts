import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isAwaitingApproval, facilityBookingDisplayStatus, isBookingPast } from '../../../src/domain/bookingStatus';
import { actionRefusal, type BookingAction, type BookingActionFacts } from '../../../src/domain/bookingActions/eligibility';
import { DEFAULT_CANCELLATION_POLICY, venueStartInstant, type CancellationPolicy } from '../../../src/domain/bookingActions/policy';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/dates';
import { type BookingKind } from '../../../src/domain/contract/bookings';
import { roundMoney } from '../../../src/domain/money';
import { type Database } from '../../db/client';
import { bookingPolicies } from '../../db/schema/bookingPolicies';
import { facilities, facilityBookings } from '../../db/schema/facilities';
import { orderLines, orders, refunds } from '../../db/schema/orders';
import { HttpError, notFound } from '../../http/errors';
import { type VenueRow } from '../../http/venue';
import { type OrderLineKind } from '../orders/lines';
import { BOOKING_ACTION_MESSAGES } from './messages';

type LineRow = typeof orderLines.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type FacilityBookingRow = typeof facilityBookings.$inferSelect;

/** A customer's booking: one top-level line of one of their orders at this venue, with what it booked. */
export interface OwnedBooking {
  line: LineRow;
  /** Its add-ons: they are cancelled and moved with it. */
  addons: LineRow[];
  order: OrderRow;
  /** The facility booking of a facility line (null for other kinds). */
  facilityBooking: FacilityBookingRow | null;
  /** The facility service of a facility line. */
  venueServiceId: number | null;
  kind: BookingKind;
}

export const BOOKING_KIND: Record<OrderLineKind, BookingKind> = {
  facility: 'facility',
  event: 'event',
  training: 'training',
  workshop: 'academy',
  membership: 'membership',
  offer: 'retail',
  pos: 'retail',
};

/**
 * The booking `lineId` names, when it is a top-level line of the customer's own order at this venue; otherwise
 * 404, whoever else it belongs to. `lock` takes the order row's lock first (cancel and reschedule of one order
 * then run one at a time, and a payment settling it waits).
 */
export async function ownedBooking(db: Database, where: { venue: VenueRow; customerId: number; lineId: number; lock: boolean }): Promise<OwnedBooking> {
  const [owned] = await db
    .select({ orderId: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.id, where.lineId), isNull(orderLines.parentLineId), eq(orders.customerId, where.customerId), eq(orders.venueId, where.venue.id)))
    .limit(1);
  if (!owned) throw notFound(BOOKING_ACTION_MESSAGES.bookingNotFound);
  const orderQuery = db.select().from(orders).where(eq(orders.id, owned.orderId));
  const [order] = where.lock ? await orderQuery.for('update') : await orderQuery;
  const lines = await db
    .select()
    .from(orderLines)
    .where(or(eq(orderLines.id, where.lineId), eq(orderLines.parentLineId, where.lineId)));
  const line = lines.find((each) => each.id === where.lineId);
  if (!order || !line) throw notFound(BOOKING_ACTION_MESSAGES.bookingNotFound);
  const [facilityRow] = line.facilityBookingId
    ? await db
        .select({ booking: facilityBookings, venueServiceId: facilities.venueServiceId })
        .from(facilityBookings)
        .innerJoin(facilities, eq(facilities.id, facilityBookings.facilityId))
        .where(eq(facilityBookings.id, line.facilityBookingId))
    : [];
  return {
    line,
    addons: lines.filter((each) => each.id !== line.id),
    order,
    facilityBooking: facilityRow?.booking ?? null,
    venueServiceId: facilityRow?.venueServiceId ?? null,
    kind: BOOKING_KIND[line.kind],
  };
}

/** The booking's facts for the rule both the buttons and these calls follow (src/domain/bookingActions/eligibility.ts). */
export function bookingFacts(booking: OwnedBooking, venue: VenueRow, now: Date): BookingActionFacts {
  const { line, order, facilityBooking } = booking;
  const fields = facilityBooking
    ? {
        is_booking_approved: facilityBooking.isBookingApproved,
        cid_approved: facilityBooking.cidApproved,
        is_cid_approved: facilityBooking.isCidApproved,
        status_id: facilityBooking.statusId,
        check_in_time: facilityBooking.checkInTime?.toISOString() ?? null,
        check_out_time: facilityBooking.checkOutTime?.toISOString() ?? null,
        facility_date: facilityBooking.date,
        facility_end_time: facilityBooking.endTime,
      }
    : null;
  const display = fields ? facilityBookingDisplayStatus(fields) : null;
  const past = line.date !== null && isBookingPast({ facility_date: line.date, facility_end_time: line.endTime ?? line.startTime }, now, venueZone(venue));
  return {
    kind: booking.kind,
    cancelled: line.cancelledAt !== null,
    // An expired order's bookings were released as rejected ones: it is the expiry that is worth telling.
    rejected: display === 'rejected' && order.status !== 'expired' && order.status !== 'failed',
    awaitingApproval: order.status === 'awaiting_approval' || (fields !== null && isAwaitingApproval(fields)),
    consumed: display === 'consumed' || display === 'checkedOut',
    past,
    expired: order.status === 'expired' || order.status === 'failed',
    paid: order.status === 'paid',
  };
}

const venueZone = (venue: VenueRow) => venue.config.time_zone || DEFAULT_TIME_ZONE;

/** Refuses (409, with the reason) a booking the action does not apply to. */
export function assertActionAllowed(booking: OwnedBooking, venue: VenueRow, now: Date, action: BookingAction): void {
  const refusal = actionRefusal(bookingFacts(booking, venue, now), action);
  if (refusal) throw new HttpError(409, BOOKING_ACTION_MESSAGES.refused[refusal]);
}

/** When the booking starts (epoch ms), in the venue's time zone. */
export function bookingStart(booking: OwnedBooking, venue: VenueRow): number {
  return venueStartInstant(booking.line.date ?? '1970-01-01', booking.line.startTime, venueZone(venue));
}

type PolicyRow = typeof bookingPolicies.$inferSelect;

/** How specific a policy row is for the booking (higher wins); null when it does not apply. */
function specificity(row: PolicyRow, booking: OwnedBooking): number | null {
  const { line } = booking;
  if (row.lineKind !== null && row.lineKind !== line.kind) return null;
  if (row.productId !== null) return row.productId === line.productId ? 4 : null;
  if (row.itemId !== null) return row.lineKind !== null && row.itemId === line.itemId ? 3 : null;
  if (row.venueServiceId !== null) return row.venueServiceId === booking.venueServiceId ? 2 : null;
  return row.lineKind !== null ? 1 : 0;
}

/** The venue's policy for the booking: its most specific row (product, item, service, kind, venue), else the default. */
export async function policyFor(db: Database, venue: VenueRow, booking: OwnedBooking): Promise<CancellationPolicy> {
  const rows = await db.select().from(bookingPolicies).where(eq(bookingPolicies.venueId, venue.id));
  let best: { row: PolicyRow; rank: number } | null = null;
  for (const row of rows) {
    const rank = specificity(row, booking);
    if (rank !== null && (best === null || rank > best.rank)) best = { row, rank };
  }
  if (!best) return DEFAULT_CANCELLATION_POLICY;
  const { freeUntilHours, feePercent, noCancelWithinHours } = best.row;
  return { freeUntilHours, feePercent, noCancelWithinHours };
}

/** What is still paid for the booking and, of the order, by card: refunds already made (of any reason) are counted out. */
export interface Refundable {
  /** What may come back for this booking: its lines' totals less their refunds, within what the order has left. */
  booking: number;
  /** What of the order's card payment has not gone back to the card yet. */
  card: number;
}

export async function refundable(db: Database, booking: OwnedBooking): Promise<Refundable> {
  const { order, line, addons } = booking;
  const lineIds = [line.id, ...addons.map((addon) => addon.id)];
  const [sums] = await db
    .select({
      order: sql<string>`coalesce(sum(${refunds.amount}), 0)`,
      card: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.method} = 'card'), 0)`,
      booking: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${inArray(refunds.orderLineId, lineIds)}), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  const paid = order.paidByCard + order.paidByWallet + order.paidByQpoints + order.paidByCredit;
  const orderLeft = paid - Number(sums?.order ?? 0);
  const bookingTotal = [line, ...addons].reduce((sum, each) => sum + each.total, 0);
  return {
    booking: roundMoney(Math.max(0, Math.min(bookingTotal - Number(sums?.booking ?? 0), orderLeft))),
    card: roundMoney(Math.max(0, order.paidByCard - Number(sums?.card ?? 0))),
  };
}

/** A refund's split: what was paid by card goes back to the card first, the rest to the wallet. */
export function refundSplit(refund: number, cardLeft: number): { toCard: number; toWallet: number } {
  const toCard = roundMoney(Math.min(refund, cardLeft));
  return { toCard, toWallet: roundMoney(refund - toCard) };
}
