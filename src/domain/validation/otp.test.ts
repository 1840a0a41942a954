import { describe, expect, it } from 'vitest';
import { type Wording } from './messages';
import { messageText } from './messageText';
import { normaliseOtp, validateOtp } from './otp';

describe('one-time code', () => {
  it.each<[string, string | null | undefined, Wording, string | undefined]>([
    ['[S0-5.17] [S0-9.12] six digits', '123456', 'account', undefined],
    ['[S0-5.17] [S1-5.33] six digits with spaces', ' 123 456 ', 'booking', undefined],
    ['[S0-5.17] six Arabic-Indic digits', '١٢٣٤٥٦', 'booking', undefined],
    ['[S0-5.17] five digits on an account screen', '12345', 'account', 'Invalid OTP'],
    ['[S0-5.17] empty on an account screen', '', 'account', 'Invalid OTP'],
    ['[S0-5.17] seven digits on an account screen', '1234567', 'account', 'Invalid OTP'],
    ['[S1-5.34] empty on a booking or login modal', '', 'booking', 'Please enter otp'],
    ['[S1-5.34] missing on a booking or login modal', undefined, 'booking', 'Please enter otp'],
    ['[S1-5.33] [S1-5.34] five digits on a booking or login modal', '12345', 'booking', 'Please enter a valid OTP'],
    ['[S1-5.33] [S1-5.34] letters on a booking or login modal', '12345a', 'booking', 'Please enter a valid OTP'],
  ])('%s', (_title, value, wording, expected) => {
    const error = validateOtp(value, wording);
    expect(error && messageText(error)).toBe(expected);
  });

  it('[S0-5.17] sends ASCII digits without spaces', () => {
    expect(normaliseOtp(' ١٢٣ 456 ')).toBe('123456');
  });
});
