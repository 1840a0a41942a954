import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactEmiratesId,
  EMIRATES_ID_MAX_DIGITS,
  EMIRATES_ID_VALIDATE_ON,
  limitEmiratesIdInput,
  luhnCheckDigit,
  passesLuhn,
  validateEmiratesId,
} from './emiratesId';
import { type Wording } from './messages';
import { messageText } from './messageText';

/** 784, then the birth year and serial (11 digits), then the Luhn digit over all fourteen. */
const validId = fc.stringMatching(/^\d{11}$/).map((body) => `784${body}${luhnCheckDigit(`784${body}`)}`);
const dashed = (id: string) => `${id.slice(0, 3)}-${id.slice(3, 7)}-${id.slice(7, 14)}-${id.slice(14)}`;
const wordings = fc.constantFrom<Wording>('account', 'booking');

function text(value: string | null | undefined, wording: Wording) {
  const error = validateEmiratesId(value, wording);
  return error && messageText(error);
}

describe('Luhn', () => {
  it.each<[string, boolean]>([
    ['79927398713', true],
    ['79927398710', false],
    ['784196865703050', true],
    ['784196865703051', false],
    ['7', false],
  ])('%s passes: %s', (digits, passes) => {
    expect(passesLuhn(digits)).toBe(passes);
  });
});

describe('Emirates ID', () => {
  it.each<[string, string | null | undefined, Wording, string | undefined]>([
    ['[S0-5.12] [S1-5.22] empty', '', 'booking', 'Please enter your Emirates ID'],
    ['[S0-5.12] missing', undefined, 'account', 'Please enter your Emirates ID'],
    ['[S0-5.13] [S1-5.20] valid with dashes', '784-1968-6570305-0', 'booking', undefined],
    ['[S0-5.13] [S1-5.20] valid without dashes', '784196865703050', 'booking', undefined],
    ['[S0-5.13] some dashes only', '784-19686570305-0', 'account', undefined],
    ['[S0-5.13] Arabic-Indic digits', '٧٨٤-١٩٦٨-٦٥٧٠٣٠٥-٠', 'account', undefined],
    ['[S0-5.13] [S1-5.20] not starting 784', '785-1968-6570305-0', 'booking', 'Emirates ID format is incorrect.'],
    ['[S0-5.13] [S1-5.20] wrong groups', '784-196-86570305-0', 'booking', 'Emirates ID format is incorrect.'],
    ['[S0-5.13] [S0-5.16] 16 digits', '7841968657030501', 'booking', 'Emirates ID format is incorrect.'],
    ['[S0-5.13] spaces instead of dashes', '784 1968 6570305 0', 'booking', 'Emirates ID format is incorrect.'],
    ['[S0-5.13] letters', '784-1968-657030A-0', 'booking', 'Emirates ID format is incorrect.'],
    ['[S0-5.14] [S1-5.21] check digit on a booking screen', '784-1968-6570305-1', 'booking', 'Emirates ID number is not valid.'],
    ['[S0-5.14] check digit on an account screen', '784-1968-6570305-1', 'account', 'Please enter valid Emirates ID'],
  ])('%s', (_title, value, wording, expected) => {
    expect(text(value, wording)).toBe(expected);
  });

  it('[S0-5.15] [S1-5.23] is checked on blur', () => {
    expect(EMIRATES_ID_VALIDATE_ON).toBe('blur');
  });

  it.each([
    ['784-1968-6570305-0-99', '784-1968-6570305-0'],
    ['7841968657030509', '784196865703050'],
    ['784 1968 abc', '7841968'],
    ['٧٨٤-١٩٦٨', '784-1968'],
  ])('[S0-5.16] [S1-5.19] typing keeps digits and dashes, at most 15 digits: %j → %j', (raw, kept) => {
    expect(limitEmiratesIdInput(raw)).toBe(kept);
    expect(compactEmiratesId(limitEmiratesIdInput(raw)).length).toBeLessThanOrEqual(EMIRATES_ID_MAX_DIGITS);
  });

  it('[S0-5.13] [S0-5.14] any generated valid ID passes, with and without dashes', () => {
    fc.assert(
      fc.property(validId, wordings, (id, wording) => {
        expect(validateEmiratesId(id, wording)).toBeUndefined();
        expect(validateEmiratesId(dashed(id), wording)).toBeUndefined();
        expect(compactEmiratesId(dashed(id))).toBe(id);
      }),
    );
  });

  it('[S0-5.14] [S1-5.21] changing any single digit fails', () => {
    const mutation = fc.record({ position: fc.integer({ min: 0, max: 14 }), shift: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(validId, mutation, wordings, (id, { position, shift }, wording) => {
        const digit = (Number(id[position]) + shift) % 10;
        const changed = `${id.slice(0, position)}${digit}${id.slice(position + 1)}`;
        for (const typed of [changed, dashed(changed)]) {
          const error = validateEmiratesId(typed, wording);
          expect(error).toBeDefined();
          // Outside the 784 prefix the format still holds, so the check digit is what catches it.
          if (position >= 3) expect(error?.key).toBe(wording === 'booking' ? 'emiratesId.checkDigitBooking' : 'emiratesId.checkDigitAccount');
        }
      }),
    );
  });
});
