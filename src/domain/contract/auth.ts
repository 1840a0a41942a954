import * as z from 'zod/mini';
import { validateEmail, type EmailWording } from '../validation/email';
import { required } from '../validation/form';
import { type FieldLabelKey, type MessageDescriptor } from '../validation/messages';
import { messageText } from '../validation/messageText';
import { countryCodeDigits, normaliseMobile, validateMobile } from '../validation/mobile';
import { validateName } from '../validation/name';
import { normaliseOtp, validateOtp } from '../validation/otp';
import { validatePassword, validatePasswordConfirmation, type PasswordFlow } from '../validation/password';
import { envelope, errorBody } from './envelope';
import { user } from './session';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

// ---------------------------------------------------------------------------------------------------------------
// Field rules. Each field runs the validation library's rules in order; the first that fails becomes the issue,
// whose message is the English text the API answers with and whose params carry the descriptor for translation.

/** A message of the validation library, or plain English where the library has none. */
type Problem = MessageDescriptor | string;
type Validator<T> = (value: T) => Problem | undefined;

const issueOf = (problem: Problem) =>
  typeof problem === 'string' ? { message: problem } : { message: messageText(problem), params: { descriptor: problem } };

export function rules<T>(...validators: Validator<T>[]) {
  return z.superRefine<T>((value, ctx) => {
    for (const validate of validators) {
      const problem = validate(value);
      if (problem) {
        ctx.addIssue({ code: 'custom', input: value, ...issueOf(problem) });
        return;
      }
    }
  });
}

/** A rule that needs other fields (confirmation, mobile with its country code); the issue lands on `field`. */
export function formRule<T>(field: keyof T & string, validate: Validator<T>) {
  return z.superRefine<T>((values, ctx) => {
    const problem = validate(values);
    if (problem) ctx.addIssue({ code: 'custom', input: values[field], path: [field], ...issueOf(problem) });
  });
}

const label = (labelKey: FieldLabelKey) => ({ labelKey });

/** Text as typed: a missing or null field reads as empty, so it gets the field's own "required" message. */
export const rawText = onFirstUse(() => z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))),
));
export const trimmedText = onFirstUse(() => z.pipe(rawText, z.transform((value: string) => value.trim())));

export const text = (max: number, ...validators: Validator<string>[]) =>
  z.pipe(trimmedText, z.string().check(rules(...validators), z.maxLength(max, 'This value is too long')));

export const emailField = (wording: EmailWording) =>
  z.pipe(
    z.pipe(trimmedText, z.transform((value: string) => value.toLowerCase())),
    z.string().check(
      rules(
        (value) => (wording === 'login' ? undefined : required(value, label('email'))),
        (value) => validateEmail(value, wording),
      ),
      z.maxLength(254, 'This value is too long'),
    ),
  );

/** '971', '+971', 971 or nothing (971): the digits of the country code. */
export const countryCodeField = onFirstUse(() => z.pipe(rawText, z.transform((value: string) => countryCodeDigits(value))));
export const mobileField = onFirstUse(() => z.pipe(rawText, z.string().check(z.maxLength(32, 'Mobile number is not valid'))));
export const otpField = onFirstUse(() => z.pipe(z.pipe(rawText, z.transform(normaliseOtp)), z.string().check(rules((value) => validateOtp(value, 'account')))));
/** Passwords are taken exactly as typed: spaces count. */
export const loginPassword = onFirstUse(() => z.pipe(rawText, z.string().check(rules((value) => required(value, label('password'))), z.maxLength(256, 'This value is too long'))));
export const newPassword = onFirstUse(() => z.pipe(
  rawText,
  z.string().check(rules((value) => required(value, label('password')), validatePassword), z.maxLength(128, 'This value is too long')),
));
export const nameField = (labelKey: FieldLabelKey) =>
  text(60, (value) => required(value, label(labelKey)), (value) => validateName(value, label(labelKey)));
/** reCAPTCHA's token, or `<id>:<answer>` for the built-in challenge; a missing one is the captcha's failure, not a form error. */
const captchaField = onFirstUse(() => z.pipe(rawText, z.string().check(z.maxLength(4096, 'This value is too long'))));
const tokenField = (missing: string) => text(512, (value) => (value === '' ? missing : undefined));

export const mobileRule = <T extends { country_code: string }>(field: keyof T & string, number: (values: T) => string) =>
  formRule<T>(field, (values) => validateMobile(values.country_code, number(values)));

export const passwordsMatch = <T extends { password: string; confirm_password: string }>(flow: PasswordFlow) =>
  formRule<T>('confirm_password', (values) => validatePasswordConfirmation(values.password, values.confirm_password, flow));

/** The mobile as the server stores and compares it: '+<country code><number>'. */
const withMobile = <T extends { country_code: string; mobile: string }>(values: T): T => ({
  ...values,
  mobile: normaliseMobile(values.country_code, values.mobile),
});

export const TERMS_NOT_ACCEPTED = 'Please accept the terms and conditions';
export const NOT_A_FLAG = 'Send 1 or 0';

/** JSON flags: true/false, 1/0 or '1'/'0'. */
const jsonFlag = onFirstUse(() => z.pipe(
  z.optional(z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], NOT_A_FLAG)),
  z.transform((value: boolean | 0 | 1 | '0' | '1' | undefined) => value === true || value === 1 || value === '1'),
));
/** Multipart form fields are text, so booleans travel as '1' and '0' (registration payload rule). */
const multipartFlag = onFirstUse(() => z.pipe(
  z.optional(z.enum(['0', '1'], NOT_A_FLAG)),
  z.transform((value: '0' | '1' | undefined) => value === '1'),
));
const termsAccepted = <T extends { terms_accepted: boolean }>() =>
  formRule<T>('terms_accepted', (values) => (values.terms_accepted ? undefined : TERMS_NOT_ACCEPTED));

/** Encodes a registration form for multipart: booleans become '1'/'0', numbers text, empty values are left out. */
export function multipartFields(values: Record<string, string | number | boolean | null | undefined>): [string, string][] {
  return Object.entries(values).flatMap(([name, value]): [string, string][] => {
    if (value === null || value === undefined) return [];
    if (typeof value === 'boolean') return [[name, value ? '1' : '0']];
    return [[name, String(value)]];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** The signed-in account: the session user plus what account screens need. */
export const accountUser = onFirstUse(() => z.extend(user, { is_trainer: z.boolean() }));
export type AccountUser = z.infer<typeof accountUser>;

/** Every successful sign-in: the bearer token and the user. */
export const authSession = onFirstUse(() => z.object({ token: z.string(), user: accountUser }));
export type AuthSession = z.infer<typeof authSession>;
export const authSessionResponse = onFirstUse(() => envelope(authSession));

/** Calls whose answer is only a message fit to show. */
export const messageResponse = onFirstUse(() => z.object({ status: z.literal(true), data: z.null(), message: z.string() }));

/** A failed form: the first problem as the message, and one message per field. */
export const formErrorData = onFirstUse(() => z.object({ errors: z.record(z.string(), z.string()) }));
/** A registration refused because of its one-time code (the spec's "code error"). */
export const codeErrorData = onFirstUse(() => z.object({ code_error: z.literal(true) }));

/**
 * Why an account call was refused. The message stays the server's English text; the code lets a screen say the
 * same in the visitor's language (account:serverErrors.<code>), and `params` fills its placeholders.
 */
export const AUTH_ERROR_CODES = [
  'invalid_credentials',
  'login_paused',
  'awaiting_approval',
  'not_approved',
  'code_invalid',
  'code_expired',
  'code_locked',
  'code_rate_limited',
  'captcha_failed',
  'captcha_unavailable',
  'no_account_for_email',
  'code_login_off',
  'guest_off',
  'no_account_for_mobile_and_email',
  'reset_expired',
  'mobile_taken',
  'email_taken',
  'uae_pass_off',
  'uae_pass_unavailable',
  'uae_pass_failed',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
export type AuthErrorParams = Record<string, string | number>;

/** A refused account call; a client reads any code it does not know as absent and shows the message. */
export const authErrorBody = onFirstUse(() => z.extend(errorBody, {
  code: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
}));

// ---------------------------------------------------------------------------------------------------------------
// GET captcha/challenge — the server's own captcha (used when the venue's recaptcha_site_key is null): a small sum
// in development and tests, a proof-of-work challenge (ALTCHA) in production.

/** A sum to answer, in English and Arabic. */
export const questionChallenge = onFirstUse(() => z.object({
  kind: z.literal('question'),
  id: z.string(),
  question: z.object({ en: z.string(), ar: z.string() }),
  expires_at: z.string(),
}));
/**
 * An ALTCHA challenge for the widget to solve. Its parameters are signed as they are, so the portal passes them on
 * untouched; the widget answers with its base64 payload.
 */
export const proofOfWorkChallenge = onFirstUse(() => z.object({
  kind: z.literal('proof_of_work'),
  challenge: z.object({ parameters: z.record(z.string(), z.union([z.string(), z.number()])), signature: z.string() }),
  expires_at: z.string(),
}));
export const captchaChallenge = onFirstUse(() => z.union([questionChallenge, proofOfWorkChallenge]));
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;
export type QuestionChallenge = z.infer<typeof questionChallenge>;
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallenge>;
export const captchaChallengeCall = endpoint('GET', 'captcha/challenge');
export const captchaChallengeResponse = onFirstUse(() => envelope(captchaChallenge));
/** What the client sends as `recaptcha_response` for a built-in challenge. */
export const builtInCaptchaResponse = (challengeId: string, answer: string) => `${challengeId}:${answer.trim()}`;

// ---------------------------------------------------------------------------------------------------------------
// POST auth/login — mobile and password.

export const loginCall = endpoint('POST', 'auth/login');
export const loginRequest = onFirstUse(() => z.pipe(
  z
    .object({
      /** The login name as typed; the account is found by country code and mobile number. */
      username: z.optional(z.string()),
      country_code: countryCodeField,
      mobile_number: mobileField,
      password: loginPassword,
    })
    .check(mobileRule('mobile_number', (values) => values.mobile_number)),
  z.transform((values) => ({ ...values, mobile_number: normaliseMobile(values.country_code, values.mobile_number) })),
));
export type LoginRequest = z.input<typeof loginRequest>;

// POST auth/logout — revokes the bearer token of the call; answers messageResponse.

// ---------------------------------------------------------------------------------------------------------------
// Email code login (qube_otp_login).

export const logoutCall = endpoint('POST', 'auth/logout');
export const loginCodeCall = endpoint('POST', 'auth/login/otp-generate');
/** POST auth/login/otp-generate: answers messageResponse ('OTP sent to your email'). */
export const loginCodeRequest = onFirstUse(() => z.object({
  email: emailField('login'),
  /** The same address as typed; the account is found by `email`. */
  username: z.optional(z.string()),
  recaptcha_response: captchaField,
}));
export type LoginCodeRequest = z.input<typeof loginCodeRequest>;

export const codeLoginCall = endpoint('POST', 'auth/login/otp-login');
/** POST auth/login/otp-login: answers authSessionResponse. */
export const codeLoginRequest = onFirstUse(() => z.object({ otp: otpField, email: emailField('login'), recaptcha_response: captchaField }));
export type CodeLoginRequest = z.input<typeof codeLoginRequest>;

// ---------------------------------------------------------------------------------------------------------------
// National digital identity (UAE PASS; enable_uae_pass).

export const identityStartCall = endpoint('POST', 'auth/login-pass');
/** POST auth/login-pass: where to send the browser; it returns to `return_path` (default '/login') with `?token=`. */
export const identityStartRequest = onFirstUse(() => z.optional(z.nullable(z.object({ return_path: z.optional(z.string().check(z.maxLength(2048))) }))));
export type IdentityStartRequest = z.input<typeof identityStartRequest>;
export const identityStartResponse = onFirstUse(() => envelope(z.object({ url: z.string() })));

export const identityLoginCall = endpoint('POST', 'auth/login-uae-pass');
/** POST auth/login-uae-pass: the token from the return address; answers authSessionResponse. */
export const identityLoginRequest = onFirstUse(() => z.object({ token: tokenField('The sign-in token is missing') }));
export type IdentityLoginRequest = z.input<typeof identityLoginRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Forgot password: request a code, verify it, set the new password.

export const passwordCodeCall = endpoint('POST', 'auth/password/otp/generate');
/** POST auth/password/otp/generate: `username` is the mobile number; answers passwordCodeResponse. */
export const passwordCodeRequest = onFirstUse(() => z.pipe(
  z
    .object({
      username: mobileField,
      country_code: countryCodeField,
      email: emailField('login'),
      recaptcha_response: captchaField,
    })
    .check(mobileRule('username', (values) => values.username)),
  z.transform((values) => ({ ...values, username: normaliseMobile(values.country_code, values.username) })),
));
export type PasswordCodeRequest = z.input<typeof passwordCodeRequest>;
/** `c_token` names this reset; it may set a password once the code has been verified. */
export const passwordCodeResponse = onFirstUse(() => z.extend(envelope(z.object({ c_token: z.string() })), { message: z.string() }));

export const passwordCodeCheckCall = endpoint('POST', 'auth/password/otp/validate');
/** POST auth/password/otp/validate: answers passwordCodeValidResponse. */
export const passwordCodeCheckRequest = onFirstUse(() => z.pipe(
  z
    .object({ otp: otpField, mobile: mobileField, country_code: countryCodeField, email: emailField('login') })
    .check(mobileRule('mobile', (values) => values.mobile)),
  z.transform(withMobile),
));
export type PasswordCodeCheckRequest = z.input<typeof passwordCodeCheckRequest>;
export const passwordCodeValidResponse = onFirstUse(() => envelope(z.object({ customer_data: accountUser })));

export const passwordResetCall = endpoint('POST', 'auth/password/reset');
/** POST auth/password/reset: answers messageResponse ('Password reset successfully.'). */
export const passwordResetRequest = onFirstUse(() => z
  .object({ password: newPassword, confirm_password: rawText, c_token: tokenField('The reset token is missing') })
  .check(passwordsMatch('reset')));
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Registration: request a code for mobile and e-mail, check it, then submit the form (multipart).

export const registrationCodeCall = endpoint('POST', 'auth/otp/generate');
/** POST auth/otp/generate: answers messageResponse. */
export const registrationCodeRequest = onFirstUse(() => z.pipe(
  z
    .object({ mobile: mobileField, country_code: countryCodeField, email: emailField('standard'), recaptcha_response: captchaField })
    .check(mobileRule('mobile', (values) => values.mobile)),
  z.transform(withMobile),
));
export type RegistrationCodeRequest = z.input<typeof registrationCodeRequest>;

export const registrationCodeCheckCall = endpoint('POST', 'auth/otp/validate-otp');
/** POST auth/otp/validate-otp: answers messageResponse; any failure is a code error. */
export const registrationCodeCheckRequest = onFirstUse(() => z.pipe(
  z
    .object({ otp: otpField, mobile: mobileField, country_code: countryCodeField, email: emailField('standard') })
    .check(mobileRule('mobile', (values) => values.mobile)),
  z.transform(withMobile),
));
export type RegistrationCodeCheckRequest = z.input<typeof registrationCodeCheckRequest>;

export const DOB_INVALID = 'Please enter a valid date of birth';
/** YYYY-MM-DD naming a real day since 1900 (whether it is in the past is the server's check: it has the clock). */
export const isDateOfBirth = (value: string) =>
  /^(19|20)\d{2}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The text fields of POST auth/register (multipart/form-data; booleans as '1'/'0'). Answers registerResponse. */
export const registrationForm = onFirstUse(() => z.pipe(
  z
    .object({
      // In the order of the form, so the first message answered is the first field to fix.
      first_name: nameField('firstName'),
      last_name: nameField('lastName'),
      email: emailField('standard'),
      country_code: countryCodeField,
      mobile: mobileField,
      otp: otpField,
      password: newPassword,
      confirm_password: rawText,
      /** YYYY-MM-DD, optional. */
      dob: text(10, (value) => (value === '' || isDateOfBirth(value) ? undefined : DOB_INVALID)),
      gender: z.pipe(trimmedText, z.enum(['', 'Male', 'Female'], 'Gender is Male or Female')),
      nationality: text(60),
      terms_accepted: multipartFlag,
      /** 1: a partner (B2B) sign-up, created awaiting administrator approval. */
      is_partner: multipartFlag,
      entity_name: text(120),
      entity_type: text(60),
      contact_person: text(120),
    })
    .check(
      mobileRule('mobile', (values) => values.mobile),
      passwordsMatch('registration'),
      termsAccepted(),
      formRule('entity_name', (values) => (values.is_partner ? required(values.entity_name, { labelKey: 'entityName' }) : undefined)),
      formRule('entity_type', (values) => (values.is_partner ? required(values.entity_type, { labelKey: 'entityType' }) : undefined)),
      formRule('contact_person', (values) => (values.is_partner ? required(values.contact_person, { labelKey: 'contactPerson' }) : undefined)),
    ),
  z.transform(withMobile),
));
export type RegistrationFormInput = z.input<typeof registrationForm>;
export type RegistrationForm = z.output<typeof registrationForm>;

export const registerCall = endpoint('POST', 'auth/register');
export const registerResponse = onFirstUse(() => z.extend(
  envelope(
    z.object({
      /** null for a partner sign-up: the account waits for an administrator. */
      token: z.nullable(z.string()),
      user: accountUser,
      awaiting_approval: z.boolean(),
    }),
  ),
  { message: z.string() },
));

// ---------------------------------------------------------------------------------------------------------------
// POST auth/guest-login — an anonymous session (is_guest_checkout on, not in is_baps mode). Answers authSessionResponse.

export const guestLoginCall = endpoint('POST', 'auth/guest-login');
export const guestLoginRequest = onFirstUse(() => z.pipe(
  z
    .object({
      /** The guest dialog asks for one name; first_name and last_name are accepted too. */
      name: trimmedText,
      first_name: trimmedText,
      last_name: trimmedText,
      mobile: mobileField,
      country_code: countryCodeField,
      email: emailField('standard'),
      terms_accepted: jsonFlag,
    })
    .check(
      formRule('name', (values) => {
        const name = values.first_name || values.name;
        return required(name, label('name')) ?? validateName(name, label('name'));
      }),
      formRule('last_name', (values) => (values.last_name === '' ? undefined : validateName(values.last_name, label('lastName')))),
      mobileRule('mobile', (values) => values.mobile),
      termsAccepted(),
    ),
  z.transform(withMobile),
));
export type GuestLoginRequest = z.input<typeof guestLoginRequest>;
