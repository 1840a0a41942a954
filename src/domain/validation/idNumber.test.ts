import { describe, expect, it } from 'vitest';
import { ID_PROOF_TYPES } from '../constants';
import { limitIdNumberInput, validateIdNumber, validateIdProof } from './idNumber';
import { type MessageDescriptor } from './messages';
import { messageText } from './messageText';

const text = (descriptor: MessageDescriptor | undefined) => descriptor && messageText(descriptor);

describe('ID number', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['[S1-5.17] letters and digits', 'N1234567', undefined],
    ['[S1-5.17] empty (pair with required when the venue asks for it)', '', undefined],
    ['[S1-5.17] a dash', 'N-1234567', 'ID number can contain only letters and digits'],
    ['[S1-5.17] a space inside', 'N 1234567', 'ID number can contain only letters and digits'],
    ['[S1-5.17] Arabic letters', 'ن1234567', 'ID number can contain only letters and digits'],
    ['[S0-9.13] [S1-5.18] 15 characters', 'AB1234567890123', undefined],
    ['[S0-9.13] [S1-5.18] 16 characters', 'AB12345678901234', 'ID number cannot be longer than 15 characters'],
  ])('%s', (_title, value, expected) => {
    expect(text(validateIdNumber(value))).toBe(expected);
  });

  it.each([
    ['ab-12 34', 'ab1234'],
    ['٠١٢abc', '012abc'],
    ['AB12345678901234567', 'AB1234567890123'],
  ])('[S0-9.13] [S1-5.17] [S1-5.18] typing %j keeps %j', (raw, kept) => {
    expect(limitIdNumberInput(raw)).toBe(kept);
  });

  it('[S0-5.12] [S1-5.22] proof type 32 uses the Emirates ID rule, other types the ID number rule', () => {
    expect(text(validateIdProof(ID_PROOF_TYPES.EMIRATES_ID, '', 'booking'))).toBe('Please enter your Emirates ID');
    expect(text(validateIdProof(ID_PROOF_TYPES.EMIRATES_ID, '784-1968-6570305-1', 'booking'))).toBe('Emirates ID number is not valid.');
    expect(validateIdProof(ID_PROOF_TYPES.PASSPORT, 'N1234567', 'booking')).toBeUndefined();
    expect(text(validateIdProof(ID_PROOF_TYPES.PASSPORT, 'N-1', 'booking'))).toBe('ID number can contain only letters and digits');
  });

  it('[S0-3.13] id_proof_type_id 32 is an Emirates ID and 33 a passport', () => {
    expect(ID_PROOF_TYPES).toEqual({ EMIRATES_ID: 32, PASSPORT: 33 });
    expect(text(validateIdProof(32, '784-1968-6570305-1', 'booking'))).toBe('Emirates ID number is not valid.');
    expect(validateIdProof(33, 'N1234567', 'booking')).toBeUndefined();
  });
});
