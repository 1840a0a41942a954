import { describe, expect, it } from 'vitest';
import { discountAmount, discountFor, inScope } from './pricing';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';

const adult = { productId: 7, productTypeId: PRODUCT_TYPE.facility, quantity: 3, price: 100, tax: 5 };
const everything = { productIds: null, productTypeIds: null };

describe('discounts', () => {
  it('[S1-3.21] a percentage shrinks price and tax alike; totals are per line', () => {
    const discount = discountFor({ percent: 10, amount: null, scope: everything }, adult, 'WELCOME10');
    expect(discount).toEqual({ actual_price: 100, actual_tax: 5, actual_total: 315, price: 90, tax: 4.5, total: 283.5, promo_code: 'WELCOME10' });
    expect(discountAmount(discount)).toBe(31.5);
  });

  it('[S1-3.21] an amount comes off each unit, tax included, and never below zero', () => {
    expect(discountFor({ percent: null, amount: 21, scope: everything }, adult, 'X')).toMatchObject({ price: 80, tax: 4, total: 252 });
    expect(discountFor({ percent: null, amount: 500, scope: everything }, adult, 'X')).toMatchObject({ price: 0, tax: 0, total: 0 });
  });

  it('applies only within its scope, and not to free lines', () => {
    expect(inScope({ productIds: [7], productTypeIds: null }, adult)).toBe(true);
    expect(inScope({ productIds: [8], productTypeIds: null }, adult)).toBe(false);
    expect(inScope({ productIds: null, productTypeIds: [PRODUCT_TYPE.academy] }, adult)).toBe(false);
    expect(discountFor({ percent: 10, amount: null, scope: { productIds: [8], productTypeIds: null } }, adult, 'X')).toBeNull();
    expect(discountFor({ percent: 10, amount: null, scope: everything }, { ...adult, price: 0, tax: 0 }, 'X')).toBeNull();
    expect(discountAmount(null)).toBe(0);
  });
});
