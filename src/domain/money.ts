import { type Brand } from './brand';
import { DEFAULT_CURRENCY, VAT_PERCENT } from './constants';

const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

/** 'AED 1,234.5': the currency code leads, en-US grouping, at most two decimals and none when whole. */
export function formatAmount(amount: number, currency = DEFAULT_CURRENCY): string {
  const number = amountFormat.format(Number.isFinite(amount) ? amount : 0);
  return currency ? `${currency} ${number}` : number;
}

/** An amount of money in whole cents, kept apart from quantities and minutes; roundMoney makes one. */
export type Money = Brand<number, 'Money'>;

/** Whole cents: every amount the venue charges, shows or stores is rounded here, so 0.1 + 0.2 is 0.3. */
export const roundMoney = (amount: number) => (Math.round(amount * 100) / 100) as Money;

/** The VAT on a price given before VAT, in whole cents. */
export const vatOn = (priceBeforeVat: number) => roundMoney((priceBeforeVat * VAT_PERCENT) / 100);
