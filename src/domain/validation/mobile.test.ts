import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageText } from './messageText';
import { countryCodeDigits, normaliseMobile, validateMobile } from './mobile';

const codes = fc.constantFrom<string | number | undefined>('971', '+971', 971, '44', '1', '966', '00966', undefined);
const typed = fc.string({ unit: fc.constantFrom(...'0123456789 +-().\u00a0٠٥۹'.split('')), maxLength: 24 });

describe('mobile normalisation', () => {
  it.each<[string | number | undefined, string]>([
    ['971', '971'],
    ['+971', '971'],
    [971, '971'],
    [' 44 ', '44'],
    ['', '971'],
    [undefined, '971'],
  ])('[S0-9.8] country code %j → %s', (code, expected) => {
    expect(countryCodeDigits(code)).toBe(expected);
  });

  it.each<[string | undefined, string, string]>([
    ['971', '050 123 4567', '+971501234567'],
    ['971', '501234567', '+971501234567'],
    ['971', '+971 50 123 4567', '+971501234567'],
    ['971', '00971501234567', '+971501234567'],
    ['971', '(050) 123-4567', '+971501234567'],
    ['971', '٠٥٠١٢٣٤٥٦٧', '+971501234567'],
    [undefined, '0501234567', '+971501234567'],
    ['44', '07911 123456', '+447911123456'],
    ['+966', '+0 55 123 4567', '+966551234567'],
  ])('[S0-5.6] [S1-5.30] (%s, %j) → %s', (code, number, expected) => {
    expect(normaliseMobile(code, number)).toBe(expected);
  });

  it('[S0-5.6] [S1-5.30] is idempotent', () => {
    fc.assert(
      fc.property(codes, typed, (code, number) => {
        const once = normaliseMobile(code, number);
        expect(normaliseMobile(code, once)).toBe(once);
      }),
    );
  });

  it('[S0-5.6] [S1-5.30] never keeps spaces or a leading 0, and always starts with +<code>', () => {
    fc.assert(
      fc.property(codes, typed, (code, number) => {
        const normalised = normaliseMobile(code, number);
        const prefix = `+${countryCodeDigits(code)}`;
        expect(normalised.startsWith(prefix)).toBe(true);
        expect(normalised).not.toMatch(/\s/);
        expect(normalised.slice(prefix.length)).not.toMatch(/^[0+]/);
      }),
    );
  });

  it('[S0-5.6] every way of typing the same local number gives the same result', () => {
    const local = fc.stringMatching(/^[1-9]\d{8}$/);
    fc.assert(
      fc.property(local, (digits) => {
        const spaced = `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
        for (const typedNumber of [digits, `0${digits}`, `+971${digits}`, `00971 ${spaced}`, ` 0${spaced} `]) {
          expect(normaliseMobile('971', typedNumber)).toBe(`+971${digits}`);
        }
      }),
    );
  });
});

describe('mobile validation', () => {
  it.each<[string, string | undefined, string | null | undefined, string | undefined]>([
    ['[S0-5.4] [S1-5.28] [S1-5.63] empty', '971', '', 'Please enter valid mobile number'],
    ['[S0-5.4] [S1-5.28] only spaces', '971', '   ', 'Please enter valid mobile number'],
    ['[S0-5.4] [S1-5.28] missing', '971', undefined, 'Please enter valid mobile number'],
    ['[S0-5.5] [S1-5.29] [S1-5.64] 7 digits after the code', '971', '5012345', 'Mobile number is not valid'],
    ['[S0-5.5] [S1-5.29] 8 digits after the code', '971', '50123456', undefined],
    ['[S0-5.5] [S1-5.29] 14 digits after the code', '971', '50123456789012', undefined],
    ['[S0-5.5] [S1-5.29] 15 digits after the code', '971', '501234567890123', 'Mobile number is not valid'],
    ['[S0-5.5] [S1-5.29] letters', '971', '50123abc9', 'Mobile number is not valid'],
    ['[S0-5.5] [S1-5.29] only a zero', '971', '0', 'Mobile number is not valid'],
    ['[S0-5.5] a leading 0 does not count', '971', '0501234567', undefined],
    ['[S0-5.5] grouping characters do not count', '971', '(050) 123-45-67', undefined],
    ['[S0-5.5] [S0-9.8] the default country code', undefined, '501234567', undefined],
    ['[S0-5.5] a country code that is not one', '97123', '501234567', 'Mobile number is not valid'],
  ])('%s', (_title, code, number, expected) => {
    const error = validateMobile(code, number);
    expect(error && messageText(error)).toBe(expected);
  });
});
