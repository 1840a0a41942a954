import { PASSWORD_MIN } from '../constants';
import { message, type MessageDescriptor } from './messages';

export type PasswordRequirement = 'minLength' | 'uppercase' | 'lowercase' | 'digit' | 'special';

/**
 * Letters of any cased script count for upper and lower case; a special character is anything that is not a
 * letter, a combining mark, a digit or a space (so Arabic letters are letters, never "special").
 */
const REQUIREMENTS: readonly { requirement: PasswordRequirement; met: (password: string) => boolean; error: MessageDescriptor }[] = [
  { requirement: 'minLength', met: (p) => Array.from(p).length >= PASSWORD_MIN, error: message('password.minLength', { min: PASSWORD_MIN }) },
  { requirement: 'uppercase', met: (p) => /\p{Lu}/u.test(p), error: message('password.uppercase') },
  { requirement: 'lowercase', met: (p) => /\p{Ll}/u.test(p), error: message('password.lowercase') },
  { requirement: 'digit', met: (p) => /\p{Nd}/u.test(p), error: message('password.digit') },
  { requirement: 'special', met: (p) => /[^\p{L}\p{M}\p{N}\s]/u.test(p), error: message('password.special') },
];

/** Each requirement and whether it is met, in the order they are checked, for a live checklist under the field. */
export function passwordRequirements(password: string): { requirement: PasswordRequirement; met: boolean; error: MessageDescriptor }[] {
  return REQUIREMENTS.map(({ requirement, met, error }) => ({ requirement, met: met(password), error }));
}

/** The first unmet requirement. Login only needs `required`; registration and reset need this too. */
export function validatePassword(password: string | null | undefined): MessageDescriptor | undefined {
  return passwordRequirements(password ?? '').find(({ met }) => !met)?.error;
}

/** 'registration' (and other account forms): 'Passwords must match'; the forgot-password 'reset': 'The passwords do not match'. */
export type PasswordFlow = 'registration' | 'reset';

export function validatePasswordConfirmation(
  password: string | null | undefined,
  confirmation: string | null | undefined,
  flow: PasswordFlow,
): MessageDescriptor | undefined {
  if ((password ?? '') === (confirmation ?? '')) return undefined;
  return message(flow === 'registration' ? 'password.mismatchRegistration' : 'password.mismatchReset');
}
