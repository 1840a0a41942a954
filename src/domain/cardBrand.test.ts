import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { guessCardBrand, type CardBrand } from './cardBrand';

describe('guessCardBrand', () => {
  it.each<[string, string, CardBrand]>([
    ['[S0-9.26] Visa', '411111******1111', 'Visa'],
    ['[S0-9.26] Mastercard', '555555XXXXXX4444', 'Mastercard'],
    ['[S0-9.26] other leading digit', '378282*****0005', 'Unknown'],
    ['[S0-9.26] spaced Visa', '4111 11•• •••• 1111', 'Visa'],
    ['[S0-9.26] dashed Mastercard', '5105-10xx-xxxx-5100', 'Mastercard'],
    ['[S0-9.27] exactly 6 visible', '411111**********', 'Visa'],
    ['[S0-9.27] only 5 visible', '41111***********', 'Unknown'],
    ['[S0-9.27] last four only', '************1111', 'Unknown'],
    ['[S0-9.27] masked lead', '**4111111111', 'Unknown'],
    ['empty', '', 'Unknown'],
  ])('%s: %s', (_title, masked, brand) => {
    expect(guessCardBrand(masked)).toBe(brand);
  });

  it('[S0-9.27] never guesses with fewer than 6 visible characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('4', '5', '1', '*', 'X', '•'), maxLength: 20 }), (masked) => {
        const visible = Array.from(masked).filter((c) => !['*', 'X', '•'].includes(c)).length;
        if (visible < 6) expect(guessCardBrand(masked)).toBe('Unknown');
      }),
    );
  });
});
