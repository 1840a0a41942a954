import { facilityBookingDisplayStatus } from '../bookingStatus';
import { type BookingKind, type BookingListItem } from '../contract/bookings';

export type BookingAction = 'cancel' | 'reschedule';

/** Why a booking cannot be cancelled or rescheduled; each is a key of the bookingActions namespace (`refusal.*`). */
export type ActionRefusal = 'notOffered' | 'cancelled' | 'rejected' | 'awaitingApproval' | 'consumed' | 'past' | 'expired' | 'unpaid';

/** What deciding needs of a booking, whether read from a list item (the client) or from its rows (the server). */
export interface BookingActionFacts {
  kind: BookingKind;
  cancelled: boolean;
  rejected: boolean;
  awaitingApproval: boolean;
  /** Checked in or out at the gate: the booking has been used. */
  consumed: boolean;
  /** Its start is behind the venue's current time. */
  past: boolean;
  expired: boolean;
  /** Paid in full (an unpaid order holds its places only until it is paid or expires). */
  paid: boolean;
}

/** Spec 000 §2 issue 15: what each action applies to. Memberships and retail are neither cancelled nor moved here. */
export const ACTION_KINDS: Record<BookingAction, readonly BookingKind[]> = {
  cancel: ['facility', 'event', 'training', 'academy'],
  reschedule: ['facility', 'training'],
};

/** The first reason the action is refused, in the order a customer would want to hear it; null when it is allowed. */
export function actionRefusal(facts: BookingActionFacts, action: BookingAction): ActionRefusal | null {
  if (!ACTION_KINDS[action].includes(facts.kind)) return 'notOffered';
  if (facts.cancelled) return 'cancelled';
  if (facts.rejected) return 'rejected';
  if (facts.awaitingApproval) return 'awaitingApproval';
  if (facts.consumed) return 'consumed';
  if (facts.past) return 'past';
  if (facts.expired) return 'expired';
  if (!facts.paid) return 'unpaid';
  return null;
}

/** The facts of a booking as its list shows it (src/domain/contract/bookings.ts). */
export function listItemFacts(item: BookingListItem): BookingActionFacts {
  const display = item.facility ? facilityBookingDisplayStatus(item.facility) : null;
  return {
    kind: item.kind,
    cancelled: item.status === 'cancelled' || item.status === 'refund_requested',
    rejected: item.status === 'rejected' || display === 'rejected',
    awaitingApproval: item.awaiting_approval,
    consumed: item.status === 'completed' || display === 'consumed' || display === 'checkedOut',
    past: item.is_past,
    expired: item.status === 'expired',
    paid: item.status !== 'pending' || item.awaiting_approval,
  };
}
