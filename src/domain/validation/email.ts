import { message, type MessageDescriptor } from './messages';

/** Deliberately simple (something@something.something): the server is the one that sends mail to it. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Where the address is asked for decides the wording:
 * - 'standard': registration, profile and visitor forms — 'Please input correct email address';
 * - 'login': login flows — 'Please input a valid email address' when empty, 'Invalid Email' when malformed;
 * - 'additionalField': a venue's extra email field — 'E-mail must be valid';
 * - 'lead': the lead form — 'Please enter a valid email address'.
 */
export type EmailWording = 'standard' | 'login' | 'additionalField' | 'lead';

const MALFORMED = {
  standard: message('email.incorrect'),
  login: message('email.loginInvalid'),
  additionalField: message('email.additionalField'),
  lead: message('email.lead'),
} as const satisfies Record<EmailWording, MessageDescriptor>;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * Only login flows have a message of their own for an empty address; elsewhere pair this with `required`
 * (or wrap it in `optional`). Surrounding spaces, common from on-screen keyboards, are ignored.
 */
export function validateEmail(value: string | null | undefined, wording: EmailWording): MessageDescriptor | undefined {
  const email = (value ?? '').trim();
  if (email === '' && wording === 'login') return message('email.loginEmpty');
  return isEmail(email) ? undefined : MALFORMED[wording];
}
