import * as z from 'zod/mini';
import { calendarDate, id } from './primitives';
import { bookingKinds } from './bookings';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { timeOfDay } from './facilities';
import { onFirstUse } from '../onFirstUse';

/**
 * Cancel and reschedule of one booking (issue 15), named by its order line id (BookingListItem.id). Bearer only;
 * another customer's booking answers 404. The quotes (GET) say exactly what will happen; the confirms (POST, with
 * an Idempotency-Key like orders) do it in one transaction and answer the same again for the same key.
 */

const money = onFirstUse(() => z.number().check(z.nonnegative()));
const instant = onFirstUse(() => z.string());

/** Spec 000 §9: a card refund is requested from the gateway and reaches the card within this many business days. */
export const CARD_REFUND_BUSINESS_DAYS = 7;

/** The booking's current or proposed slot, in the venue's time zone. */
export const bookingSlot = onFirstUse(() => z.object({ date: z.string(), start_time: z.nullable(z.string()), end_time: z.nullable(z.string()) }));

/**
 * What cancelling now gives back: `refund` of the `paid` still held for the booking, after `fee`; the part paid by
 * card goes back to the card (requested until the gateway confirms), the rest to the wallet at once. Outside the
 * policy (`refused`) nothing comes back and `cancel_until` says until when it was possible.
 */
export const cancelQuote = onFirstUse(() => z.object({
  booking_id: z.int(),
  currency: z.string(),
  outcome: z.enum(['free', 'fee', 'refused']),
  paid: money,
  fee: money,
  refund: money,
  to_wallet: money,
  to_card: money,
  /** The last moment the cancel is free, and the last moment it is possible at all (ISO instants). */
  free_until: instant,
  cancel_until: instant,
  card_refund_business_days: z.int(),
}));
export type CancelQuote = z.infer<typeof cancelQuote>;

/** GET customers/bookings/:id/cancel (bearer): the quote. 409 when the booking cannot be cancelled at all (why). */
export const cancelQuoteCall = endpoint('GET', 'customers/bookings/:id/cancel');
export const cancelQuoteResponse = onFirstUse(() => envelope(cancelQuote));

/** The refund the customer saw: a cancel whose terms changed since (an edge passed) is refused, to be quoted again. */
export const cancelBody = onFirstUse(() => z.object({ refund: money }));
export type CancelBody = z.infer<typeof cancelBody>;

export const cancelResult = onFirstUse(() => z.object({
  booking_id: z.int(),
  currency: z.string(),
  refund: money,
  to_wallet: money,
  to_card: money,
  /** The wallet after the refund. */
  wallet_balance: money,
}));
export type CancelResult = z.infer<typeof cancelResult>;

/** POST customers/bookings/:id/cancel (bearer, Idempotency-Key): cancels, returns the places and refunds. */
export const cancelCall = endpoint('POST', 'customers/bookings/:id/cancel');
export const cancelResponse = onFirstUse(() => envelope(cancelResult));

/** `?date=` of the slots a booking can move to. */
export const rescheduleSlotsQuery = onFirstUse(() => z.object({ date: calendarDate }));

export const rescheduleSlots = onFirstUse(() => z.object({
  date: z.string(),
  /** The days that can be asked for: from the venue's today to the furthest the booking's service books ahead. */
  first_date: z.string(),
  last_date: z.string(),
  slots: z.array(z.object({ start_time: z.string(), end_time: z.string() })),
}));
export type RescheduleSlots = z.infer<typeof rescheduleSlots>;

/**
 * GET customers/bookings/:id/reschedule/slots?date= (bearer): the starts the booking can move to on that day, same
 * facility or trainer, same length, with room for it (its own place counts as free).
 */
export const rescheduleSlotsCall = endpoint('GET', 'customers/bookings/:id/reschedule/slots');
export const rescheduleSlotsResponse = onFirstUse(() => envelope(rescheduleSlots));

/** The slot asked for. */
export const rescheduleTarget = onFirstUse(() => z.object({ date: calendarDate, start_time: timeOfDay }));
export type RescheduleTarget = z.infer<typeof rescheduleTarget>;

/**
 * What moving costs: the booking at the venue's price for the new slot (its discount kept) against what was paid.
 * Less is refunded to the wallet at once; a dearer slot (`to_pay`) is not moved to online (the confirm refuses it).
 */
export const rescheduleQuote = onFirstUse(() => z.object({
  booking_id: z.int(),
  currency: z.string(),
  current: bookingSlot,
  next: bookingSlot,
  paid: money,
  new_amount: money,
  /** new_amount − paid: negative is money back. */
  difference: z.number(),
  refund_to_wallet: money,
  to_pay: money,
}));
export type RescheduleQuote = z.infer<typeof rescheduleQuote>;

/** GET customers/bookings/:id/reschedule?date=&start_time= (bearer): the quote; 409 when the slot is not free. */
export const rescheduleQuoteCall = endpoint('GET', 'customers/bookings/:id/reschedule');
export const rescheduleQuoteResponse = onFirstUse(() => envelope(rescheduleQuote));

/**
 * How a dearer slot's difference is paid, as at checkout: the wallet first when `wallet` is 1, then a saved card
 * (`card_id`) or a new card on the gateway's page (`save_card` keeps it).
 */
export const differencePayment = onFirstUse(() => z.object({
  wallet: z._default(z.union([z.literal(0), z.literal(1)]), 0),
  card_id: z.nullish(id),
  save_card: z._default(z.union([z.literal(0), z.literal(1)]), 0),
}));
export type DifferencePayment = z.input<typeof differencePayment>;

/** The slot, the difference the customer saw (a changed price is refused, to be quoted again) and, when dearer, how to pay it. */
export const rescheduleBody = onFirstUse(() => z.object({ ...rescheduleTarget.shape, difference: z.number().check(z.gte(-1e8), z.lte(1e8)), payment: z.optional(differencePayment) }));
export type RescheduleBody = z.infer<typeof rescheduleBody>;

/** A dearer move waiting for its card payment: the browser goes to `url` (or posts `form_fields` to it), then to /profile/booking-moves/{move_token}. */
export const movePayment = onFirstUse(() => z.object({
  move_token: z.string(),
  pg: z.string(),
  url: z.string(),
  form_fields: z.nullable(z.record(z.string(), z.string())),
}));

export const rescheduleResult = onFirstUse(() => z.object({
  booking_id: z.int(),
  currency: z.string(),
  /** Where the booking is now: still the old slot while `payment` waits. */
  slot: bookingSlot,
  refund_to_wallet: money,
  /** What the move cost on top (wallet and card); 0 for a slot no dearer. */
  paid_difference: money,
  wallet_balance: money,
  payment: z.nullable(movePayment),
}));
export type RescheduleResult = z.infer<typeof rescheduleResult>;

/**
 * POST customers/bookings/:id/reschedule (bearer, Idempotency-Key): moves the booking, refunding a cheaper slot's
 * difference. A dearer slot is held UNPAID_ORDER_MINUTES for its difference: paid from the wallet the move is done
 * at once, otherwise `payment` names the card payment and the move is done when it settles.
 */
export const rescheduleCall = endpoint('POST', 'customers/bookings/:id/reschedule');
export const rescheduleResponse = onFirstUse(() => envelope(rescheduleResult));

export const MOVE_STATES = ['pending', 'completed', 'failed', 'expired'] as const;

/** A dearer move and how it ended: `completed` moved the booking; `failed` and `expired` left it on its old slot. */
export const bookingMove = onFirstUse(() => z.object({
  booking_id: z.int(),
  /** The list the booking is in (customers/bookings/:kind). */
  kind: z.enum(bookingKinds),
  name: z.string(),
  ar_name: z.nullable(z.string()),
  state: z.enum(MOVE_STATES),
  currency: z.string(),
  amount: money,
  from: bookingSlot,
  to: bookingSlot,
  /** While pending: until when the new slot is held, and the payment page to go back to. */
  expires_at: z.nullable(instant),
  payment: z.nullable(movePayment),
}));
export type BookingMove = z.infer<typeof bookingMove>;

/** GET customers/booking-moves/:token (bearer): the move, the customer's own only (404 otherwise). */
export const bookingMoveCall = endpoint('GET', 'customers/booking-moves/:token');
export const bookingMoveResponse = onFirstUse(() => envelope(bookingMove));
export const bookingMoveParams = onFirstUse(() => z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)) }));
