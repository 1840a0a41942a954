import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import {
  authSessionResponse,
  formErrorData,
  messageResponse,
  passwordCodeResponse,
  passwordCodeValidResponse,
  type PasswordResetRequest,
} from '../../../src/domain/contract/auth';
import { outboxResponse } from '../../../src/domain/contract/devTools';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { accountsTestApp, latestCode, refused, solveCaptcha } from './accountsTestSupport';

// Each test starts well clear of the previous one's codes, captchas and rate-limit windows.
const { clock, api } = accountsTestApp();

const account = DEMO_ACCOUNTS.member;
const NEW_PASSWORD = 'Falcon#Bay7';

const requestCode = async (overrides: object = {}) =>
  api.post('auth/password/otp/generate', {
    recaptcha_response: await solveCaptcha(api),
    username: '0502345678',
    country_code: '971',
    email: account.email,
    ...overrides,
  });
const checkCode = (otp: string, overrides: object = {}) =>
  api.post('auth/password/otp/validate', { otp, mobile: account.mobile, email: account.email, ...overrides });
const reset = (body: PasswordResetRequest) => api.post('auth/password/reset', body);
const login = (password: string) => api.post('auth/login', { country_code: '971', mobile_number: account.mobile, password });

async function verifiedReset(): Promise<string> {
  const cToken = passwordCodeResponse.parse((await requestCode()).json()).data.c_token;
  expect((await checkCode(await latestCode(api, account.email))).statusCode).toBe(200);
  return cToken;
}

describe('forgot password', () => {
  it('[S0-4.24] [S0-7.21] [S0-7.22] [S0-7.23] [S0-7.33] request a code, verify it, set the new password', async () => {
    const oldSession = authSessionResponse.parse((await login(DEMO_PASSWORD)).json()).data.token;

    const generated = passwordCodeResponse.parse((await requestCode()).json());
    expect(generated.message).toBe('OTP sent to your mobile number and email');
    expect(generated.data.c_token).toMatch(/^[\w-]{40,}$/);

    const validated = passwordCodeValidResponse.parse((await checkCode(await latestCode(api, account.email))).json());
    expect(validated.data.customer_data).toMatchObject({ email: account.email, membership_card_number: 'MSP-100245' });

    const done = messageResponse.parse((await reset({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, c_token: generated.data.c_token })).json());
    expect(done.message).toBe('Password reset successfully.');

    refused(await login(DEMO_PASSWORD), 422, 'Invalid mobile number or password');
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    // Sessions opened with the old password end with it.
    refused(await api.get('customers/profile', { headers: { authorization: `Bearer ${oldSession}` } }), 401);

    // Put the demo password back for the other tests.
    const again = await verifiedReset();
    expect((await reset({ password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD, c_token: again })).statusCode).toBe(200);
  });

  it('[S0-9.28] sends the code on every channel (ALL: SMS 2, EMAIL 3, WHATSAPP 4)', async () => {
    await requestCode();
    const messages = outboxResponse.parse((await api.get('dev/outbox')).json()).data.slice(0, 3);
    expect(messages.map((message) => [message.channel, message.recipient]).sort()).toEqual(
      [
        [NOTIFICATION_CHANNELS.SMS, account.mobile],
        [NOTIFICATION_CHANNELS.EMAIL, account.email],
        [NOTIFICATION_CHANNELS.WHATSAPP, account.mobile],
      ].sort(),
    );
    expect(new Set(messages.map((message) => /\b(\d{6})\b/.exec(message.body)?.[1])).size).toBe(1);
  });

  it('[S0-2.105] needs the captcha, and a mobile and email of the same account', async () => {
    refused(await requestCode({ recaptcha_response: '' }), 422, 'Please confirm you are not a robot');
    refused(await requestCode({ email: DEMO_ACCOUNTS.customer.email }), 422, 'No account matches this mobile number and email');
    refused(await requestCode({ username: '' }), 422, 'Please enter valid mobile number');
  });

  it('[S0-5.17] refuses a wrong code at the verify step', async () => {
    await requestCode();
    const code = await latestCode(api, account.email);
    refused(await checkCode(code === '000000' ? '111111' : '000000'), 422, 'Invalid OTP');
    refused(await checkCode(code, { email: DEMO_ACCOUNTS.customer.email }), 422, 'Invalid OTP');
    expect((await checkCode(code)).statusCode).toBe(200);
    refused(await checkCode(code), 422, 'Invalid OTP');
  });

  it('refuses the reset before the code is verified, twice with one c_token, and after its window', async () => {
    const unverified = passwordCodeResponse.parse((await requestCode()).json()).data.c_token;
    const expired = 'This password reset has expired. Please request a new code.';
    refused(await reset({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, c_token: unverified }), 422, expired);

    clock.advanceMinutes(30);
    const used = await verifiedReset();
    expect((await reset({ password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD, c_token: used })).statusCode).toBe(200);
    refused(await reset({ password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD, c_token: used }), 422, expired);

    clock.advanceMinutes(30);
    const late = await verifiedReset();
    clock.advanceMinutes(16);
    refused(await reset({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, c_token: late }), 422, expired);
    refused(await reset({ password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, c_token: 'made-up' }), 422, expired);
  });

  it('[S0-5.7] [S0-5.8] [S0-5.9] [S1-5.36] [S1-5.38] checks the new password and its confirmation', async () => {
    const c_token = 'any';
    refused(await reset({ password: '', confirm_password: '', c_token }), 422, 'Password is required');
    refused(await reset({ password: 'Ab1!', confirm_password: 'Ab1!', c_token }), 422, 'Must Contain 8 Characters');
    refused(await reset({ password: 'falcon#bay7', confirm_password: 'falcon#bay7', c_token }), 422, 'Must contain at least one uppercase letter');
    refused(await reset({ password: 'FALCON#BAY7', confirm_password: 'FALCON#BAY7', c_token }), 422, 'Must contain at least one lowercase letter');
    refused(await reset({ password: 'Falcon#Bay', confirm_password: 'Falcon#Bay', c_token }), 422, 'Must contain at least one digit');
    refused(await reset({ password: 'FalconBay7', confirm_password: 'FalconBay7', c_token }), 422, 'Must contain at least one special character, such as ! @ # or $');
    const mismatch = refused(await reset({ password: NEW_PASSWORD, confirm_password: 'Falcon#Bay8', c_token }), 422, 'The passwords do not match');
    expect(formErrorData.parse(mismatch.data).errors).toEqual({ confirm_password: 'The passwords do not match' });
  });
});
