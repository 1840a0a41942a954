import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, authErrorBody, type AuthErrorCode } from '../../../src/domain/contract/auth';
import { authErrorText } from '../../../src/domain/authErrorText';
import { CAPTCHA_FAILED, CAPTCHA_UNAVAILABLE } from '../../auth/captcha';
import { loginPausedText } from '../../auth/loginLimits';
import { CODE_MESSAGES } from '../../auth/otp';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { IDENTITY_MESSAGES } from './identity';
import { LOGIN_MESSAGES } from './login';
import { PASSWORD_MESSAGES } from './password';
import { REGISTRATION_MESSAGES } from './registration';
import { MESSAGES } from './accountsShared';
import { accountsTestApp, latestCode, patchConfig, solveCaptcha } from './accountsTestSupport';

/** What the server says for each reason code; `minutes` stands in for the number a limit message carries. */
const SERVER_TEXT: Record<AuthErrorCode, (minutes: number) => string> = {
  invalid_credentials: () => MESSAGES.invalidCredentials,
  login_paused: (minutes) => loginPausedText(minutes),
  awaiting_approval: () => MESSAGES.awaitingApproval,
  not_approved: () => MESSAGES.notApproved,
  code_invalid: () => CODE_MESSAGES.invalid,
  code_expired: () => CODE_MESSAGES.expired,
  code_locked: () => CODE_MESSAGES.locked,
  code_rate_limited: (minutes) => CODE_MESSAGES.tooMany(minutes),
  captcha_failed: () => CAPTCHA_FAILED,
  captcha_unavailable: () => CAPTCHA_UNAVAILABLE,
  no_account_for_email: () => LOGIN_MESSAGES.noAccountForEmail,
  code_login_off: () => LOGIN_MESSAGES.codeLoginOff,
  guest_off: () => LOGIN_MESSAGES.guestOff,
  no_account_for_mobile_and_email: () => PASSWORD_MESSAGES.noAccount,
  reset_expired: () => PASSWORD_MESSAGES.resetExpired,
  mobile_taken: () => REGISTRATION_MESSAGES.mobileTaken,
  email_taken: () => REGISTRATION_MESSAGES.emailTaken,
  uae_pass_off: () => IDENTITY_MESSAGES.off,
  uae_pass_unavailable: () => IDENTITY_MESSAGES.unavailable,
  uae_pass_failed: () => IDENTITY_MESSAGES.failed,
};

describe('auth reason codes and their translations', () => {
  it.each(AUTH_ERROR_CODES)('[S0-8.6] %s: the English the screens show is the server text', (code) => {
    expect(authErrorText(code, { minutes: 7 })).toBe(SERVER_TEXT[code](7));
  });
});

describe('refusals carry their reason code', () => {
  const { api } = accountsTestApp();

  const mobile = DEMO_ACCOUNTS.customer.mobile.replace(/^\+971/, '');
  const refusal = async (url: string, payload: object) => authErrorBody.parse((await api.post(url, payload)).json());

  it('[S0-8.6] a wrong password: invalid_credentials with the English message', async () => {
    const body = await refusal('auth/login', { username: mobile, country_code: '971', mobile_number: mobile, password: `${DEMO_PASSWORD}x` });
    expect(body).toMatchObject({ status: false, code: 'invalid_credentials', message: MESSAGES.invalidCredentials });
  });

  it('[S0-5.20] [S1-5.32] a wrong captcha answer: captcha_failed', async () => {
    await patchConfig(api, { qube_otp_login: 1 });
    const answer = await solveCaptcha(api);
    const body = await refusal('auth/login/otp-generate', { email: DEMO_ACCOUNTS.customer.email, recaptcha_response: `${answer}9` });
    expect(body).toMatchObject({ code: 'captcha_failed', message: CAPTCHA_FAILED });
  });

  it('[S0-7.18] the fourth code within ten minutes: code_rate_limited with the minutes to wait', async () => {
    await patchConfig(api, { qube_otp_login: 1 });
    const ask = async () => api.post('auth/login/otp-generate', { email: DEMO_ACCOUNTS.customer.email, recaptcha_response: await solveCaptcha(api) });
    for (let sent = 0; sent < 3; sent += 1) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(authErrorBody.parse(limited.json())).toMatchObject({ code: 'code_rate_limited', params: { minutes: 10 }, message: CODE_MESSAGES.tooMany(10) });
  });

  it('[S0-5.17] POST dev/one-time-codes/age makes outstanding codes older: a right code past its 10 minutes is code_expired', async () => {
    await patchConfig(api, { qube_otp_login: 1 });
    const email = DEMO_ACCOUNTS.customer.email;
    expect((await api.post('auth/login/otp-generate', { email, recaptcha_response: await solveCaptcha(api) })).statusCode).toBe(200);
    const code = await latestCode(api, email);
    const aged = await api.post('dev/one-time-codes/age', { minutes: 11 });
    expect(aged.json()).toMatchObject({ status: true, data: { aged: 1 } });
    expect((await api.post('dev/one-time-codes/age', { minutes: 0 })).statusCode).toBe(400);
    const body = await refusal('auth/login/otp-login', { email, otp: code, recaptcha_response: await solveCaptcha(api) });
    expect(body).toMatchObject({ code: 'code_expired', message: CODE_MESSAGES.expired });
  });

  it('[S0-5.19] a wrong registration code check answers code_invalid', async () => {
    const body = await refusal('auth/otp/validate-otp', { otp: '123456', mobile: '509876543', country_code: '971', email: 'new@example.com' });
    expect(body).toMatchObject({ code: 'code_invalid', message: CODE_MESSAGES.invalid });
  });
});
