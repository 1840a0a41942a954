import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import {
  captchaSecret,
  PROOF_OF_WORK_COST,
  PROOF_OF_WORK_LIFETIME_MINUTES,
  recaptchaFromEnvironment,
  recaptchaV2,
  signedAltchaChallenge,
  westernDigits,
  type CaptchaProvider,
} from '../../auth/captcha';
import { captchaChallengeResponse, proofOfWorkChallenge } from '../../../src/domain/contract/auth';
import { HttpError } from '../../http/errors';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { caller, manualClock, patchConfig, refused, solveCaptcha, type Caller } from './accountsTestSupport';

const context = { clientAddress: '203.0.113.7', now: new Date('2025-06-01T08:00:00Z') };

describe('reCAPTCHA v2 provider', () => {
  const answering = (reply: () => Promise<Response>) => {
    const calls: { url: string; body: string }[] = [];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: String(init?.body) });
      return reply();
    }) as typeof fetch;
    return { calls, fetchImpl };
  };

  it("[S0-9.31] posts the secret, the widget's token and the client address to Google's siteverify", async () => {
    const { calls, fetchImpl } = answering(async () => Response.json({ success: true }));
    expect(await recaptchaV2('server-secret', fetchImpl).verify('widget-token', context)).toBe(true);
    expect(calls).toEqual([{ url: 'https://www.google.com/recaptcha/api/siteverify', body: 'secret=server-secret&response=widget-token&remoteip=203.0.113.7' }]);
  });

  it('refuses what Google does not confirm', async () => {
    const { fetchImpl } = answering(async () => Response.json({ success: false, 'error-codes': ['invalid-input-response'] }));
    expect(await recaptchaV2('server-secret', fetchImpl).verify('widget-token', context)).toBe(false);
  });

  it('answers 503 when Google cannot be reached or fails', async () => {
    for (const reply of [async () => Promise.reject(new TypeError('fetch failed')), async () => new Response('oops', { status: 500 })]) {
      const { fetchImpl } = answering(reply);
      const error = await recaptchaV2('server-secret', fetchImpl).verify('widget-token', context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 503, message: 'The captcha could not be checked. Please try again.' });
    }
  });

  it('is offered only when RECAPTCHA_SECRET is set', () => {
    expect(recaptchaFromEnvironment({})).toBeNull();
    expect(recaptchaFromEnvironment({ RECAPTCHA_SECRET: ' ' })).toBeNull();
    expect(recaptchaFromEnvironment({ RECAPTCHA_SECRET: 'server-secret' })).not.toBeNull();
  });
});

describe('built-in captcha', () => {
  it('reads Arabic-Indic and Persian digits as digits', () => {
    expect(westernDigits('١٢ ۳۴')).toBe('12 34');
  });
});

describe("the venue's recaptcha_site_key picks the provider", () => {
  const clock = manualClock('2025-06-01T08:00:00Z');
  const accepted: string[] = [];
  const fakeGoogle: CaptchaProvider = {
    verify: async (response) => {
      accepted.push(response);
      return response === 'google-says-human';
    },
  };
  let t: TestApp;
  let api: Caller;
  const requestCode = (recaptcha_response: string) =>
    api.post('auth/login/otp-generate', { email: DEMO_ACCOUNTS.customer.email, recaptcha_response });

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, recaptcha: fakeGoogle });
    api = caller(t);
    await patchConfig(api, { qube_otp_login: 1, recaptcha_site_key: '6Lc-site-key' });
  });
  afterAll(() => t.close());

  it('a site key sends answers to reCAPTCHA; a built-in answer does not pass', async () => {
    refused(await requestCode(await solveCaptcha(api)), 422, 'Please confirm you are not a robot');
    expect((await requestCode('google-says-human')).statusCode).toBe(200);
    expect(accepted).toContain('google-says-human');
  });

  it('without a site key the built-in challenge is used', async () => {
    await patchConfig(api, { recaptcha_site_key: null });
    refused(await requestCode('google-says-human'), 422, 'Please confirm you are not a robot');
    expect((await requestCode(await solveCaptcha(api))).statusCode).toBe(200);
  });

  it('a site key on a server without RECAPTCHA_SECRET is a set-up fault (500), never a silent pass', async () => {
    const bare = await createTestApp({ now: clock.now, recaptcha: null });
    try {
      const bareApi = caller(bare);
      await patchConfig(bareApi, { qube_otp_login: 1, recaptcha_site_key: '6Lc-site-key' });
      const res = await bareApi.post('auth/login/otp-generate', { email: DEMO_ACCOUNTS.customer.email, recaptcha_response: 'anything' });
      refused(res, 500, 'Something went wrong, please try again');
    } finally {
      await bare.close();
    }
  });
});

describe('proof-of-work captcha (ALTCHA), the default in production', () => {
  const clock = manualClock(new Date().toISOString());
  let t: TestApp;
  let api: Caller;
  const requestCode = (recaptcha_response: string, via: Caller = api) =>
    via.post('auth/login/otp-generate', { email: DEMO_ACCOUNTS.customer.email, recaptcha_response });
  const challengeOf = async (via: Caller = api) => {
    const { challenge, expires_at } = proofOfWorkChallenge.parse(captchaChallengeResponse.parse((await via.get('captcha/challenge')).json()).data);
    return { challenge: signedAltchaChallenge.parse(challenge), expires_at };
  };
  /** Does the work the widget does, with altcha-lib's own solver, and answers as the widget does. */
  const solve = async (challenge: Challenge) => {
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('The challenge could not be solved');
    return altchaAnswer(challenge, solution);
  };
  const altchaAnswer = (challenge: Challenge, solution: object) =>
    Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

  beforeAll(async () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      t = await createTestApp({ now: clock.now });
    } finally {
      vi.unstubAllEnvs();
    }
    api = caller(t);
    await patchConfig(api, { qube_otp_login: 1, recaptcha_site_key: null });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.advanceMinutes(5));

  it('hands out a signed PBKDF2 challenge that lives 10 minutes, and refuses answers to the sum any script can work out', async () => {
    const { challenge, expires_at } = await challengeOf();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: PROOF_OF_WORK_COST.iterations });
    expect(new Date(expires_at).getTime() - clock.now().getTime()).toBe(10 * 60_000);
    for (const answer of ['abc:15', '15', btoa(JSON.stringify({ challenge: null, solution: null, test: true }))]) {
      refused(await requestCode(answer), 422, 'Please confirm you are not a robot');
    }
  });

  it('accepts a solved challenge once; a replay is refused', async () => {
    const answer = await solve((await challengeOf()).challenge);
    expect((await requestCode(answer)).statusCode).toBe(200);
    clock.advanceMinutes(2);
    refused(await requestCode(answer), 422, 'Please confirm you are not a robot');
  });

  it('refuses a solved challenge once it has expired', async () => {
    const answer = await solve((await challengeOf()).challenge);
    clock.advanceMinutes(PROOF_OF_WORK_LIFETIME_MINUTES + 1);
    refused(await requestCode(answer), 422, 'Please confirm you are not a robot');
  });

  it('refuses a challenge made easier, a made-up solution and a payload that is not one', async () => {
    const { challenge } = await challengeOf();
    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 1, keyPrefix: '0' } };
    const easierSolution = await solveChallenge({ challenge: easier, deriveKey });
    refused(await requestCode(altchaAnswer(easier, easierSolution ?? {})), 422, 'Please confirm you are not a robot');
    refused(await requestCode(altchaAnswer(challenge, { counter: 1, derivedKey: '00'.repeat(32) })), 422, 'Please confirm you are not a robot');
    refused(await requestCode('%%%not base64%%%'), 422, 'Please confirm you are not a robot');
  });

  it('server processes on one database accept each other’s challenges, each once (the signing key is shared through the database)', async () => {
    const other = buildApp({ db: t.db, distDir: null, devTools: true, now: clock.now, captchaKind: 'proof_of_work' });
    try {
      const otherApi = caller({ ...t, app: other });
      const answer = await solve((await challengeOf(otherApi)).challenge);
      expect((await requestCode(answer)).statusCode).toBe(200);
      refused(await requestCode(answer, otherApi), 422, 'Please confirm you are not a robot');
    } finally {
      await other.close();
    }
  });

  it('signs with CAPTCHA_SECRET when it is set', async () => {
    expect(await captchaSecret(t.db, { CAPTCHA_SECRET: ' configured ' })()).toBe('configured');
  });
});
