import { guessCardBrand, type CardBrand } from '../cardBrand';

const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** The last day a card given as 'MM/YY' can pay ('YYYY-MM-DD'), or null for an expiry that cannot be read. */
export function lastDayOfExpiry(expiry: string): string | null {
  const match = EXPIRY_PATTERN.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
}

/** A card pays through the last day of its expiry month; an unreadable expiry is treated as expired. */
export function isCardExpired(expiry: string, today: string): boolean {
  const lastDay = lastDayOfExpiry(expiry);
  return lastDay === null || lastDay < today;
}

/** The brand by the spec's rule, read from the gateway's masked number; with only the last four known, Unknown. */
export function savedCardBrand(card: { maskedNumber: string | null; last4: string }): CardBrand {
  return guessCardBrand(card.maskedNumber ?? `************${card.last4}`);
}
