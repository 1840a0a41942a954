import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recaptchaFromEnvironment, recaptchaV2, westernDigits, type CaptchaProvider } from '../../auth/captcha';
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
