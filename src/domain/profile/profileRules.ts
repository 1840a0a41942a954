import { ID_PROOF_TYPES } from '../constants';
import { dayNumber } from '../booking/dayTime';
import { isBlank, required, type FieldRules } from '../validation/form';
import { limitEmiratesIdInput } from '../validation/emiratesId';
import { limitIdNumberInput, validateIdProof } from '../validation/idNumber';
import { message, type MessageDescriptor } from '../validation/messages';
import { validateName } from '../validation/name';

/** A document's type as a form holds it: '' until one is chosen. */
export type IdProofChoice = '' | '32' | '33';
export type GenderChoice = '' | 'Male' | 'Female';

/** The identity facts a verification fixes once known (as spec 001 §5 locks them in the visitor form). */
export const LOCKABLE_FIELDS = ['first_name', 'last_name', 'dob', 'gender', 'nationality_id', 'id_proof'] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number];

/** The profile's identity facts as the server stores them; what verification looks at. */
export type IdentityFacts = {
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: string | null;
  nationality_id: number | null;
  id_proof_number: string | null;
};

/** The fields that have a value when the customer verifies: those become locked, the empty ones stay open to fill in. */
export function fieldsToLock(facts: IdentityFacts): LockableField[] {
  const known: Record<LockableField, boolean> = {
    first_name: facts.first_name.trim() !== '',
    last_name: facts.last_name.trim() !== '',
    dob: !isBlank(facts.dob),
    gender: !isBlank(facts.gender),
    nationality_id: facts.nationality_id !== null,
    id_proof: !isBlank(facts.id_proof_number),
  };
  return LOCKABLE_FIELDS.filter((field) => known[field]);
}

/** Oldest birth year the forms accept; anything before is a typing slip. */
const EARLIEST_DAY = '1900-01-01';

/** YYYY-MM-DD naming a real day, not before 1900 and not after today (the venue's today). */
export function validateDateOfBirth(value: string, today: string): MessageDescriptor | undefined {
  if (value === '') return undefined;
  const day = dayNumber(value);
  if (day === null || day < (dayNumber(EARLIEST_DAY) ?? 0)) return message('profile.dobInvalid');
  return day > (dayNumber(today) ?? day) ? message('profile.dobFuture') : undefined;
}

/** An ID's expiry: a real day, and not already past (an expired document proves nothing). */
export function validateIdExpiry(value: string, today: string): MessageDescriptor | undefined {
  if (value === '') return undefined;
  const day = dayNumber(value);
  if (day === null) return message('profile.expiryInvalid');
  return day < (dayNumber(today) ?? day) ? message('profile.expiryPast') : undefined;
}

/** A number needs its document type; a chosen type needs its number, checked by that type's rule (Emirates ID or passport). */
export function validateIdProofPair(type: IdProofChoice, number: string): MessageDescriptor | undefined {
  if (type === '') return number.trim() === '' ? undefined : message('profile.idProofTypeRequired');
  return required(number, { labelKey: 'idNumber' }) ?? validateIdProof(Number(type), number, 'account');
}

/** What the ID number field keeps as it is typed: the Emirates ID keeps its dashes, a passport letters and digits. */
export function limitIdProofInput(type: IdProofChoice, raw: string): string {
  return type === String(ID_PROOF_TYPES.EMIRATES_ID) ? limitEmiratesIdInput(raw) : limitIdNumberInput(raw);
}

/** The person fields the profile and a family member share. */
export type PersonValues = {
  first_name: string;
  last_name: string;
  dob: string;
  gender: GenderChoice;
  nationality_id: string;
  id_proof_type_id: IdProofChoice;
  id_proof_number: string;
};

/** The rules of a person's fields, run by the screens on submit and again by the server's contract. */
export function personRules<T extends PersonValues>(today: string): FieldRules<T> {
  return {
    first_name: [(value) => required(value, { labelKey: 'firstName' }), (value) => validateName(value, { labelKey: 'firstName' })],
    last_name: [(value) => required(value, { labelKey: 'lastName' }), (value) => validateName(value, { labelKey: 'lastName' })],
    dob: (value) => validateDateOfBirth(value, today),
    id_proof_number: (value, values) => validateIdProofPair(values.id_proof_type_id, value),
  } as FieldRules<T>;
}
