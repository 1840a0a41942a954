import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import { authSessionResponse, formErrorData, messageResponse, type LoginRequest } from '../../../src/domain/contract/auth';
import { profileResponse } from '../../../src/domain/contract/session';
import { customers, oneTimeCodes } from '../../db/schema/accounts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { accountsTestApp, builtInChallenge, latestCode, latestMessage, patchConfig, refused, solveCaptcha } from './accountsTestSupport';

// Each test starts well clear of the previous one's codes, captchas and rate-limit windows.
const { clock, api, app } = accountsTestApp();

const national = (mobile: string) => mobile.replace(/^\+971/, '');
const login = (account: keyof typeof DEMO_ACCOUNTS, overrides: Partial<LoginRequest> = {}) =>
  api.post('auth/login', {
    username: national(DEMO_ACCOUNTS[account].mobile),
    country_code: '971',
    mobile_number: national(DEMO_ACCOUNTS[account].mobile),
    password: DEMO_PASSWORD,
    ...overrides,
  });
const profile = (token: string) => api.get('customers/profile', { headers: { authorization: `Bearer ${token}` } });

describe('POST auth/login', () => {
  it('[S0-7.16] [S0-4.20] [S0-7.32] answers a token and the user for the right mobile and password', async () => {
    const res = await login('customer');
    expect(res.statusCode).toBe(200);
    const body = authSessionResponse.parse(res.json());
    expect(body.message).toBe('Login success');
    expect(body.data.user).toMatchObject({ first_name: 'Layla', mobile: '+971501234567', is_anonymous: false, is_trainer: false });
    expect(profileResponse.parse((await profile(body.data.token)).json()).data.email).toBe(DEMO_ACCOUNTS.customer.email);
  });

  it('[S0-6.4] [S0-6.5] [S0-6.6] [S0-6.7] [S0-3.2] logs in the member, partner, employee and trainer with their marks', async () => {
    const user = async (account: keyof typeof DEMO_ACCOUNTS) => authSessionResponse.parse((await login(account)).json()).data.user;
    expect((await user('member')).membership_card_number).toBe('MSP-100245');
    expect(await user('partner')).toMatchObject({ b2b_id: 501, b2b_type: 'b2b' });
    expect((await user('employee')).b2b_type).toBe('b2e');
    expect((await user('trainer')).is_trainer).toBe(true);
  });

  it('[S0-5.6] finds the account however the mobile is typed (leading 0, spaces, +country code)', async () => {
    for (const mobile_number of ['0501234567', '50 123 4567', '+971 50 123 4567', '00971501234567']) {
      expect((await login('customer', { mobile_number })).statusCode, mobile_number).toBe(200);
    }
    expect((await login('customer', { mobile_number: '501234567', country_code: '+971' })).statusCode).toBe(200);
  });

  it('answers 422 (never 401) for a wrong password or an unknown mobile, with the same message', async () => {
    refused(await login('customer', { password: 'Wrong@2025' }), 422, 'Invalid mobile number or password');
    refused(await login('customer', { mobile_number: '509999999' }), 422, 'Invalid mobile number or password');
  });

  it('does not let the anonymous guest account log in with a password', async () => {
    refused(await login('guest'), 422, 'Invalid mobile number or password');
  });

  it('[S0-5.4] [S0-5.5] [S0-5.1] answers field messages for a missing mobile or password', async () => {
    const empty = refused(await api.post('auth/login', { country_code: '971', mobile_number: '', password: '' }), 422);
    expect(formErrorData.parse(empty.data).errors).toMatchObject({ password: 'Password is required' });
    const noMobile = refused(await api.post('auth/login', { country_code: '971', mobile_number: '', password: 'x' }), 422);
    expect(noMobile.message).toBe('Please enter valid mobile number');
    refused(await api.post('auth/login', { country_code: '971', mobile_number: '12345', password: 'x' }), 422, 'Mobile number is not valid');
  });

  it('[S0-4.36] refuses a partner awaiting approval with 403, and lets them in once approved', async () => {
    const waiting = refused(await login('pendingPartner'), 403);
    expect(waiting.message).toMatch(/awaiting approval/);
    // A wrong password does not reveal the approval state.
    refused(await login('pendingPartner', { password: 'Wrong@2025' }), 422, 'Invalid mobile number or password');
    await app().db.update(customers).set({ approvalStatus: 'approved', b2bId: 503 }).where(eq(customers.email, DEMO_ACCOUNTS.pendingPartner.email));
    const approved = authSessionResponse.parse((await login('pendingPartner')).json()).data.user;
    expect(approved).toMatchObject({ b2b_type: 'b2b', b2b_id: 503 });
    await app().db.update(customers).set({ approvalStatus: 'pending', b2bId: null }).where(eq(customers.email, DEMO_ACCOUNTS.pendingPartner.email));
  });

  it('pauses an account after 10 wrong passwords in 15 minutes', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) refused(await login('member', { password: `Wrong@${attempt}` }), 422);
    refused(await login('member'), 429, 'Too many failed attempts. Please wait 15 minutes and try again.');
    clock.advanceMinutes(15);
    expect((await login('member')).statusCode).toBe(200);
  });
});

describe('POST auth/logout', () => {
  it('[S0-4.7] revokes the bearer token, so the next call with it answers 401', async () => {
    const { token } = authSessionResponse.parse((await login('customer')).json()).data;
    const res = await api.post('auth/logout', undefined, { headers: { authorization: `Bearer ${token}` } });
    expect(messageResponse.parse(res.json()).message).toBe('Logged out successfully');
    refused(await profile(token), 401, 'Session expired, please login again');
  });

  it('answers success without a token (nothing to revoke)', async () => {
    expect((await api.post('auth/logout')).statusCode).toBe(200);
  });
});

describe('GET captcha/challenge (built-in captcha)', () => {
  it('[S0-9.31] asks a sum in English and Arabic that lives 5 minutes', async () => {
    const challenge = await builtInChallenge(api);
    expect(challenge.question.en).toMatch(/^What is \d+ \+ \d+\?$/);
    expect(challenge.question.ar).toMatch(/^كم يساوي [٠-٩]+ \+ [٠-٩]+؟$/);
    expect(new Date(challenge.expires_at).getTime() - clock.now().getTime()).toBe(5 * 60_000);
  });
});

describe('email code login (auth/login/otp-generate, auth/login/otp-login)', () => {
  const email = DEMO_ACCOUNTS.customer.email;
  const requestCode = async (options: { captcha?: string; address?: string; to?: string } = {}) =>
    api.post(
      'auth/login/otp-generate',
      { email: options.to ?? email, username: options.to ?? email, recaptcha_response: options.captcha ?? (await solveCaptcha(api)) },
      { remoteAddress: options.address ?? '10.0.0.1' },
    );
  const codeLogin = async (otp: string, captcha?: string) =>
    api.post('auth/login/otp-login', { otp, email, recaptcha_response: captcha ?? (await solveCaptcha(api)) });

  beforeAll(() => patchConfig(api, { qube_otp_login: 1 }));

  it('[S0-2.103] is refused while qube_otp_login is off', async () => {
    await patchConfig(api, { qube_otp_login: 0 });
    refused(await requestCode(), 403, 'Login with an email code is not available at this venue');
    await patchConfig(api, { qube_otp_login: 1 });
  });

  it('[S0-7.17] [S0-9.28] e-mails a six-digit code (channel EMAIL 3) and answers "OTP sent to your email"', async () => {
    const res = await requestCode();
    expect(messageResponse.parse(res.json()).message).toBe('OTP sent to your email');
    const message = await latestMessage(api, email);
    expect(message.channel).toBe(NOTIFICATION_CHANNELS.EMAIL);
    expect(message.body).toMatch(/\b\d{6}\b/);
  });

  it('stores codes only as salted digests', async () => {
    await requestCode();
    const code = await latestCode(api, email);
    const rows = await app().db.select().from(oneTimeCodes);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.codeHash).not.toContain(code);
  });

  it('[S0-5.20] [S1-5.32] refuses a missing, wrong, reused or expired captcha with 422', async () => {
    const notRobot = 'Please confirm you are not a robot';
    refused(await requestCode({ captcha: '' }), 422, notRobot);
    const solved = await solveCaptcha(api);
    const [id, answer] = solved.split(':');
    refused(await requestCode({ captcha: `${id}:${Number(answer) + 1}` }), 422, notRobot);
    // The wrong answer used the challenge up: the right answer no longer counts.
    refused(await requestCode({ captcha: solved }), 422, notRobot);
    const reused = await solveCaptcha(api);
    expect((await requestCode({ captcha: reused })).statusCode).toBe(200);
    refused(await requestCode({ captcha: reused }), 422, notRobot);
    const late = await solveCaptcha(api);
    clock.advanceMinutes(5);
    refused(await requestCode({ captcha: late }), 422, notRobot);
    refused(await requestCode({ captcha: 'not-a-challenge:4' }), 422, notRobot);
  });

  it('accepts the built-in captcha answered in Arabic-Indic digits', async () => {
    const [id, answer = ''] = (await solveCaptcha(api)).split(':');
    const arabic = answer.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect((await requestCode({ captcha: `${id}:${arabic}` })).statusCode).toBe(200);
  });

  it('[S1-5.31] answers login-flow email messages', async () => {
    refused(await requestCode({ to: '' }), 422, 'Please input a valid email address');
    refused(await requestCode({ to: 'layla.hassan@' }), 422, 'Invalid Email');
    refused(await requestCode({ to: 'nobody@example.com' }), 422, 'No account is registered with this email address');
  });

  it('[S0-7.18] [S0-4.21] signs in with the code; the code then is used up', async () => {
    await requestCode();
    const code = await latestCode(api, email);
    const res = await codeLogin(code);
    const body = authSessionResponse.parse(res.json());
    expect(body.message).toBe('Login success');
    expect(body.data.user.email).toBe(email);
    refused(await codeLogin(code), 422, 'Invalid OTP');
  });

  it('[S0-5.17] refuses a wrong code and a code that is not six digits', async () => {
    await requestCode();
    const code = await latestCode(api, email);
    const wrong = code === '000000' ? '111111' : '000000';
    refused(await codeLogin(wrong), 422, 'Invalid OTP');
    refused(await codeLogin('12345'), 422, 'Invalid OTP');
    expect((await codeLogin(code)).statusCode).toBe(200);
  });

  it('refuses a code after its 10 minutes', async () => {
    await requestCode();
    const code = await latestCode(api, email);
    clock.advanceMinutes(10);
    refused(await codeLogin(code), 422, 'This code has expired. Please request a new one.');
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    await requestCode();
    const code = await latestCode(api, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < 5; attempt += 1) refused(await codeLogin(wrong), 422, 'Invalid OTP');
    refused(await codeLogin(wrong), 422, 'Too many wrong attempts. Please request a new code.');
    refused(await codeLogin(code), 422, 'Too many wrong attempts. Please request a new code.');
  });

  it('only the newest code counts', async () => {
    await requestCode();
    const first = await latestCode(api, email);
    await requestCode();
    const second = await latestCode(api, email);
    if (first !== second) refused(await codeLogin(first), 422, 'Invalid OTP');
    expect((await codeLogin(second)).statusCode).toBe(200);
  });

  it('allows 3 codes per account in 10 minutes, then says how long to wait', async () => {
    for (let request = 0; request < 3; request += 1) expect((await requestCode()).statusCode).toBe(200);
    refused(await requestCode(), 429, 'Too many codes requested. Please wait 10 minutes and try again.');
    clock.advanceMinutes(4);
    refused(await requestCode(), 429, 'Too many codes requested. Please wait 6 minutes and try again.');
    clock.advanceMinutes(6);
    expect((await requestCode()).statusCode).toBe(200);
  });

  it('refuses a partner awaiting approval before sending a code', async () => {
    const waiting = refused(await requestCode({ to: DEMO_ACCOUNTS.pendingPartner.email }), 403);
    expect(waiting.message).toMatch(/awaiting approval/);
  });
});

describe('POST auth/guest-login', () => {
  const guest = { name: 'Mariam Yousef', mobile: '0551234567', country_code: '971', email: 'mariam.yousef@example.com', terms_accepted: 1 };

  it('[S1-5.39] is refused while is_guest_checkout is off', async () => {
    await patchConfig(api, { is_guest_checkout: 0 });
    refused(await api.post('auth/guest-login', guest), 403, 'Guest login is not available at this venue');
  });

  it('[S0-7.15] [S0-4.23] [S0-6.2] answers a guest token with an anonymous user when is_guest_checkout is on', async () => {
    await patchConfig(api, { is_guest_checkout: 1 });
    const res = await api.post('auth/guest-login', guest);
    const body = authSessionResponse.parse(res.json());
    expect(body.data.user).toMatchObject({ first_name: 'Mariam', last_name: 'Yousef', mobile: '+971551234567', is_anonymous: true });
    expect(profileResponse.parse((await profile(body.data.token)).json()).data.is_anonymous).toBe(true);
  });

  it('accepts first_name and last_name instead of one name, and a guest may reuse a registered address', async () => {
    await patchConfig(api, { is_guest_checkout: 1 });
    const res = await api.post('auth/guest-login', { ...guest, name: undefined, first_name: 'Layla', last_name: 'Hassan', email: DEMO_ACCOUNTS.customer.email });
    expect(authSessionResponse.parse(res.json()).data.user).toMatchObject({ name: 'Layla Hassan', is_anonymous: true });
  });

  it('[S1-5.40] [S0-2.107] needs the terms agreement, a name, a mobile and an email', async () => {
    await patchConfig(api, { is_guest_checkout: 1 });
    refused(await api.post('auth/guest-login', { ...guest, terms_accepted: 0 }), 422, 'Please accept the terms and conditions');
    refused(await api.post('auth/guest-login', { ...guest, terms_accepted: undefined }), 422, 'Please accept the terms and conditions');
    refused(await api.post('auth/guest-login', { ...guest, name: '' }), 422, 'Name is required');
    refused(await api.post('auth/guest-login', { ...guest, name: 'R2 D2' }), 422, 'Name must be a valid name in Latin or Arabic');
    refused(await api.post('auth/guest-login', { ...guest, email: 'mariam' }), 422, 'Please input correct email address');
    refused(await api.post('auth/guest-login', { ...guest, mobile: '' }), 422, 'Please enter valid mobile number');
  });

  it('[S1-5.42] is refused in is_baps mode', async () => {
    await patchConfig(api, { is_guest_checkout: 1, is_baps: 1 });
    refused(await api.post('auth/guest-login', guest), 403, 'Guest login is not available at this venue');
    await patchConfig(api, { is_baps: 0 });
  });
});
