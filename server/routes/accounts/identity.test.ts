import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessionResponse, identityStartResponse } from '../../../src/domain/contract/auth';
import { buildApp } from '../../app';
import { openTestDatabase } from '../../testing/testDatabase';
import { venues } from '../../db/schema/venue';
import { DEMO_ACCOUNTS, seedDemo } from '../../seed/demo';
import { accountsTestApp, patchConfig, refused } from './accountsTestSupport';

const { clock, api, app } = accountsTestApp({ minutesBetweenTests: 60, onStart: (calls) => patchConfig(calls, { enable_uae_pass: 1 }) });

const idpPage = (url: string) => app().app.inject({ method: 'GET', url });
const choose = (customerId: number, returnPath: string) =>
  app().app.inject({
    method: 'POST',
    url: '/dev-idp/authorize',
    payload: new URLSearchParams({ customer_id: String(customerId), return: returnPath }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const customerIdOf = (html: string, email: string) => {
  const item = html.split('<li>').find((each) => each.includes(email)) ?? '';
  return Number(/name="customer_id" value="(\d+)"/.exec(item)?.[1]);
};

/** The browser's round trip: the portal asks where to go, the person picks an account, the page sends them back. */
async function signInAs(email: string, returnPath?: string): Promise<string> {
  const start = identityStartResponse.parse((await api.post('auth/login-pass', returnPath ? { return_path: returnPath } : undefined)).json());
  const page = await idpPage(start.data.url);
  expect(page.statusCode).toBe(200);
  const back = await choose(customerIdOf(page.body, email), new URL(start.data.url, 'http://portal').searchParams.get('return') ?? '');
  expect(back.statusCode).toBe(303);
  return String(back.headers.location);
}
const tokenIn = (location: string) => new URL(location, 'http://portal').searchParams.get('token') ?? '';

describe('national digital identity sign-in (development identity provider)', () => {
  it('[S0-7.20] POST auth/login-pass answers the identity provider page, returning to /login', async () => {
    const res = await api.post('auth/login-pass');
    expect(identityStartResponse.parse(res.json()).data.url).toBe('/dev-idp/authorize?return=%2Flogin');
  });

  it('the page lists the demo accounts to pick, under the security headers and without scripts', async () => {
    const page = await idpPage('/dev-idp/authorize?return=%2Flogin');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(DEMO_ACCOUNTS.customer.email);
    expect(page.body).not.toContain(DEMO_ACCOUNTS.guest.email);
    expect(page.body).not.toContain('<script');
  });

  it('[S0-7.19] [S0-4.22] round trip: the portal gets ?token= back and exchanges it once for a session', async () => {
    const location = await signInAs(DEMO_ACCOUNTS.member.email);
    expect(location).toMatch(/^\/login\?token=[\w-]+$/);
    const res = await api.post('auth/login-uae-pass', { token: tokenIn(location) });
    const body = authSessionResponse.parse(res.json());
    expect(body.message).toBe('Login success');
    expect(body.data.user.membership_card_number).toBe('MSP-100245');
    refused(await api.post('auth/login-uae-pass', { token: tokenIn(location) }), 422, 'UAE PASS sign-in failed or expired. Please try again.');
  });

  it('keeps the portal path and query it is given, and never leaves the site', async () => {
    expect(await signInAs(DEMO_ACCOUNTS.customer.email, '/login?nextUrl=%2Fcart&lang=ar')).toMatch(/^\/login\?nextUrl=%2Fcart&lang=ar&token=/);
    expect(await signInAs(DEMO_ACCOUNTS.customer.email, '//evil.example.com/steal')).toMatch(/^\/\?token=/);
    const page = await idpPage('/dev-idp/authorize?return=https%3A%2F%2Fevil.example.com');
    expect(page.body).not.toContain('evil.example.com');
  });

  it('refuses an identity token after 2 minutes, and a made-up one', async () => {
    const location = await signInAs(DEMO_ACCOUNTS.customer.email);
    clock.advanceMinutes(2);
    refused(await api.post('auth/login-uae-pass', { token: tokenIn(location) }), 422, 'UAE PASS sign-in failed or expired. Please try again.');
    refused(await api.post('auth/login-uae-pass', { token: 'made-up' }), 422);
    refused(await api.post('auth/login-uae-pass', {}), 422, 'The sign-in token is missing');
  });

  it('[S0-4.36] refuses a partner awaiting approval', async () => {
    const location = await signInAs(DEMO_ACCOUNTS.pendingPartner.email);
    expect(refused(await api.post('auth/login-uae-pass', { token: tokenIn(location) }), 403).message).toMatch(/awaiting approval/);
  });

  it('is refused while enable_uae_pass is off', async () => {
    await patchConfig(api, { enable_uae_pass: 0 });
    refused(await api.post('auth/login-pass'), 403, 'UAE PASS sign-in is not available at this venue');
    refused(await api.post('auth/login-uae-pass', { token: 'x' }), 403, 'UAE PASS sign-in is not available at this venue');
    await patchConfig(api, { enable_uae_pass: 1 });
  });
});

describe('without development tools (production)', () => {
  it('has no identity provider page, and login-pass says sign-in is not available', async () => {
    const { db, close } = await openTestDatabase();
    await seedDemo(db, clock.now());
    await db.update(venues).set({ config: sql`${venues.config} || '{"enable_uae_pass": 1}'::jsonb` });
    const app = buildApp({ db, distDir: null, devTools: false, now: clock.now });
    try {
      expect((await app.inject({ url: '/dev-idp/authorize' })).statusCode).toBe(404);
      refused(await app.inject({ method: 'POST', url: '/api/v1/auth/login-pass' }), 503, 'UAE PASS sign-in is not available right now. Please try again later.');
    } finally {
      await app.close();
      await close();
    }
  });
});
