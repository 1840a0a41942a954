import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { truncateName } from './text';

describe('[S0-2.96] truncateName', () => {
  it.each<[string, number | undefined, string]>([
    ['Alexandra', undefined, 'Alexandra'],
    ['Alexandrine', undefined, 'Alexandrin…'],
    ['Abdulrahman', undefined, 'Abdulrahma…'],
    ['0123456789', undefined, '0123456789'],
    ['Mohammed Ali', undefined, 'Mohammed A…'],
    ['Ahmed Ali Khan', undefined, 'Ahmed Ali…'],
    ['عبدالرحمن محمد', undefined, 'عبدالرحمن…'],
    ['😀😀😀😀😀😀😀😀😀😀😀', undefined, '😀😀😀😀😀😀😀😀😀😀…'],
    ['', undefined, ''],
    ['Sarah', 3, 'Sar…'],
  ])('%j (max %s) → %j', (name, max, expected) => {
    expect(truncateName(name, max)).toBe(expected);
  });

  it('keeps short names and shortens long ones to at most max characters plus an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), fc.integer({ min: 1, max: 20 }), (name, max) => {
        const result = truncateName(name, max);
        if (name.length <= max) expect(result).toBe(name);
        else {
          expect(result.endsWith('…')).toBe(true);
          expect(name.startsWith(result.slice(0, -1))).toBe(true);
          expect(result.length).toBeLessThanOrEqual(max + 1);
        }
      }),
    );
  });
});
