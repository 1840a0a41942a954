import { DEFAULT_CURRENCY } from './constants';

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
