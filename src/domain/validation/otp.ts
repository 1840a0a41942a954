import { OTP_LENGTH } from '../constants';
import { toAsciiDigits } from './digits';
import { message, type MessageDescriptor, type Wording } from './messages';

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The code as the server expects it: ASCII digits, without the spaces a keyboard may add. */
export function normaliseOtp(value: string): string {
  return toAsciiDigits(value).replace(/\s/g, '');
}

/**
 * Exactly six digits. Account screens (document 000) say 'Invalid OTP' for any bad code; booking and login
 * modals (document 001) say 'Please enter otp' when it is empty and 'Please enter a valid OTP' otherwise.
 */
export function validateOtp(value: string | null | undefined, wording: Wording): MessageDescriptor | undefined {
  const otp = normaliseOtp(value ?? '');
  if (OTP_PATTERN.test(otp)) return undefined;
  if (wording === 'account') return message('otp.invalid');
  return message(otp === '' ? 'otp.empty' : 'otp.length');
}
