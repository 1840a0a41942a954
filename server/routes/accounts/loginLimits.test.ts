import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../auth/loginLimits';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { accountsTestApp, caller, manualClock } from './accountsTestSupport';

// Each test starts in fresh limit windows: the clock moves two hours between tests.
const { api } = accountsTestApp();

const national = (mobile: string) => mobile.replace(/^\+971/, '');
const OWNER = national(DEMO_ACCOUNTS.member.mobile);

const login = (mobile: string, password: string, address: string) =>
  api.post('auth/login', { country_code: '971', mobile_number: mobile, password }, { remoteAddress: address });
const statuses = async (logins: Promise<{ statusCode: number }>[]) => (await Promise.all(logins)).map((res) => res.statusCode);
const tally = (codes: number[]) => ({ checked: codes.filter((code) => code === 422).length, refused: codes.filter((code) => code === 429).length });
const sprayMobiles = (count: number) => Array.from({ length: count }, (_, index) => `50${String(9_000_000 + index)}`);
const wrongFrom = (address: string, count: number, mobile = OWNER) =>
  Array.from({ length: count }, (_, attempt) => login(mobile, `Wrong@${attempt}`, address));

describe('password login limits', () => {
  it('120 parallel wrong passwords for one account from one address: only the limit is checked, the rest are refused', async () => {
    const codes = await statuses(wrongFrom('198.51.100.1', 120));
    expect(tally(codes)).toEqual({ checked: LOGIN_LIMITS.accountFromAddress.max, refused: 120 - LOGIN_LIMITS.accountFromAddress.max });
  });

  it('one address trying 40 accounts is refused after the per-address limit; another address is not', async () => {
    const mobiles = sprayMobiles(40);
    const codes = await statuses(mobiles.map((mobile) => login(mobile, 'Guess@2025', '198.51.100.2')));
    expect(tally(codes)).toEqual({ checked: LOGIN_LIMITS.address.max, refused: 40 - LOGIN_LIMITS.address.max });
    expect((await login(mobiles[0]!, 'Guess@2025', '198.51.100.3')).statusCode).toBe(422);
  });

  it("a stranger's wrong passwords pause the stranger, not the owner on their own address", async () => {
    await statuses(wrongFrom('198.51.100.4', LOGIN_LIMITS.accountFromAddress.max));
    expect((await login(OWNER, DEMO_PASSWORD, '198.51.100.4')).statusCode).toBe(429);
    expect((await login(OWNER, DEMO_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  // A hundred password hashes take their time on a busy machine.
  it('many addresses guessing one account use up its limit; the owner still logs in from an address they used before', async () => {
    expect((await login(OWNER, DEMO_PASSWORD, '192.0.2.20')).statusCode).toBe(200);
    const strangers = Array.from({ length: LOGIN_LIMITS.account.max / 10 }, (_, index) => `203.0.113.${index + 1}`);
    const codes = await statuses(strangers.flatMap((address) => wrongFrom(address, 10)));
    expect(tally(codes)).toEqual({ checked: LOGIN_LIMITS.account.max, refused: 0 });

    const nextStranger = await login(OWNER, 'Wrong@2025', '203.0.113.200');
    expect(nextStranger.statusCode).toBe(429);
    expect(nextStranger.json()).toMatchObject({ code: 'login_paused', params: { minutes: LOGIN_LIMITS.account.windowMinutes } });
    expect((await login(OWNER, DEMO_PASSWORD, '192.0.2.20')).statusCode).toBe(200);
  }, 60_000);

  it('a right password forgets the mistakes made from that address', async () => {
    await statuses(wrongFrom('192.0.2.30', LOGIN_LIMITS.accountFromAddress.max - 1));
    expect((await login(OWNER, DEMO_PASSWORD, '192.0.2.30')).statusCode).toBe(200);
    expect(tally(await statuses(wrongFrom('192.0.2.30', LOGIN_LIMITS.accountFromAddress.max)))).toEqual({
      checked: LOGIN_LIMITS.accountFromAddress.max,
      refused: 0,
    });
  });
});

describe('the per-address limit behind a proxy (TRUST_PROXY)', () => {
  const clock = manualClock('2025-06-01T08:00:00Z');
  const PROXY = '10.0.0.2';
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ now: clock.now, trustProxy: PROXY });
    direct = await createTestApp({ now: clock.now, trustProxy: false });
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  const spray = async (app: TestApp, clientOf: (index: number) => string) =>
    tally(
      await statuses(
        sprayMobiles(LOGIN_LIMITS.address.max + 1).map((mobile, index) =>
          caller(app).post(
            'auth/login',
            { country_code: '971', mobile_number: mobile, password: 'Guess@2025' },
            { remoteAddress: PROXY, headers: { 'x-forwarded-for': clientOf(index) } },
          ),
        ),
      ),
    );

  it("with the proxy trusted, X-Forwarded-For names the client: the proxy's many clients are counted apart, one client is limited", async () => {
    expect(await spray(behindProxy, (index) => `198.51.100.${index + 10}`)).toEqual({ checked: LOGIN_LIMITS.address.max + 1, refused: 0 });
    clock.advanceMinutes(120);
    expect(await spray(behindProxy, () => '198.51.100.99')).toEqual({ checked: LOGIN_LIMITS.address.max, refused: 1 });
  });

  it('without it, X-Forwarded-For is ignored: a client cannot escape the limit by naming other addresses', async () => {
    expect(await spray(direct, (index) => `198.51.100.${index + 10}`)).toEqual({ checked: LOGIN_LIMITS.address.max, refused: 1 });
  });
});
