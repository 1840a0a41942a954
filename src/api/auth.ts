import type * as z from 'zod/mini';
import {
  authSessionResponse,
  captchaChallengeCall,
  captchaChallengeResponse,
  codeLoginCall,
  codeLoginRequest,
  guestLoginCall,
  guestLoginRequest,
  identityLoginCall,
  identityLoginRequest,
  identityStartCall,
  identityStartRequest,
  identityStartResponse,
  loginCall,
  loginCodeCall,
  loginCodeRequest,
  loginRequest,
  logoutCall,
  messageResponse,
  multipartFields,
  passwordCodeCall,
  passwordCodeCheckCall,
  passwordCodeCheckRequest,
  passwordCodeRequest,
  passwordCodeResponse,
  passwordCodeValidResponse,
  passwordResetCall,
  passwordResetRequest,
  registerCall,
  registerResponse,
  registrationCodeCall,
  registrationCodeCheckCall,
  registrationCodeCheckRequest,
  registrationCodeRequest,
  registrationForm,
  type CodeLoginRequest,
  type GuestLoginRequest,
  type IdentityLoginRequest,
  type IdentityStartRequest,
  type LoginCodeRequest,
  type LoginRequest,
  type PasswordCodeCheckRequest,
  type PasswordCodeRequest,
  type PasswordResetRequest,
  type RegistrationCodeCheckRequest,
  type RegistrationCodeRequest,
  type RegistrationFormInput,
} from '../domain/contract/auth';
import { type Endpoint } from '../domain/contract/endpoint';
import { type ApiClient, type ApiResult } from './client';

/** The account calls. Each body is checked with the call's contract schema first, as the server will check it. */

export type Envelope<S extends z.ZodMiniType> = Promise<ApiResult<z.output<S>>>;

/** The answer the server gives a form it refuses (422, the first message, one message per field), made locally. */
export function refusedLocally(issues: readonly z.core.$ZodIssue[]): ApiResult<never> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.length > 0 ? issue.path.join('.') : 'form'] ??= issue.message;
  const message = Object.values(errors)[0] ?? '';
  return { ok: false, status: 422, message, body: { status: false, message, data: { errors } } };
}

/** POSTs the body as the contract reads it (mobile numbers normalised, codes in ASCII digits), or refuses it here. */
export async function post<Q extends z.ZodMiniType, S extends z.ZodMiniType>(api: ApiClient, call: Endpoint<'POST', string>, request: Q, body: z.input<Q>, schema: S): Envelope<S> {
  const parsed = request.safeParse(body);
  if (!parsed.success) return refusedLocally(parsed.error.issues);
  return api.call(call.path(), { method: call.method, body: parsed.data ?? {}, schema });
}

/** POST auth/login: mobile and password. */
export function login(api: ApiClient, body: LoginRequest) {
  return post(api, loginCall, loginRequest, body, authSessionResponse);
}

/** POST auth/logout: revokes the bearer token the call carries (the current one, or one given in `headers`). */
export function logout(api: ApiClient, headers?: Record<string, string>, options: { waitForNetwork?: boolean } = {}) {
  return api.call(logoutCall.path(), { method: logoutCall.method, schema: messageResponse, headers, ...options });
}

/** POST auth/login/otp-generate: e-mails a login code ('OTP sent to your email'). */
export function requestLoginCode(api: ApiClient, body: LoginCodeRequest) {
  return post(api, loginCodeCall, loginCodeRequest, body, messageResponse);
}

/** POST auth/login/otp-login: signs in with the e-mailed code. */
export function loginWithCode(api: ApiClient, body: CodeLoginRequest) {
  return post(api, codeLoginCall, codeLoginRequest, body, authSessionResponse);
}

/** POST auth/login-pass: the national identity provider's address to send the browser to. */
export function startUaePass(api: ApiClient, body: IdentityStartRequest) {
  return post(api, identityStartCall, identityStartRequest, body, identityStartResponse);
}

/** POST auth/login-uae-pass: signs in with the token the provider sent the browser back with. */
export function loginWithUaePass(api: ApiClient, body: IdentityLoginRequest) {
  return post(api, identityLoginCall, identityLoginRequest, body, authSessionResponse);
}

/** POST auth/password/otp/generate: a reset code; answers the reset's c_token. */
export function requestResetCode(api: ApiClient, body: PasswordCodeRequest) {
  return post(api, passwordCodeCall, passwordCodeRequest, body, passwordCodeResponse);
}

/** POST auth/password/otp/validate: answers the account (customer_data). */
export function verifyResetCode(api: ApiClient, body: PasswordCodeCheckRequest) {
  return post(api, passwordCodeCheckCall, passwordCodeCheckRequest, body, passwordCodeValidResponse);
}

/** POST auth/password/reset ('Password reset successfully.'). */
export function resetPassword(api: ApiClient, body: PasswordResetRequest) {
  return post(api, passwordResetCall, passwordResetRequest, body, messageResponse);
}

/** POST auth/otp/generate: a sign-up code to the new mobile and e-mail. */
export function requestRegistrationCode(api: ApiClient, body: RegistrationCodeRequest) {
  return post(api, registrationCodeCall, registrationCodeRequest, body, messageResponse);
}

/** POST auth/otp/validate-otp: any failure is a code error. */
export function validateRegistrationCode(api: ApiClient, body: RegistrationCodeCheckRequest) {
  return post(api, registrationCodeCheckCall, registrationCodeCheckRequest, body, messageResponse);
}

/** The registration with its flags as booleans; they travel as '1'/'0' (S0-3.9). */
export type RegistrationFields = Omit<RegistrationFormInput, 'terms_accepted' | 'is_partner'> & {
  terms_accepted: boolean;
  is_partner?: boolean;
};

/** POST auth/register as multipart form data (S0-3.8). */
export async function register(api: ApiClient, body: RegistrationFields): Envelope<typeof registerResponse> {
  const fields = multipartFields(body);
  const parsed = registrationForm.safeParse(Object.fromEntries(fields));
  if (!parsed.success) return refusedLocally(parsed.error.issues);
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return api.call(registerCall.path(), { method: registerCall.method, body: form, schema: registerResponse });
}

/** POST auth/guest-login: an anonymous session. */
export function guestLogin(api: ApiClient, body: GuestLoginRequest) {
  return post(api, guestLoginCall, guestLoginRequest, body, authSessionResponse);
}

/** GET captcha/challenge: a question of the built-in captcha (venues without a reCAPTCHA site key). */
export function captchaChallenge(api: ApiClient) {
  return api.call(captchaChallengeCall.path(), { method: captchaChallengeCall.method, schema: captchaChallengeResponse });
}
