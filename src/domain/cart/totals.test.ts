import { describe, expect, it } from 'vitest';
import { type LineDiscount } from '../contract/orders';
import { eventLineFixture, posLineFixture } from './cartLineFixtures';
import { facilityAddonFixture, facilityLineFixture } from './facilityLineFixture';
import { cartCount, cartTotals, discountedPrice, formatCartTotals, lineShownTotal, shownPrice } from './totals';

describe('cart totals', () => {
  const lines = [
    facilityLineFixture({ quantity: 2, addons: [facilityAddonFixture({ quantity: 3 })] }),
    eventLineFixture({ quantity: 1, price: 0.1, tax_amount: 0.2 }),
  ];

  it('[S1-9.20] the shown price is (price + tax_amount) × quantity', () => {
    expect(shownPrice(facilityLineFixture({ quantity: 2 }))).toBe(210);
    expect(shownPrice(facilityAddonFixture({ quantity: 3 }))).toBe(15.75);
    expect(shownPrice(eventLineFixture({ price: 0.1, tax_amount: 0.2 }))).toBe(0.3);
    expect(lineShownTotal(lines[0]!)).toBe(225.75);
  });

  it('[S1-9.19] VAT is the sum of line tax × quantity, add-ons included', () => {
    expect(cartTotals(lines)).toEqual({ subtotal: 226.05, vat: 10.95, discount: 0, total: 226.05 });
  });

  it('[S1-3.21] a discount (computed by the server: unit price and tax, line totals) shows per line and add-on and lowers the total and the VAT', () => {
    const lineDiscount: LineDiscount = { actual_price: 100, actual_tax: 5, actual_total: 210, price: 90, tax: 4.5, total: 189, promo_code: 'SAVE10' };
    const addonDiscount: LineDiscount = { actual_price: 5, actual_tax: 0.25, actual_total: 15.75, price: 4.67, tax: 0.23, total: 14.7, promo_code: 'SAVE10' };
    const discounted = [{ ...lines[0]!, discount: lineDiscount, addons: [{ ...lines[0]!.addons[0]!, discount: addonDiscount }] }, lines[1]!];
    expect(discountedPrice(discounted[0]!)).toBe(189);
    expect(discountedPrice(lines[1]!)).toBe(0.3);
    expect(cartTotals(discounted)).toEqual({ subtotal: 226.05, vat: 9.89, discount: 22.05, total: 204 });
  });

  it('[S1-9.21] [S1-9.22] amounts show in the venue currency (AED by default) with 0 to 2 decimals, en-US', () => {
    expect(formatCartTotals({ subtotal: 1234.5, vat: 58.79, discount: 0, total: 1234.5 })).toEqual({
      subtotal: 'AED 1,234.5',
      vat: 'AED 58.79',
      discount: 'AED 0',
      total: 'AED 1,234.5',
    });
    expect(formatCartTotals({ subtotal: 10, vat: 0.5, discount: 0, total: 10 }, 'USD').total).toBe('USD 10');
  });

  it('[S1-9.18] the cart count includes add-ons and is never negative', () => {
    expect(cartCount(lines)).toBe(6);
    expect(cartCount([posLineFixture({ quantity: -2 })])).toBe(0);
    expect(cartCount([])).toBe(0);
  });
});
