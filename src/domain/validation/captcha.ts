import { message, type MessageDescriptor, type Wording } from './messages';

/**
 * 'account': 'Please verify you are human'; 'booking' (visitor, login and lead modals): 'Please confirm you are
 * not a robot'; 'oneTimeCode' (asking for a login code by email): 'Please validate recaptcha'.
 */
export type CaptchaWording = Wording | 'oneTimeCode';

const UNVERIFIED = {
  account: message('captcha.verifyHuman'),
  booking: message('captcha.notRobot'),
  oneTimeCode: message('captcha.validateRecaptcha'),
} as const satisfies Record<CaptchaWording, MessageDescriptor>;

/** The captcha token is empty until the widget is verified, and again once it expires or errors. */
export function validateCaptcha(token: string | null | undefined, wording: CaptchaWording): MessageDescriptor | undefined {
  return (token ?? '').trim() === '' ? UNVERIFIED[wording] : undefined;
}
