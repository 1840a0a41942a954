import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contrastRatio, ensureContrast, readableTextOn } from './contrast';

describe('venue colour contrast', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
  ])('contrast of %s on %s is %d', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 1);
  });

  it('picks white text on a dark brand colour and dark text on a pale one', () => {
    expect(readableTextOn('#0b5fff')).toBe('#ffffff');
    expect(readableTextOn('#ffe066')).toBe('#0f172a');
  });

  it('any brand colour becomes AA-readable on white and on near-black', () => {
    const hex = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
      .map((rgb) => '#' + rgb.map((v) => v.toString(16).padStart(2, '0')).join(''));
    fc.assert(
      fc.property(hex, fc.constantFrom('#ffffff', '#0f172a'), (color, surface) => {
        expect(contrastRatio(ensureContrast(color, surface), surface)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});
