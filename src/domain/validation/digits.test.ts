import { describe, expect, it } from 'vitest';
import { toAsciiDigits } from './digits';

describe('toAsciiDigits', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['+٩٧١ ٥٠', '+971 50'],
    ['abc 123', 'abc 123'],
  ])('%s → %s', (input, expected) => {
    expect(toAsciiDigits(input)).toBe(expected);
  });
});
