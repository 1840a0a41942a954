import { type Brand } from './brand';
import { DEFAULT_CURRENCY, VAT_PERCENT } from './constants';

/**
 * 'AED 1,234.5': the currency code leads, en-US grouping, at most two decimals and none when whole, no sign on a zero.
 * Written out rather than an `Intl.NumberFormat`: a page's first `Intl.NumberFormat` or `Intl.DateTimeFormat` starts
 * the browser's ICU (~0.1-0.2 s at 4x CPU, one task), and this module is part of every page's start.
 */
export function formatAmount(amount: number, currency = DEFAULT_CURRENCY): string {
  const number = formatNumber(Number.isFinite(amount) ? amount : 0);
  return currency ? `${currency} ${number}` : number;
}

const FRACTION_DIGITS = 2;

/** As `Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'negative' })`: half away from zero on the shortest decimal. */
function formatNumber(amount: number): string {
  const { whole, fraction } = roundedDecimal(Math.abs(amount));
  const shown = `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
  return amount < 0 && (whole !== '0' || fraction) ? `-${shown}` : shown;
}

/** The shortest decimal that reads back as `amount` (what ICU rounds, so 1.005 gives 1.01), rounded to two decimals. */
function roundedDecimal(amount: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponent = '0'] = amount.toString().split('e');
  const [integerDigits = '0', fractionDigits = ''] = mantissa.split('.');
  const digits = integerDigits + fractionDigits;
  const point = integerDigits.length + Number(exponent);
  // The number in hundredths, as digits, and the digit after them.
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point + FRACTION_DIGITS + 1, '0');
  const at = Math.max(point, 0) + FRACTION_DIGITS;
  let hundredths = BigInt(padded.slice(0, at) || '0');
  if ((padded[at] ?? '0') >= '5') hundredths += 1n;
  const text = hundredths.toString().padStart(FRACTION_DIGITS + 1, '0');
  return { whole: text.slice(0, -FRACTION_DIGITS), fraction: text.slice(-FRACTION_DIGITS).replace(/0+$/, '') };
}

/** An amount of money in whole cents, kept apart from quantities and minutes; roundMoney makes one. */
export type Money = Brand<number, 'Money'>;

/** Whole cents: every amount the venue charges, shows or stores is rounded here, so 0.1 + 0.2 is 0.3. */
export const roundMoney = (amount: number) => (Math.round(amount * 100) / 100) as Money;

/** The VAT on a price given before VAT, in whole cents. */
export const vatOn = (priceBeforeVat: number) => roundMoney((priceBeforeVat * VAT_PERCENT) / 100);
