import { wholeQuantity } from '../booking/messages';
import { type LineDiscount } from '../contract/orders';
import { formatAmount, roundMoney, type Money } from '../money';
import { type CartAddonLine, type CartLine } from './lines';

/**
 * Cart arithmetic (spec 001 §9): a line shows (price + tax_amount) × quantity; VAT is the sum of tax × quantity,
 * add-ons included. A discount (from benefits/verify; the server computes it, the client only shows it) holds the
 * unit price and tax before (actual_price, actual_tax) and after (price, tax) the promotion, and the line's total
 * before (actual_total) and after (total), quantity included.
 */

type Priced = Pick<CartAddonLine, 'price' | 'tax_amount' | 'quantity'> & { discount?: LineDiscount | null };

export interface CartTotals {
  /** What the lines cost before discounts, VAT included. */
  subtotal: number;
  /** VAT of what is paid: the discounted tax where a discount applies. */
  vat: number;
  discount: number;
  total: number;
}

/** The shown price: (price + tax_amount) × quantity. */
export function shownPrice(item: Priced): Money {
  return roundMoney((item.price + item.tax_amount) * wholeQuantity(item.quantity));
}

/** The shown price after the item's discount. */
export function discountedPrice(item: Priced): Money {
  return item.discount ? roundMoney(item.discount.total) : shownPrice(item);
}

function discountOf(item: Priced): number {
  return item.discount ? Math.max(0, item.discount.actual_total - item.discount.total) : 0;
}

function vatOf(item: Priced): number {
  return (item.discount ? item.discount.tax : item.tax_amount) * wholeQuantity(item.quantity);
}

/** A line and its add-ons, before discounts. */
export function lineShownTotal(line: CartLine): Money {
  return roundMoney(line.addons.reduce<number>((sum, addon) => sum + shownPrice(addon), shownPrice(line)));
}

export function cartTotals(lines: readonly CartLine[]): CartTotals {
  const items: Priced[] = lines.flatMap((line) => [line, ...line.addons]);
  const subtotal = roundMoney(items.reduce((sum, item) => sum + shownPrice(item), 0));
  const discount = roundMoney(items.reduce((sum, item) => sum + discountOf(item), 0));
  const vat = roundMoney(items.reduce((sum, item) => sum + vatOf(item), 0));
  return { subtotal, vat, discount, total: roundMoney(Math.max(0, subtotal - discount)) };
}

/** The totals as the cart shows them, in the venue currency (0 to 2 decimals, en-US). */
export function formatCartTotals(totals: CartTotals, currency?: string): Record<keyof CartTotals, string> {
  return {
    subtotal: formatAmount(totals.subtotal, currency),
    vat: formatAmount(totals.vat, currency),
    discount: formatAmount(totals.discount, currency),
    total: formatAmount(totals.total, currency),
  };
}

/** Tickets in the cart, add-ons included (the header badge, spec 001 §9). */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + wholeQuantity(line.quantity) + line.addons.reduce((inner, addon) => inner + wholeQuantity(addon.quantity), 0), 0);
}
