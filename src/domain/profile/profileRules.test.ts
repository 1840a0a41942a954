import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageText } from '../validation/messageText';
import { fieldsToLock, limitIdProofInput, validateDateOfBirth, validateIdExpiry, validateIdProofPair } from './profileRules';
import { profileMessageOf, profileMessageText } from './profileMessages';

const say = (descriptor: ReturnType<typeof validateDateOfBirth>) => (descriptor ? messageText(descriptor) : undefined);

describe('profile rules', () => {
  it.each([
    ['', undefined],
    ['1990-04-12', undefined],
    ['2025-06-01', undefined],
    ['2025-06-02', 'Date of birth cannot be in the future'],
    ['1899-12-31', 'Please enter a valid date of birth'],
    ['2025-02-30', 'Please enter a valid date of birth'],
    ['12/04/1990', 'Please enter a valid date of birth'],
  ])('date of birth %s on 2025-06-01', (value, expected) => {
    expect(say(validateDateOfBirth(value, '2025-06-01'))).toBe(expected);
  });

  it.each([
    ['', undefined],
    ['2025-06-01', undefined],
    ['2025-05-31', 'The ID has expired. Please enter a valid document'],
    ['2030-13-01', 'Please enter a valid expiry date'],
  ])('ID expiry %s on 2025-06-01', (value, expected) => {
    expect(say(validateIdExpiry(value, '2025-06-01'))).toBe(expected);
  });

  it.each([
    ['', '', undefined],
    ['', 'P123', 'Please choose the ID proof type'],
    ['33', '', 'ID number is required'],
    ['33', 'P-123', 'ID number can contain only letters and digits'],
    ['33', 'P1234567', undefined],
    ['32', '784-1990-123', 'Emirates ID format is incorrect.'],
    ['32', '784-1990-1234567-0', 'Please enter valid Emirates ID'],
  ] as const)('ID proof type %s with %s', (type, number, expected) => {
    expect(say(validateIdProofPair(type, number))).toBe(expected);
  });

  it('the ID number field keeps at most 15 digits of an Emirates ID and 15 letters or digits of a passport', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(limitIdProofInput('32', typed).replace(/-/g, '').length).toBeLessThanOrEqual(15);
        expect(limitIdProofInput('33', typed)).toMatch(/^[A-Za-z0-9]{0,15}$/);
      }),
    );
  });

  it('a verification locks the identity fields that have a value, and only those', () => {
    expect(fieldsToLock({ first_name: 'Ann', last_name: 'Lee', dob: null, gender: 'Female', nationality_id: null, id_proof_number: '' })).toEqual(['first_name', 'last_name', 'gender']);
    expect(fieldsToLock({ first_name: 'Ann', last_name: 'Lee', dob: '1990-01-01', gender: 'Male', nationality_id: 3, id_proof_number: 'P1' })).toEqual([
      'first_name',
      'last_name',
      'dob',
      'gender',
      'nationality_id',
      'id_proof',
    ]);
  });

  it('a server message is read back to its key and placeholders', () => {
    const text = profileMessageText('memberHasBookings', { name: 'Omar Hassan', count: 2 });
    expect(profileMessageOf(text)).toEqual({ key: 'memberHasBookings', params: { name: 'Omar Hassan', count: '2' } });
    expect(profileMessageOf('Something else')).toBeNull();
  });
});
