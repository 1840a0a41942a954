import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devTokenResponse, type DevTokenRequest } from '../../src/domain/contract/devTools';
import { errorBody } from '../../src/domain/contract/envelope';
import { profileResponse } from '../../src/domain/contract/session';
import { hashToken } from '../auth/tokens';
import { authTokens } from '../db/schema/accounts';
import { createTestApp, type TestApp } from '../testing/testApp';

const SESSION_EXPIRED = { status: false, message: 'Session expired, please login again' };

describe('bearer authentication', () => {
  let t: TestApp;
  let clock = new Date('2025-06-01T08:00:00Z');
  const mint = async (request: DevTokenRequest) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/token', payload: request });
    expect(res.statusCode).toBe(200);
    return devTokenResponse.parse(res.json()).data;
  };
  const profile = (token?: string) =>
    t.app.inject({ url: '/api/v1/customers/profile', headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('[S0-7.9] GET customers/profile answers the customer of a valid bearer token', async () => {
    const { token, user } = await mint({ customer: 'customer' });
    expect(user).toMatchObject({ first_name: 'Layla', last_name: 'Hassan', name: 'Layla Hassan', is_anonymous: false });
    const res = await profile(token);
    expect(res.statusCode).toBe(200);
    expect(profileResponse.parse(res.json()).data).toEqual(user);
  });

  it('[S0-3.2] seeds the member, partner, employee and guest accounts', async () => {
    expect((await mint({ customer: 'member' })).user.membership_card_number).toBe('MSP-100245');
    expect((await mint({ customer: 'partner' })).user).toMatchObject({ b2b_type: 'b2b', b2b_id: 501 });
    expect((await mint({ customer: 'employee' })).user.b2b_type).toBe('b2e');
    expect((await mint({ customer: 'guest' })).user.is_anonymous).toBe(true);
  });

  it('stores only the sha256 digest of a token', async () => {
    const { token } = await mint({ customer: 'customer' });
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
  });

  it('answers 401 on a call that needs a login when no token is sent', async () => {
    const res = await profile();
    expect(res.statusCode).toBe(401);
    expect(errorBody.parse(res.json()).status).toBe(false);
  });

  it('[S0-8.1] answers 401 on ANY call when the token is unknown', async () => {
    for (const url of ['/api/v1/config', '/api/v1/pages/about-us', '/api/v1/verify-time', '/api/v1/customers/profile']) {
      const res = await t.app.inject({ url, headers: { Authorization: 'Bearer not-a-real-token' } });
      expect(res.statusCode, url).toBe(401);
      // verify-time adds its time check to the error body; every call carries the same status and message.
      expect(res.json(), url).toMatchObject(SESSION_EXPIRED);
    }
  });

  it('[S0-8.1] answers 401 for a malformed Authorization header', async () => {
    const res = await t.app.inject({ url: '/api/v1/config', headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('[S0-8.1] answers 401 once the token has expired', async () => {
    const { token } = await mint({ customer: 'member', ttl_seconds: 60 });
    expect((await profile(token)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 61_000);
    const res = await t.app.inject({ url: '/api/v1/config', headers: { Authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('[S0-8.1] answers 401 once the token is revoked', async () => {
    const { token } = await mint({ customer: 'partner' });
    await t.db.update(authTokens).set({ revokedAt: clock }).where(eq(authTokens.tokenHash, hashToken(token)));
    expect((await profile(token)).json()).toEqual(SESSION_EXPIRED);
  });

  it('rejects a dev token request for an unknown account with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/token', payload: { customer: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(errorBody.parse(res.json()).message).toMatch(/^customer: /);
  });
});
