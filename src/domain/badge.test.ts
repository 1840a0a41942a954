import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CART_BADGE_MAX, cartBadgeText } from './badge';

describe('cartBadgeText', () => {
  it.each([
    ['[S0-2.68] zero', 0, ''],
    ['[S0-2.68] negative', -3, ''],
    ['[S0-2.68] not a number', Number.NaN, ''],
    ['one', 1, '1'],
    ['nine', 9, '9'],
    ['[S0-2.67] ten', 10, '10'],
    ['[S0-2.67] [S0-9.20] eleven', 11, '10'],
    ['[S0-2.67] many', 250, '10'],
    ['[S0-2.67] infinite', Number.POSITIVE_INFINITY, '10'],
  ])('%s', (_title, count, text) => {
    expect(cartBadgeText(count)).toBe(text);
  });

  it('[S0-2.67] never shows more than 10', () => {
    expect(CART_BADGE_MAX).toBe(10);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (count) => {
        expect(Number(cartBadgeText(count))).toBe(Math.min(count, 10));
      }),
    );
  });
});
