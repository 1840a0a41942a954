import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANCHOR_OFFSET_PX, anchorScrollTop } from './anchor';

describe('[S0-2.51] anchorScrollTop', () => {
  it.each([
    [500, 0, 390],
    [500, 1000, 1390],
    [-200, 1000, 690],
    [50, 0, 0],
    [110, 0, 0],
  ])('element at %s, scrolled %s → %s', (top, scrollY, expected) => {
    expect(ANCHOR_OFFSET_PX).toBe(110);
    expect(anchorScrollTop(top, scrollY)).toBe(expected);
  });

  it('lands the element 110 px below the top whenever the page can scroll that far', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), fc.integer({ min: 0, max: 10000 }), (top, scrollY) => {
        const target = anchorScrollTop(top, scrollY);
        expect(target).toBeGreaterThanOrEqual(0);
        if (target > 0) expect(scrollY + top - target).toBe(110);
      }),
    );
  });
});
