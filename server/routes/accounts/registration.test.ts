import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import {
  authSessionResponse,
  codeErrorData,
  formErrorData,
  messageResponse,
  multipartFields,
  registerResponse,
  type RegistrationFormInput,
} from '../../../src/domain/contract/auth';
import { outboxResponse } from '../../../src/domain/contract/devTools';
import { profileResponse } from '../../../src/domain/contract/session';
import { customers } from '../../db/schema/accounts';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { accountsTestApp, latestCode, multipart, refused, solveCaptcha } from './accountsTestSupport';

// Each test starts well clear of the previous one's codes, captchas and rate-limit windows.
const { clock, api, app } = accountsTestApp();

let nextNumber = 0;
/** A fresh applicant for each test: nobody has registered this mobile or e-mail yet. */
function applicant() {
  nextNumber += 1;
  const digits = String(1000000 + nextNumber).slice(-7);
  return { mobile: `+97152${digits}`, email: `hamdan.saeed${nextNumber}@example.com` };
}

const requestCode = async (who: { mobile: string; email: string }, options: { captcha?: string; address?: string } = {}) =>
  api.post(
    'auth/otp/generate',
    { mobile: who.mobile, country_code: '971', email: who.email, recaptcha_response: options.captcha ?? (await solveCaptcha(api)) },
    { remoteAddress: options.address ?? '10.1.0.1' },
  );
const checkCode = (who: { mobile: string; email: string }, otp: string) =>
  api.post('auth/otp/validate-otp', { otp, mobile: who.mobile, country_code: '971', email: who.email });

function form(who: { mobile: string; email: string }, otp: string, overrides: Partial<RegistrationFormInput> = {}): RegistrationFormInput {
  return {
    otp,
    mobile: who.mobile,
    country_code: '971',
    email: who.email,
    first_name: 'Hamdan',
    last_name: 'Saeed',
    password: 'Dunes@2025',
    confirm_password: 'Dunes@2025',
    dob: '1992-02-14',
    gender: 'Male',
    nationality: 'AE',
    terms_accepted: '1',
    is_partner: '0',
    ...overrides,
  };
}

const register = (fields: RegistrationFormInput | [string, string][], files: Parameters<typeof multipart>[1] = []) => {
  const entries = Array.isArray(fields) ? fields : multipartFields(fields as Record<string, string>);
  return api.post('auth/register', undefined, multipart(entries, files));
};

async function codeFor(who: { mobile: string; email: string }): Promise<string> {
  expect((await requestCode(who)).statusCode).toBe(200);
  return latestCode(api, who.email);
}

describe('registration code (auth/otp/generate, auth/otp/validate-otp)', () => {
  it('[S0-9.28] sends a code to the new mobile and e-mail (channel ALL)', async () => {
    const who = applicant();
    const res = await requestCode(who);
    expect(messageResponse.parse(res.json()).message).toBe('OTP sent to your mobile number and email');
    const sent = outboxResponse.parse((await api.get('dev/outbox')).json()).data.slice(0, 3);
    expect(sent.map((message) => message.channel).sort()).toEqual([NOTIFICATION_CHANNELS.SMS, NOTIFICATION_CHANNELS.EMAIL, NOTIFICATION_CHANNELS.WHATSAPP]);
    expect(sent.find((message) => message.channel === NOTIFICATION_CHANNELS.SMS)?.recipient).toBe(who.mobile);
  });

  it('needs the captcha and refuses an address that is already registered', async () => {
    refused(await requestCode(applicant(), { captcha: '' }), 422, 'Please confirm you are not a robot');
    refused(await requestCode({ mobile: DEMO_ACCOUNTS.customer.mobile, email: 'new.person@example.com' }), 422, 'This mobile number is already registered');
    refused(await requestCode({ mobile: applicant().mobile, email: DEMO_ACCOUNTS.customer.email.toUpperCase() }), 422, 'This email address is already registered');
  });

  it('[S0-7.13] [S0-5.17] validate-otp confirms the right code for that mobile and e-mail, and refuses others', async () => {
    const who = applicant();
    const code = await codeFor(who);
    const wrong = code === '000000' ? '111111' : '000000';
    refused(await checkCode(who, wrong), 422, 'Invalid OTP');
    refused(await checkCode({ ...who, email: 'someone.else@example.com' }, code), 422, 'Invalid OTP');
    refused(await checkCode(who, ''), 422, 'Invalid OTP');
    expect(messageResponse.parse((await checkCode(who, code)).json()).message).toBe('OTP verified');
    // Checking does not use the code up: the form is submitted with it next.
    expect((await checkCode(who, code)).statusCode).toBe(200);
  });

  it('validate-otp refuses a code after 10 minutes', async () => {
    const who = applicant();
    const code = await codeFor(who);
    clock.advanceMinutes(10);
    refused(await checkCode(who, code), 422, 'This code has expired. Please request a new one.');
  });

  it('allows 10 codes an hour from one client address, whatever the accounts', async () => {
    const address = '10.9.9.9';
    for (let request = 0; request < 10; request += 1) expect((await requestCode(applicant(), { address })).statusCode).toBe(200);
    refused(await requestCode(applicant(), { address }), 429, 'Too many codes requested. Please wait 60 minutes and try again.');
    expect((await requestCode(applicant(), { address: '10.9.9.10' })).statusCode).toBe(200);
    clock.advanceMinutes(60);
    expect((await requestCode(applicant(), { address })).statusCode).toBe(200);
  });
});

describe('POST auth/register (multipart)', () => {
  it('[S0-7.14] [S0-3.8] [S0-3.9] [S0-5.18] registers a customer from multipart fields with 1/0 booleans and signs them in', async () => {
    const who = applicant();
    const code = await codeFor(who);
    expect((await checkCode(who, code)).statusCode).toBe(200);
    const res = await register(form(who, code, { mobile: who.mobile.replace('+971', '0') }));
    const body = registerResponse.parse(res.json());
    expect(body.message).toBe('Registration successful');
    expect(body.data.awaiting_approval).toBe(false);
    expect(body.data.user).toMatchObject({ first_name: 'Hamdan', last_name: 'Saeed', email: who.email, mobile: who.mobile, dob: '1992-02-14', gender: 'Male', is_anonymous: false });
    expect(body.data.token).toEqual(expect.any(String));
    expect(profileResponse.parse((await api.get('customers/profile', { headers: { authorization: `Bearer ${body.data.token}` } })).json()).data.email).toBe(who.email);
    // The new account logs in with its password.
    expect((await api.post('auth/login', { country_code: '971', mobile_number: who.mobile, password: 'Dunes@2025' })).statusCode).toBe(200);
  });

  it('[S0-3.9] multipartFields sends booleans as 1 or 0', () => {
    expect(multipartFields({ terms_accepted: true, is_partner: false, dob: null, country_code: 971 })).toEqual([
      ['terms_accepted', '1'],
      ['is_partner', '0'],
      ['country_code', '971'],
    ]);
  });

  it('[S0-5.19] [S0-8.22] flags a wrong code as a code error, before the account checks', async () => {
    const who = applicant();
    const code = await codeFor(who);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = refused(await register(form(who, wrong, { email: who.email })), 422, 'Invalid OTP');
    expect(codeErrorData.parse(body.data).code_error).toBe(true);
    // Without any code requested for this mobile, it is a code error too.
    const stranger = applicant();
    expect(codeErrorData.parse(refused(await register(form(stranger, '123456')), 422, 'Invalid OTP').data).code_error).toBe(true);
  });

  it('uses the code up: the same form cannot register twice', async () => {
    const who = applicant();
    const code = await codeFor(who);
    expect((await register(form(who, code))).statusCode).toBe(200);
    const again = refused(await register(form(who, code)), 422, 'Invalid OTP');
    expect(codeErrorData.parse(again.data).code_error).toBe(true);
  });

  it('counts wrong codes at registration towards the 5 tries', async () => {
    const who = applicant();
    const code = await codeFor(who);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < 5; attempt += 1) refused(await register(form(who, wrong)), 422, 'Invalid OTP');
    refused(await register(form(who, wrong)), 422, 'Too many wrong attempts. Please request a new code.');
    refused(await register(form(who, code)), 422, 'Too many wrong attempts. Please request a new code.');
  });

  it('[S0-5.2] [S0-5.9] [S0-5.10] [S0-5.11] [S0-3.12] answers field messages (first per field) for a bad form', async () => {
    const who = applicant();
    const bad = refused(
      await register(form(who, '123456', { first_name: 'J4ne', last_name: 'S', email: 'hamdan@', confirm_password: 'Dunes@2026' })),
      422,
      'First name must be a valid name in Latin or Arabic',
    );
    expect(formErrorData.parse(bad.data).errors).toEqual({
      first_name: 'First name must be a valid name in Latin or Arabic',
      last_name: 'Last name must be at least 2 characters long',
      email: 'Please input correct email address',
      confirm_password: 'Passwords must match',
    });
    refused(await register(form(who, '123456', { confirm_password: 'Dunes@2026' })), 422, 'Passwords must match');
    refused(await register(form(who, '123456', { first_name: '' })), 422, 'First name is required');
    refused(await register(form(who, '123456', { dob: '1992-02-30' })), 422, 'Please enter a valid date of birth');
    const tomorrow = new Date(clock.now().getTime() + 24 * 3600_000).toISOString().slice(0, 10);
    refused(await register(form(who, '123456', { dob: tomorrow })), 422, 'Please enter a valid date of birth');
    refused(await register(form(who, '123456', { gender: 'Other' as 'Male' })), 422, 'Gender is Male or Female');
  });

  it('accepts Arabic names', async () => {
    const who = applicant();
    const code = await codeFor(who);
    const body = registerResponse.parse((await register(form(who, code, { first_name: 'حمدان', last_name: 'سعيد' }))).json());
    expect(body.data.user.name).toBe('حمدان سعيد');
  });

  it('[S0-3.9] takes booleans only as 1 or 0, and needs the terms agreement', async () => {
    const who = applicant();
    refused(await register(form(who, '123456', { terms_accepted: 'true' as '1' })), 422, 'Send 1 or 0');
    refused(await register(form(who, '123456', { terms_accepted: '0' })), 422, 'Please accept the terms and conditions');
    refused(await register(form(who, '123456', { terms_accepted: undefined })), 422, 'Please accept the terms and conditions');
  });

  it('[S0-3.8] refuses a JSON body, repeated fields and files', async () => {
    const who = applicant();
    refused(await api.post('auth/register', form(who, '123456')), 415, 'Registration must be sent as multipart form data');
    refused(await register([...multipartFields(form(who, '123456') as Record<string, string>), ['email', 'other@example.com']]), 400);
    refused(await register(form(who, '123456'), [{ name: 'documents', filename: 'id.txt', content: 'x' }]), 413);
    refused(await register(form(who, '123456', { nationality: 'x'.repeat(5000) })), 413, 'nationality: too long');
  });

  it('[S0-4.36] creates a partner awaiting approval: no token, no login until an administrator approves', async () => {
    const who = applicant();
    const code = await codeFor(who);
    refused(await register(form(who, code, { is_partner: '1' })), 422, 'Entity name is required');
    const res = await register(form(who, code, { is_partner: '1', entity_name: 'Oasis Team Building LLC', entity_type: 'Corporate', contact_person: 'Hamdan Saeed' }));
    const body = registerResponse.parse(res.json());
    expect(body.data).toMatchObject({ token: null, awaiting_approval: true, user: { b2b_type: 'b2b', b2b_id: null } });
    expect(body.message).toMatch(/awaiting approval/);

    const login = () => api.post('auth/login', { country_code: '971', mobile_number: who.mobile, password: 'Dunes@2025' });
    expect(refused(await login(), 403).message).toMatch(/awaiting approval/);
    await app().db.update(customers).set({ approvalStatus: 'approved', b2bId: 900 }).where(eq(customers.email, who.email));
    expect(authSessionResponse.parse((await login()).json()).data.user).toMatchObject({ b2b_id: 900, b2b_type: 'b2b' });
  });
});
