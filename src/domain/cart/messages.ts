// Imported, not retyped: a key a rule names must exist in the table i18next loads, and the server words refusals
// with the same English text.
import bookingEnglish from '../../i18n/locales/en/booking.json';
import english from '../../i18n/locales/en/cart.json';
import { type BookingMessage } from '../booking/messages';
import { type Leaves, type MessageValues } from '../validation/messages';

export const CART_NAMESPACE = 'cart';

/** Every key of the 'cart' namespace, so a typo in a rule fails to compile. */
export type CartMessageKey = Leaves<typeof english>;

/**
 * What a cart rule returns instead of text: a key of the 'cart' namespace, or of the 'booking' namespace when a
 * booking rule (capacity, add-on max, threshold, dependencies) refused, plus its placeholders.
 */
export type CartMessage = { ns: 'cart'; key: CartMessageKey; values?: MessageValues } | ({ ns: 'booking' } & BookingMessage);

export function cartMessage(key: CartMessageKey, values?: MessageValues): CartMessage {
  return values ? { ns: 'cart', key, values } : { ns: 'cart', key };
}

export function fromBooking(message: BookingMessage): CartMessage {
  return { ns: 'booking', ...message };
}

/** The English text of a cart message, for the server's responses and logs (i18next's `{{name}}` placeholders). */
export function cartMessageText(message: CartMessage): string {
  let node: unknown = message.ns === 'cart' ? english : bookingEnglish;
  for (const part of message.key.split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const template = typeof node === 'string' ? node : message.key;
  const values = message.values ?? {};
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
