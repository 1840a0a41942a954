import { type LineDiscount } from '../../../src/domain/contract/orders';
import { roundMoney } from '../../../src/domain/money';
import { type DiscountScope } from '../../db/schema/orders';

/** A promotion's terms: a percentage off each line, or an amount (tax included) off each unit. */
export type DiscountTerms = { percent: number | null; amount: number | null; scope: DiscountScope };

/** What a discount is worked out on: one line's unit price and tax, its quantity and what it is. */
export interface PricedItem {
  productId: number;
  productTypeId: number;
  quantity: number;
  price: number;
  tax: number;
}

export const inScope = (scope: DiscountScope, item: Pick<PricedItem, 'productId' | 'productTypeId'>) =>
  (scope.productIds === null || scope.productIds.includes(item.productId)) &&
  (scope.productTypeIds === null || scope.productTypeIds.includes(item.productTypeId));

/**
 * The line's discount, or null when the terms do not apply to it. Prices and taxes are per unit, totals per line
 * ((price + tax) × quantity); price and tax shrink by the same factor so VAT stays in proportion.
 */
export function discountFor(terms: DiscountTerms, item: PricedItem, code: string): LineDiscount | null {
  if (!inScope(terms.scope, item)) return null;
  const gross = item.price + item.tax;
  if (gross <= 0) return null;
  const factor =
    terms.percent !== null ? Math.max(0, 1 - terms.percent / 100) : terms.amount !== null ? Math.max(0, 1 - terms.amount / gross) : 1;
  if (factor >= 1) return null;
  const price = roundMoney(item.price * factor);
  const tax = roundMoney(item.tax * factor);
  return {
    actual_price: item.price,
    actual_tax: item.tax,
    actual_total: roundMoney(gross * item.quantity),
    price,
    tax,
    total: roundMoney((price + tax) * item.quantity),
    promo_code: code,
  };
}

/** What a discount takes off its line, tax included. */
export const discountAmount = (discount: LineDiscount | null) => (discount ? roundMoney(discount.actual_total - discount.total) : 0);
