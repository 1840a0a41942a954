import { addDays } from './booking/dayTime';
import { facilityBookingDisplayStatus, isAwaitingApproval, type FacilityBookingStatusFields } from './bookingStatus';
import { type BookingStatus } from './contract/bookings';
import { type BookingRange } from './contract/routeParams';
import { type OrderStatus } from './contract/orders';
import { RANGE_SHORTCUTS } from './dates';

/** What a booking's status label is worked out from: its order, what happened to it since, and its time. */
export interface BookingFacts {
  orderStatus: OrderStatus;
  /** An unpaid order whose payment time is over, though nothing has marked it expired yet (expiry is lazy). */
  paymentTimeOver: boolean;
  /** The customer cancelled the booking (its places went back). */
  cancelled: boolean;
  /** A card refund of the booking is asked of the gateway and not yet confirmed. */
  refundRequested: boolean;
  /** The facility booking's own fields (spec 000 §3); null for every other kind. */
  facility: FacilityBookingStatusFields | null;
  /** Its end is behind the venue's current time. */
  isPast: boolean;
  /** Its session (an event's day and time) has no place left and is still ahead. */
  sessionSoldOut: boolean;
}

export interface BookingLabel {
  status: BookingStatus;
  /** Waiting for the venue's decision (spec 000 §4 for facility bookings; the order's approval for the rest). */
  awaitingApproval: boolean;
}

const lapsedUnpaid = (facts: BookingFacts) =>
  facts.orderStatus === 'failed' || facts.orderStatus === 'expired' || (facts.orderStatus === 'pending_payment' && facts.paymentTimeOver);

/** A booking still waiting (for payment or for the venue) whose time has come lapsed: it never became valid. */
const waiting = (facts: BookingFacts): BookingStatus => (facts.isPast ? 'expired' : 'pending');

/**
 * The one status label a customer sees on a booking (spec 000 §4 labels), the first rule that matches:
 * 1. refund requested: a card refund of it is on its way (within 7 business days);
 * 2. cancelled: the customer gave it up;
 * 3. an order never paid (payment declined, or its payment time ran out): sold out when its event session has no
 *    place left since and is still ahead (buying again is no use), expired otherwise;
 * 4. pending while the order waits for its payment;
 * 5. facility bookings by the spec's ordered display status: rejected; checked out or consumed (checked in) are
 *    completed; approved is approved, completed once past; inactive and pending are pending, expired once past;
 * 6. other kinds: awaiting the venue's approval is pending (expired once past); paid is approved, completed once past.
 */
export function bookingLabel(facts: BookingFacts): BookingLabel {
  const label = statusOf(facts);
  const awaiting = facts.facility ? isAwaitingApproval(facts.facility) : facts.orderStatus === 'awaiting_approval';
  return { status: label, awaitingApproval: label === 'pending' && awaiting };
}

function statusOf(facts: BookingFacts): BookingStatus {
  if (facts.refundRequested) return 'refund_requested';
  if (facts.cancelled) return 'cancelled';
  if (lapsedUnpaid(facts)) return facts.sessionSoldOut && !facts.isPast ? 'sold_out' : 'expired';
  if (facts.orderStatus === 'pending_payment') return 'pending';
  if (facts.facility) {
    switch (facilityBookingDisplayStatus(facts.facility)) {
      case 'rejected':
        return 'rejected';
      case 'checkedOut':
      case 'consumed':
        return 'completed';
      case 'approved':
        return facts.isPast ? 'completed' : 'approved';
      case 'inactive':
      case 'pending':
        return waiting(facts);
    }
  }
  if (facts.orderStatus === 'awaiting_approval') return waiting(facts);
  return facts.isPast ? 'completed' : 'approved';
}

const RANGE_DAYS: Record<Exclude<BookingRange, 'all'>, number> = {
  week: RANGE_SHORTCUTS.lastWeek,
  month: RANGE_SHORTCUTS.lastMonth,
  quarter: RANGE_SHORTCUTS.last3Months,
};

/**
 * The days a range shortcut covers (spec 000 §9): the last 7, 30 or 90 days of the venue's calendar up to and with
 * `today`; null for `all` (or a today that is not a date).
 */
export function bookingRangeDays(range: BookingRange, today: string): { from: string; to: string } | null {
  if (range === 'all') return null;
  const from = addDays(today, 1 - RANGE_DAYS[range]);
  return from === null ? null : { from, to: today };
}
