import { describe, expect, it } from 'vitest';
import { validateCaptcha, type CaptchaWording } from './captcha';
import { messageText } from './messageText';

describe('captcha', () => {
  it.each<[string, string | null | undefined, CaptchaWording, string | undefined]>([
    ['[S0-5.20] account screens', '', 'account', 'Please verify you are human'],
    ['[S0-5.20] [S1-5.32] [S1-5.65] booking, login and lead modals', null, 'booking', 'Please confirm you are not a robot'],
    ['[S1-5.35] asking for a one-time code', undefined, 'oneTimeCode', 'Please validate recaptcha'],
    ['[S0-5.20] verified', '03AGdBq24…', 'booking', undefined],
  ])('%s', (_title, token, wording, expected) => {
    const error = validateCaptcha(token, wording);
    expect(error && messageText(error)).toBe(expected);
  });
});
