// Imported rather than retyped, so a key a rule names must exist in the table i18next loads.
import type english from '../../i18n/locales/en/booking.json';
import { type Leaves, type MessageValues } from '../validation/messages';

export const BOOKING_NAMESPACE = 'booking';

/** Every key of the 'booking' namespace, so a typo in a rule fails to compile. */
export type BookingMessageKey = Leaves<typeof english>;

export type TimeRangeLabelKey = `timeRanges.${keyof typeof english.timeRanges}`;

/** What a booking rule returns instead of text: a key in the 'booking' namespace plus its placeholders. */
export interface BookingMessage {
  key: BookingMessageKey;
  values?: MessageValues;
}

export function bookingMessage(key: BookingMessageKey, values?: MessageValues): BookingMessage {
  return values ? { key, values } : { key };
}

/** The outcome of a quantity check: the quantity to keep, or why the change is refused. */
export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: BookingMessage };

/** A count a visitor typed or stepped to: whole, and never below 0. */
export function wholeQuantity(quantity: number): number {
  return Number.isFinite(quantity) && quantity > 0 ? Math.floor(quantity) : 0;
}
