import { toAsciiDigits } from './digits';
import { message, type MessageDescriptor, type Wording } from './messages';

/** The field is validated when it loses focus, not on every keystroke: a half-typed ID is not an error yet. */
export const EMIRATES_ID_VALIDATE_ON = 'blur';

/**
 * "Maximum 15 characters" counts the digits of 784-YYYY-NNNNNNN-C; the optional dashes are separators, so a
 * dashed ID (18 characters) is still within the limit.
 */
export const EMIRATES_ID_MAX_DIGITS = 15;

const EMIRATES_ID_PATTERN = /^784-?\d{4}-?\d{7}-?\d$/;

/** The Luhn check digit for a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let fromRight = 0; fromRight < digits.length; fromRight += 1) {
    const digit = Number(digits[digits.length - 1 - fromRight]);
    const weighted = fromRight % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

export function passesLuhn(digits: string): boolean {
  return digits.length > 1 && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** For the field as it is typed: keeps digits and dashes, and stops at the fifteenth digit. */
export function limitEmiratesIdInput(raw: string): string {
  let digits = 0;
  let kept = '';
  for (const character of toAsciiDigits(raw)) {
    if (digits === EMIRATES_ID_MAX_DIGITS) break;
    if (/\d/.test(character)) digits += 1;
    if (/[\d-]/.test(character)) kept += character;
  }
  return kept;
}

/** The fifteen digits the server stores. */
export function compactEmiratesId(value: string): string {
  return toAsciiDigits(value).replace(/\D/g, '');
}

/**
 * Emirates ID (proof type 32): 'Please enter your Emirates ID' when empty, 'Emirates ID format is incorrect.'
 * unless it is 784 then 4, 7 and 1 digits (each dash optional), then the check digit: 'Emirates ID number is
 * not valid.' on booking screens, 'Please enter valid Emirates ID' on account screens.
 */
export function validateEmiratesId(value: string | null | undefined, wording: Wording): MessageDescriptor | undefined {
  const id = toAsciiDigits(value ?? '').trim();
  if (id === '') return message('emiratesId.required');
  if (!EMIRATES_ID_PATTERN.test(id)) return message('emiratesId.format');
  if (passesLuhn(compactEmiratesId(id))) return undefined;
  return message(wording === 'booking' ? 'emiratesId.checkDigitBooking' : 'emiratesId.checkDigitAccount');
}
