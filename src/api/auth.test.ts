import { describe, expect, it, vi } from 'vitest';
import {
  captchaChallenge,
  guestLogin,
  login,
  loginWithCode,
  loginWithUaePass,
  logout,
  register,
  requestLoginCode,
  requestRegistrationCode,
  requestResetCode,
  resetPassword,
  startUaePass,
  validateRegistrationCode,
  verifyResetCode,
  type RegistrationFields,
} from './auth';
import { createApiClient, type ApiClient, type ApiResult } from './client';

type Reply = { status: number; body: unknown };

/** A fetch that records each request and answers with the given reply. */
function fakeApi(reply: Reply) {
  const requests: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  const api = createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch: fetch as unknown as typeof globalThis.fetch });
  return { api, requests, sentJson: () => JSON.parse(String(requests[0]?.body)) as unknown };
}

const user = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Lee',
  name: 'Ann Lee',
  email: 'ann@example.com',
  mobile: '+971501234567',
  country_code: '971',
  is_anonymous: false,
  is_trainer: false,
};
const signedIn = { status: true, data: { token: 'tok', user }, message: 'Login success' };
const said = (message: string) => ({ status: true, data: null, message });

type Case = [title: string, call: (api: ApiClient) => Promise<ApiResult<unknown>>, path: string, sent: unknown, answer: unknown];

const cases: Case[] = [
  [
    '[S0-7.16] login: username, country_code, mobile_number (normalised), password',
    (api) => login(api, { username: '050 123 4567', country_code: '+971', mobile_number: '050 123 4567', password: 'Secret1!' }),
    'auth/login',
    { username: '050 123 4567', country_code: '971', mobile_number: '+971501234567', password: 'Secret1!' },
    signedIn,
  ],
  [
    '[S0-7.17] requestLoginCode: email, username, recaptcha_response',
    (api) => requestLoginCode(api, { email: ' Ann@Example.com ', username: 'Ann@Example.com', recaptcha_response: 'c1' }),
    'auth/login/otp-generate',
    { email: 'ann@example.com', username: 'Ann@Example.com', recaptcha_response: 'c1' },
    said('OTP sent to your email'),
  ],
  [
    '[S0-7.18] loginWithCode: otp (ASCII digits), email, recaptcha_response',
    (api) => loginWithCode(api, { otp: '١٢٣ ٤٥٦', email: 'ann@example.com', recaptcha_response: 'c2' }),
    'auth/login/otp-login',
    { otp: '123456', email: 'ann@example.com', recaptcha_response: 'c2' },
    signedIn,
  ],
  ['[S0-7.20] startUaePass without a payload', (api) => startUaePass(api, undefined), 'auth/login-pass', {}, { status: true, data: { url: 'https://id.example' } }],
  [
    '[S0-7.20] startUaePass with a return path',
    (api) => startUaePass(api, { return_path: '/login?nextUrl=%2Fcart' }),
    'auth/login-pass',
    { return_path: '/login?nextUrl=%2Fcart' },
    { status: true, data: { url: 'https://id.example' } },
  ],
  ['[S0-7.19] loginWithUaePass: token', (api) => loginWithUaePass(api, { token: 'pass' }), 'auth/login-uae-pass', { token: 'pass' }, signedIn],
  [
    '[S0-7.21] requestResetCode: recaptcha_response, username (the mobile), email',
    (api) => requestResetCode(api, { username: '0501234567', country_code: '971', email: 'ann@example.com', recaptcha_response: 'c3' }),
    'auth/password/otp/generate',
    { username: '+971501234567', country_code: '971', email: 'ann@example.com', recaptcha_response: 'c3' },
    { status: true, data: { c_token: 'reset-1' }, message: 'OTP sent' },
  ],
  [
    '[S0-7.22] verifyResetCode: otp, mobile, email',
    (api) => verifyResetCode(api, { otp: '123456', mobile: '0501234567', country_code: '971', email: 'ann@example.com' }),
    'auth/password/otp/validate',
    { otp: '123456', mobile: '+971501234567', country_code: '971', email: 'ann@example.com' },
    { status: true, data: { customer_data: user } },
  ],
  [
    '[S0-7.23] resetPassword: password, confirm_password, c_token',
    (api) => resetPassword(api, { password: 'NewSecret1!', confirm_password: 'NewSecret1!', c_token: 'reset-1' }),
    'auth/password/reset',
    { password: 'NewSecret1!', confirm_password: 'NewSecret1!', c_token: 'reset-1' },
    said('Password reset successfully.'),
  ],
  [
    'requestRegistrationCode: mobile, email, recaptcha_response',
    (api) => requestRegistrationCode(api, { mobile: '0501234567', country_code: '971', email: 'ann@example.com', recaptcha_response: 'c4' }),
    'auth/otp/generate',
    { mobile: '+971501234567', country_code: '971', email: 'ann@example.com', recaptcha_response: 'c4' },
    said('OTP sent to your mobile number and email'),
  ],
  [
    '[S0-7.13] validateRegistrationCode: otp, mobile, email',
    (api) => validateRegistrationCode(api, { otp: '123456', mobile: '0501234567', country_code: '971', email: 'ann@example.com' }),
    'auth/otp/validate-otp',
    { otp: '123456', mobile: '+971501234567', country_code: '971', email: 'ann@example.com' },
    said('OTP verified'),
  ],
  [
    '[S0-7.15] guestLogin: the guest data',
    (api) => guestLogin(api, { name: ' Sam Guest ', mobile: '0501234567', country_code: '971', email: 'sam@example.com', terms_accepted: true }),
    'auth/guest-login',
    { name: 'Sam Guest', first_name: '', last_name: '', mobile: '+971501234567', country_code: '971', email: 'sam@example.com', terms_accepted: true },
    { ...signedIn, data: { token: 'guest', user: { ...user, is_anonymous: true } } },
  ],
];

describe('account calls', () => {
  it.each(cases)('%s', async (_title, call, path, sent, answer) => {
    const fake = fakeApi({ status: 200, body: answer });
    const result = await call(fake.api);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.url).toBe(`/api/v1/${path}`);
    expect(fake.requests[0]?.method).toBe('POST');
    expect(fake.sentJson()).toEqual(sent);
    expect(result).toMatchObject({ ok: true, status: 200, data: answer });
  });

  it('[S0-7.12] [S0-8.2] a refusal returns the message, the status and the body', async () => {
    const body = { status: false, message: 'Invalid OTP', data: { code_error: true } };
    const fake = fakeApi({ status: 422, body });
    const result = await validateRegistrationCode(fake.api, { otp: '123456', mobile: '0501234567', country_code: '971', email: 'ann@example.com' });
    expect(result).toEqual({ ok: false, status: 422, message: 'Invalid OTP', body });
  });

  it('a body the contract refuses is answered here as the server would, without a request', async () => {
    const fake = fakeApi({ status: 200, body: signedIn });
    const result = await login(fake.api, { country_code: '971', mobile_number: '12', password: '' });
    expect(fake.requests).toHaveLength(0);
    expect(result).toEqual({
      ok: false,
      status: 422,
      message: 'Password is required',
      body: { status: false, message: 'Password is required', data: { errors: { password: 'Password is required', mobile_number: 'Mobile number is not valid' } } },
    });
  });

  it('logout posts with no body and answers the message', async () => {
    const fake = fakeApi({ status: 200, body: said('Logged out successfully') });
    const result = await logout(fake.api);
    expect(fake.requests[0]).toMatchObject({ url: '/api/v1/auth/logout', method: 'POST', body: undefined });
    expect(result).toMatchObject({ ok: true, message: 'Logged out successfully' });
  });

  it('captchaChallenge gets a built-in captcha question', async () => {
    const challenge = { kind: 'question' as const, id: 'q1', question: { en: 'What is 2 + 3?', ar: 'كم يساوي ٢ + ٣؟' }, expires_at: '2030-01-01T00:00:00.000Z' };
    const fake = fakeApi({ status: 200, body: { status: true, data: challenge } });
    const result = await captchaChallenge(fake.api);
    expect(fake.requests[0]).toMatchObject({ url: '/api/v1/captcha/challenge', method: 'GET' });
    expect(result).toMatchObject({ ok: true, data: { data: challenge } });
  });
});

describe('register', () => {
  const form: RegistrationFields = {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.com',
    country_code: '971',
    mobile: '0501234567',
    otp: '123456',
    password: 'Secret1!',
    confirm_password: 'Secret1!',
    dob: '',
    gender: 'Female',
    nationality: '',
    terms_accepted: true,
    is_partner: false,
    entity_name: '',
    entity_type: '',
    contact_person: '',
  };
  const answer = { status: true, data: { token: 'tok', user, awaiting_approval: false }, message: 'Registration successful' };

  it('[S0-3.8] [S0-3.9] [S0-7.14] sends multipart form data with the flags as 1 and 0', async () => {
    const fake = fakeApi({ status: 200, body: answer });
    const result = await register(fake.api, form);
    const request = fake.requests[0];
    expect(request?.url).toBe('/api/v1/auth/register');
    expect(request?.method).toBe('POST');
    // The browser sets multipart/form-data with its boundary itself.
    expect(request?.headers.get('content-type')).toBeNull();
    expect(request?.body).toBeInstanceOf(FormData);
    const sent = Object.fromEntries((request?.body as FormData).entries());
    expect(sent).toMatchObject({ otp: '123456', mobile: '0501234567', email: 'ann@example.com', gender: 'Female', terms_accepted: '1', is_partner: '0' });
    expect(result).toMatchObject({ ok: true, data: answer, message: 'Registration successful' });
  });

  it('[S0-8.22] a refused registration returns the whole answer with its code-error flag', async () => {
    const body = { status: false, message: 'OTP expired', data: { code_error: true } };
    const fake = fakeApi({ status: 422, body });
    expect(await register(fake.api, form)).toEqual({ ok: false, status: 422, message: 'OTP expired', body });
  });

  it('refuses unaccepted terms without a request', async () => {
    const fake = fakeApi({ status: 200, body: answer });
    const result = await register(fake.api, { ...form, terms_accepted: false });
    expect(fake.requests).toHaveLength(0);
    expect(result).toMatchObject({ ok: false, status: 422, message: 'Please accept the terms and conditions' });
  });
});
