import { DEFAULT_COUNTRY_CODE } from '../constants';
import { toAsciiDigits } from './digits';
import { message, type MessageDescriptor } from './messages';

/** Digits after the country code, as the international pattern allows. */
export const MOBILE_DIGITS_MIN = 8;
export const MOBILE_DIGITS_MAX = 14;

const SUBSCRIBER_PATTERN = new RegExp(`^\\d{${MOBILE_DIGITS_MIN},${MOBILE_DIGITS_MAX}}$`);
const COUNTRY_CODE_PATTERN = /^\d{1,4}$/;

/** Spaces (any kind), dashes, dots and parentheses are how people group digits, never part of the number. */
const GROUPING = /[\s\-.()]/g;

/** '+971', '971', 971 or nothing (the default, 971) all mean the same code. */
export function countryCodeDigits(countryCode: string | number | null | undefined): string {
  const digits = toAsciiDigits(String(countryCode ?? '')).replace(/\D/g, '').replace(/^0+/, '');
  return digits === '' ? DEFAULT_COUNTRY_CODE : digits;
}

/**
 * '+<code><number>' as the server stores it: grouping characters and Arabic-Indic digits are cleaned up, the
 * country code is dropped when the number already starts with it in international form ('+971…' or '00971…'),
 * then every leading 0 or + goes and '+<code>' is put in front. Dropping all of them, not only the first, is
 * what makes the result stable: normalising a normalised number changes nothing.
 */
export function normaliseMobile(countryCode: string | number | null | undefined, number: string): string {
  const code = countryCodeDigits(countryCode);
  const cleaned = toAsciiDigits(number).replace(GROUPING, '');
  const international = [`+${code}`, `00${code}`].find((prefix) => cleaned.startsWith(prefix));
  const national = (international ? cleaned.slice(international.length) : cleaned).replace(/^[+0]+/, '');
  return `+${code}${national}`;
}

/** Empty: 'Please enter valid mobile number'; not 8 to 14 digits after the country code: 'Mobile number is not valid'. */
export function validateMobile(countryCode: string | number | null | undefined, number: string | null | undefined): MessageDescriptor | undefined {
  const entered = (number ?? '').replace(GROUPING, '');
  if (entered === '') return message('mobile.empty');
  const code = countryCodeDigits(countryCode);
  const subscriber = normaliseMobile(code, entered).slice(code.length + 1);
  return COUNTRY_CODE_PATTERN.test(code) && SUBSCRIBER_PATTERN.test(subscriber) ? undefined : message('mobile.invalid');
}
