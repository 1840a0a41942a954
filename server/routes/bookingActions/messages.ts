import { formatAmount } from '../../../src/domain/money';
import { type ActionRefusal } from '../../../src/domain/bookingActions/eligibility';

/** What the cancel and reschedule calls answer when they refuse, in English a customer can act on. */
export const BOOKING_ACTION_MESSAGES = {
  bookingNotFound: 'Booking not found',
  idempotencyKeyRequired: 'An Idempotency-Key header is required to change a booking',
  refused: {
    notOffered: 'This kind of booking cannot be changed online; please contact the venue',
    cancelled: 'This booking is already cancelled',
    rejected: 'This booking was rejected by the venue, so there is nothing to change',
    awaitingApproval: 'This booking is awaiting the venue’s approval and cannot be changed until then',
    consumed: 'This booking has already been used',
    past: 'This booking is in the past',
    expired: 'This order was never paid and has expired',
    unpaid: 'This order is not paid yet',
  } satisfies Record<ActionRefusal, string>,
  tooLate: (until: string, action: 'cancelled' | 'rescheduled') => `This booking can no longer be ${action}: that was possible until ${until}`,
  termsChanged: (refund: number, currency: string) => `The refund is now ${formatAmount(refund, currency)}; please look at the new terms and confirm again`,
  paymentRequired: (amount: string) => `The new slot costs ${amount} more than you paid; choose how to pay the difference`,
  moveNotFound: 'This booking move was not found',
  priceChanged: 'The price of the new slot has changed; please look at it again and confirm',
  sameSlot: 'Choose a different date or time from the current one',
  slotTaken: 'That slot is no longer free; please choose another',
  notSoldThen: 'This booking cannot be moved to that time: what you booked is not sold then',
  trainerDay: (days: number) => `Trainer sessions can be moved to a day up to ${days} days ahead`,
} as const;
