import { ID_NUMBER_MAX, ID_PROOF_TYPES } from '../constants';
import { toAsciiDigits } from './digits';
import { validateEmiratesId } from './emiratesId';
import { message, type MessageDescriptor, type Wording } from './messages';

/** Passport and other document numbers are Latin letters and digits; spaces are not part of them. */
const ID_NUMBER_CHARACTERS = /^[A-Za-z0-9]*$/;

/** For the field as it is typed: drops anything but letters and digits and stops at fifteen characters. */
export function limitIdNumberInput(raw: string): string {
  return toAsciiDigits(raw).replace(/[^A-Za-z0-9]/g, '').slice(0, ID_NUMBER_MAX);
}

/** Letters and digits only, at most 15. Whether it is required depends on the venue, so pair with `required`. */
export function validateIdNumber(value: string | null | undefined): MessageDescriptor | undefined {
  const id = (value ?? '').trim();
  if (!ID_NUMBER_CHARACTERS.test(id)) return message('idNumber.characters');
  return id.length > ID_NUMBER_MAX ? message('idNumber.tooLong', { max: ID_NUMBER_MAX }) : undefined;
}

/** The rule for the chosen proof type: an Emirates ID (type 32) has its own; any other document is an ID number. */
export function validateIdProof(proofTypeId: number | null | undefined, value: string | null | undefined, wording: Wording): MessageDescriptor | undefined {
  return proofTypeId === ID_PROOF_TYPES.EMIRATES_ID ? validateEmiratesId(value, wording) : validateIdNumber(value);
}
