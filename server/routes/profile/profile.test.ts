import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { profileChangeResponse, profileChoicesResponse, profileDetailsResponse, type ProfileUpdateRequest } from '../../../src/domain/contract/profile';
import { luhnCheckDigit } from '../../../src/domain/validation/emiratesId';
import { profileMessageText } from '../../../src/domain/profile/profileMessages';
import { authErrorText } from '../../../src/domain/authErrorText';
import { issueToken, SESSION_TTL_SECONDS } from '../../auth/tokens';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { expectStatus, profileTestApp, TEST_PASSWORD, type Session } from './profileTestSupport';

const { call, upload, newCustomer, latestCode, customerRow, app, clock } = profileTestApp();

const EMIRATES_ID_BODY = '78419901234567';
const EMIRATES_ID = `784-1990-1234567-${luhnCheckDigit(EMIRATES_ID_BODY)}`;

async function choices() {
  return profileChoicesResponse.parse((await call('GET', 'customers/profile/choices', null)).json()).data;
}

async function fullForm(): Promise<ProfileUpdateRequest> {
  const lists = await choices();
  return {
    first_name: 'Maryam',
    last_name: 'Al Nuaimi',
    dob: '1992-05-17',
    gender: 'Female',
    nationality_id: lists.countries[0]!.id,
    religion_id: lists.religions[0]!.id,
    id_proof_type_id: '32',
    id_proof_number: EMIRATES_ID,
    id_proof_expiry: '2030-01-31',
    customer_tag_id: lists.customer_tags[0]!.id,
  };
}

const details = async (session: Session) => profileDetailsResponse.parse((await call('GET', 'customers/profile/details', session)).json()).data;

describe('customers/profile/details and update', () => {
  it('answers only the caller, and a call without a login is refused', async () => {
    const a = await newCustomer({ firstName: 'Alice' });
    const b = await newCustomer({ firstName: 'Bilal' });
    expect((await details(a)).first_name).toBe('Alice');
    expect((await details(b)).first_name).toBe('Bilal');
    expectStatus(await call('GET', 'customers/profile/details', null), 401);
  });

  it('saves every field, stores the Emirates ID as its digits, and answers the session user with the new name', async () => {
    const session = await newCustomer();
    const body = expectStatus(await call('POST', 'customers/profile/update', session, await fullForm()), 200);
    const answer = profileChangeResponse.parse(body);
    expect(answer.message).toBe(profileMessageText('saved'));
    expect(answer.data.user.name).toBe('Maryam Al Nuaimi');
    expect(answer.data.profile).toMatchObject({ dob: '1992-05-17', gender: 'Female', id_proof_type_id: 32, id_proof_number: `${EMIRATES_ID_BODY}${luhnCheckDigit(EMIRATES_ID_BODY)}`, id_proof_expiry: '2030-01-31' });
    expect((await details(session)).first_name).toBe('Maryam');
    // B's edit changes B only.
    const other = await newCustomer({ firstName: 'Other' });
    expectStatus(await call('POST', 'customers/profile/update', other, { ...(await fullForm()), first_name: 'Changed' }), 200);
    expect((await details(session)).first_name).toBe('Maryam');
  });

  it('answers 422 with a message per field for bad input, and keeps the profile as it was', async () => {
    const session = await newCustomer({ firstName: 'Keep' });
    const form = await fullForm();
    const cases: [Partial<ProfileUpdateRequest>, string, string][] = [
      [{ first_name: 'J4ne' }, 'first_name', 'First name must be a valid name in Latin or Arabic'],
      [{ id_proof_number: '784-1990-1234567-0'.replace(/.$/, String((luhnCheckDigit(EMIRATES_ID_BODY) + 1) % 10)) }, 'id_proof_number', 'Please enter valid Emirates ID'],
      [{ id_proof_number: '12345' }, 'id_proof_number', 'Emirates ID format is incorrect.'],
      [{ id_proof_type_id: '', id_proof_number: 'P123' }, 'id_proof_number', 'Please choose the ID proof type'],
      [{ gender: 'Other' as 'Male' }, 'gender', 'Gender is Male or Female'],
      [{ dob: '2030-01-01' }, 'dob', profileMessageText('dobFuture')],
      [{ id_proof_expiry: '2020-01-01' }, 'id_proof_expiry', profileMessageText('expiryPast')],
      [{ nationality_id: 99999 }, 'nationality_id', profileMessageText('unknownCountry')],
      [{ religion_id: 99999 }, 'religion_id', profileMessageText('unknownReligion')],
      [{ customer_tag_id: 99999 }, 'customer_tag_id', profileMessageText('unknownTag')],
      [{ first_name: 'A'.repeat(61) }, 'first_name', 'This value is too long'],
    ];
    for (const [change, field, message] of cases) {
      const body = expectStatus(await call('POST', 'customers/profile/update', session, { ...form, ...change }), 422);
      expect((body.data as { errors: Record<string, string> }).errors[field], field).toBe(message);
    }
    expectStatus(await call('POST', 'customers/profile/update', session, { ...form, nationality_id: 'x' }), 422);
    expect((await details(session)).first_name).toBe('Keep');
  });
});

describe('changing the e-mail or mobile', () => {
  it('changes the e-mail only once the code sent to the new address comes back', async () => {
    const session = await newCustomer();
    const before = await customerRow(session.id);
    const sent = expectStatus(await call('POST', 'customers/profile/contact/code', session, { channel: 'email', email: 'New.Address@Example.com' }), 200);
    expect(sent.message).toBe(profileMessageText('codeSentTo', { address: 'new.address@example.com' }));
    expect((await customerRow(session.id)).email).toBe(before.email);
    const code = await latestCode('new.address@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expectStatus(await call('POST', 'customers/profile/contact/confirm', session, { channel: 'email', otp: wrong }), 422);
    const done = profileChangeResponse.parse(expectStatus(await call('POST', 'customers/profile/contact/confirm', session, { channel: 'email', otp: code }), 200));
    expect(done.data.profile.email).toBe('new.address@example.com');
    // A code works once.
    expectStatus(await call('POST', 'customers/profile/contact/confirm', session, { channel: 'email', otp: code }), 422);
  });

  it('changes the mobile through a code sent by SMS to the new number', async () => {
    const session = await newCustomer();
    expectStatus(await call('POST', 'customers/profile/contact/code', session, { channel: 'mobile', country_code: '971', mobile: '0559876543' }), 200);
    const code = await latestCode('+971559876543');
    const done = profileChangeResponse.parse(expectStatus(await call('POST', 'customers/profile/contact/confirm', session, { channel: 'mobile', otp: code }), 200));
    expect(done.data.profile).toMatchObject({ mobile: '+971559876543', country_code: '971' });
  });

  it('refuses an address another account has, the current address, and a bad one', async () => {
    const session = await newCustomer();
    const own = await customerRow(session.id);
    const taken = expectStatus(await call('POST', 'customers/profile/contact/code', session, { channel: 'email', email: DEMO_ACCOUNTS.member.email }), 422);
    expect(taken.message).toBe(authErrorText('email_taken'));
    expectStatus(await call('POST', 'customers/profile/contact/code', session, { channel: 'mobile', country_code: '971', mobile: DEMO_ACCOUNTS.member.mobile.slice(4) }), 422);
    const same = expectStatus(await call('POST', 'customers/profile/contact/code', session, { channel: 'email', email: own.email! }), 422);
    expect(same.message).toBe(profileMessageText('sameEmail'));
    expectStatus(await call('POST', 'customers/profile/contact/code', session, { channel: 'email', email: 'not-an-email' }), 422);
    expectStatus(await call('POST', 'customers/profile/contact/code', session, { channel: 'fax' }), 422);
    expectStatus(await call('POST', 'customers/profile/contact/code', null, { channel: 'email', email: 'x@example.com' }), 401);
  });

  it("does not let one customer use the code sent for another customer's change", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    expectStatus(await call('POST', 'customers/profile/contact/code', a, { channel: 'email', email: 'only.a@example.com' }), 200);
    const code = await latestCode('only.a@example.com');
    expectStatus(await call('POST', 'customers/profile/contact/confirm', b, { channel: 'email', otp: code }), 422);
    expect((await customerRow(b.id)).email).not.toBe('only.a@example.com');
  });
});

describe('verifying the account', () => {
  it('records the verification and locks the identity fields it knew; empty ones stay open', async () => {
    const session = await newCustomer({ firstName: 'Vera', lastName: 'Fied', dob: '1990-01-01', gender: 'Female' });
    const own = await customerRow(session.id);
    expectStatus(await call('POST', 'customers/verify/code', session, { channel: 'email' }), 200);
    const verified = profileChangeResponse.parse(
      expectStatus(await call('POST', 'customers/verify/confirm', session, { otp: await latestCode(own.email!) }), 200),
    );
    expect(verified.data.profile.verified_at).not.toBeNull();
    expect(verified.data.profile.locked_fields).toEqual(['first_name', 'last_name', 'dob', 'gender']);
    expect((await customerRow(session.id)).verifiedAt).not.toBeNull();

    const form = { ...(await fullForm()), first_name: 'Vera', last_name: 'Fied', dob: '1990-01-01', gender: 'Female' as const };
    // Nationality and ID were empty, so they may still be filled in.
    expectStatus(await call('POST', 'customers/profile/update', session, form), 200);
    const refused = expectStatus(await call('POST', 'customers/profile/update', session, { ...form, first_name: 'Other', dob: '1991-01-01' }), 422);
    expect(refused.message).toBe(profileMessageText('lockedField', { fields: 'First name, Date of birth' }));
    expectStatus(await call('POST', 'customers/verify/code', session, { channel: 'mobile' }), 409);
  });

  it('sends the code to the mobile when asked, and a wrong code verifies nothing', async () => {
    const session = await newCustomer();
    const own = await customerRow(session.id);
    expectStatus(await call('POST', 'customers/verify/code', session, { channel: 'mobile' }), 200);
    const code = await latestCode(own.mobile!);
    expectStatus(await call('POST', 'customers/verify/confirm', session, { otp: code === '123456' ? '654321' : '123456' }), 422);
    expect((await customerRow(session.id)).verifiedAt).toBeNull();
    expectStatus(await call('POST', 'customers/verify/confirm', session, { otp: 'abc' }), 422);
  });
});

describe('changing the password', () => {
  it('needs the current password, follows the password rules, and ends every other session but this one', async () => {
    const session = await newCustomer();
    const otherDevice = await loginAgain(session);
    const wrong = expectStatus(await call('POST', 'customers/password/change', session, { current_password: 'Wrong#2031x', password: 'Fresh#Start2', confirm_password: 'Fresh#Start2' }), 422);
    expect(wrong.message).toBe(profileMessageText('wrongPassword'));
    const weak = expectStatus(await call('POST', 'customers/password/change', session, { current_password: TEST_PASSWORD, password: 'short', confirm_password: 'short' }), 422);
    expect(weak.message).toBe('Must Contain 8 Characters');
    const mismatch = expectStatus(await call('POST', 'customers/password/change', session, { current_password: TEST_PASSWORD, password: 'Fresh#Start2', confirm_password: 'Fresh#Start3' }), 422);
    expect(mismatch.message).toBe('Passwords must match');
    const same = expectStatus(await call('POST', 'customers/password/change', session, { current_password: TEST_PASSWORD, password: TEST_PASSWORD, confirm_password: TEST_PASSWORD }), 422);
    expect(same.message).toBe(profileMessageText('samePassword'));
    expectStatus(await call('GET', 'customers/profile/details', otherDevice), 200);

    const done = expectStatus(await call('POST', 'customers/password/change', session, { current_password: TEST_PASSWORD, password: 'Fresh#Start2', confirm_password: 'Fresh#Start2' }), 200);
    expect(done.message).toBe(profileMessageText('passwordChanged'));
    expectStatus(await call('GET', 'customers/profile/details', session), 200);
    expectStatus(await call('GET', 'customers/profile/details', otherDevice), 401);
    const login = await app().app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { country_code: '971', mobile_number: (await customerRow(session.id)).mobile!.slice(4), password: 'Fresh#Start2' } });
    expectStatus(login, 200);
  });
});

/** The same account logged in on another device. */
async function loginAgain(session: Session): Promise<Session> {
  return { id: session.id, token: await issueToken(app().db, session.id, SESSION_TTL_SECONDS, clock.now()) };
}

describe('customers/profile/image', () => {
  const uploadOwn = (session: Session | null, bytes: Buffer, field?: string) => upload('customers/profile/image', session, bytes, field);

  it('stores a png resized to a 256-pixel square jpeg and serves it at an unguessable address', async () => {
    const session = await newCustomer();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0b5fff' } }).png().toBuffer();
    const answer = profileChangeResponse.parse(expectStatus(await uploadOwn(session, png), 200));
    const path = answer.data.profile.profile_image!;
    expect(path).toMatch(/^\/api\/v1\/profile-images\/[A-Za-z0-9_-]{43}\.jpg$/);
    const served = await app().app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    expect(answer.data.user.profile_image).toBe(path);
  });

  it('refuses what is not a jpeg or png, an empty or missing file, and a call without a login', async () => {
    const session = await newCustomer();
    expectStatus(await uploadOwn(session, Buffer.from('%PDF-1.7\n%%EOF\n')), 422);
    expectStatus(await uploadOwn(session, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])), 422);
    expectStatus(await uploadOwn(session, Buffer.alloc(0)), 400);
    expectStatus(await uploadOwn(session, Buffer.from('x'), 'other'), 400);
    expectStatus(await uploadOwn(null, Buffer.from('x')), 401);
    expectStatus(await app().app.inject({ method: 'GET', url: '/api/v1/profile-images/..%2F..%2Fsecret.jpg' }), 404);
  });

  it('removes the own photo: the file is deleted, the profile and the session user keep no address', async () => {
    const session = await newCustomer();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00a6a6' } }).png().toBuffer();
    const path = profileChangeResponse.parse(expectStatus(await uploadOwn(session, png), 200)).data.profile.profile_image!;
    const removed = profileChangeResponse.parse(expectStatus(await call('DELETE', 'customers/profile/image', session), 200));
    expect(removed.message).toBe('Your profile image has been removed');
    expect(removed.data.profile.profile_image).toBeNull();
    expect(removed.data.user.profile_image ?? null).toBeNull();
    expect((await customerRow(session.id))?.profileImage).toBeNull();
    expectStatus(await app().app.inject({ method: 'GET', url: path }), 404);
    // Removing again is harmless: there is nothing left to remove.
    expect(profileChangeResponse.parse(expectStatus(await call('DELETE', 'customers/profile/image', session), 200)).data.profile.profile_image).toBeNull();
  });

  it("removing touches only the caller's own photo, and needs a login", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff7a00' } }).png().toBuffer();
    const path = profileChangeResponse.parse(expectStatus(await uploadOwn(owner, png), 200)).data.profile.profile_image!;
    expectStatus(await call('DELETE', 'customers/profile/image', other), 200);
    expect((await customerRow(owner.id))?.profileImage).toBe(path);
    expect((await app().app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expectStatus(await call('DELETE', 'customers/profile/image', null), 401);
  });
});
