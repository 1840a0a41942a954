// The English the venue answers with is read from the very files i18next loads, so a refusal and its translation
// cannot drift apart (the server takes its wording from the same strings or the spec's).
import booking from '../../i18n/locales/en/booking.json';
import checkout from '../../i18n/locales/en/checkout.json';
import { interpolate, type MessageValues } from '../validation/messages';

/** A refusal the checkout has its own words for (checkout:refusals). */
export type CheckoutRefusal = keyof typeof checkout.refusals;

/** A refusal of POST orders that the checkout can show in the visitor's language: an i18next key with its values. */
export interface OrderRefusal {
  key: `booking:rules.${'capacityReached' | 'capacityExceeded'}` | `checkout:refusals.${CheckoutRefusal}`;
  values?: MessageValues;
}

/** The English of a refusal the checkout translates (checkout:refusals); the server answers these very words. */
export function orderRefusalText(name: CheckoutRefusal, values: MessageValues = {}): string {
  return interpolate(checkout.refusals[name], values);
}

const KNOWN: readonly { key: OrderRefusal['key']; english: string }[] = [
  { key: 'booking:rules.capacityReached', english: booking.rules.capacityReached },
  { key: 'booking:rules.capacityExceeded', english: booking.rules.capacityExceeded },
  ...Object.entries(checkout.refusals).map(([name, english]) => ({ key: `checkout:refusals.${name}` as OrderRefusal['key'], english })),
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English template as a pattern: each {{placeholder}} matches a number or a word and is captured by name. */
function patternOf(english: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const parts = english.split(/\{\{\s*(\w+)\s*\}\}/);
  const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : (names.push(part), '(\\S+?)'))).join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * Which of our refusals a server message is, with its placeholders read back ('Maximum capacity reached, remaining
 * capacity is 3, requested capacity is 5' gives remaining 3, requested 5). Any other message is null: it is shown
 * as the server wrote it.
 */
export function orderRefusalOf(message: string): OrderRefusal | null {
  const text = message.trim();
  for (const { key, english } of KNOWN) {
    const { pattern, names } = patternOf(english);
    const match = pattern.exec(text);
    if (!match) continue;
    if (names.length === 0) return { key };
    const values: MessageValues = Object.fromEntries(names.map((name, index) => [name, Number.isNaN(Number(match[index + 1])) ? (match[index + 1] ?? '') : Number(match[index + 1])]));
    return { key, values };
  }
  return null;
}
