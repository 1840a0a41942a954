import { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { builtInCaptchaResponse, captchaChallengeResponse, questionChallenge } from '../../../src/domain/contract/auth';
import { outboxResponse } from '../../../src/domain/contract/devTools';
import { errorBody } from '../../../src/domain/contract/envelope';
import { createTestApp, type TestApp } from '../../testing/testApp';

/** A clock the tests move by hand; every app call reads it. */
export function manualClock(start: string) {
  let current = new Date(start);
  return {
    now: () => current,
    advanceMinutes: (minutes: number) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

export type Caller = {
  post: (url: string, payload?: object, options?: Partial<InjectOptions>) => Promise<LightMyRequestResponse>;
  get: (url: string, options?: Partial<InjectOptions>) => Promise<LightMyRequestResponse>;
};

export function caller(t: TestApp): Caller {
  return {
    post: (url, payload, options = {}) => t.app.inject({ method: 'POST', url: `/api/v1/${url}`, ...(payload ? { payload } : {}), ...options }),
    get: (url, options = {}) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, ...options }),
  };
}

/**
 * One app for a test file, on a clock of its own that moves on between tests (by default two hours, well clear of
 * the previous test's codes, captchas and rate-limit windows). `api` calls it; `app()` is the app itself.
 */
export function accountsTestApp({ minutesBetweenTests = 120, onStart }: { minutesBetweenTests?: number; onStart?: (api: Caller) => Promise<void> } = {}) {
  const clock = manualClock('2025-06-01T08:00:00Z');
  let started: TestApp | null = null;
  const app = () => {
    if (!started) throw new Error('The test app starts in beforeAll');
    return started;
  };
  const api: Caller = { post: (...args) => caller(app()).post(...args), get: (...args) => caller(app()).get(...args) };
  beforeAll(async () => {
    started = await createTestApp({ now: clock.now });
    await onStart?.(api);
  });
  afterAll(() => app().close());
  beforeEach(() => clock.advanceMinutes(minutesBetweenTests));
  return { clock, api, app };
}

/** A question of the built-in captcha (GET captcha/challenge), refusing any other kind. */
export async function builtInChallenge(api: Caller) {
  return questionChallenge.parse(captchaChallengeResponse.parse((await api.get('captcha/challenge')).json()).data);
}

/** Solves the built-in captcha the way a person would: reads the English question and adds. */
export async function solveCaptcha(api: Caller): Promise<string> {
  const challenge = await builtInChallenge(api);
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(challenge.question.en) ?? [];
  return builtInCaptchaResponse(challenge.id, String(Number(a) + Number(b)));
}

/** The newest outbox message to this recipient. */
export async function latestMessage(api: Caller, recipient: string) {
  const messages = outboxResponse.parse((await api.get('dev/outbox')).json()).data;
  const message = messages.find((each) => each.recipient === recipient);
  if (!message) throw new Error(`no message to ${recipient}`);
  return message;
}

/** The six-digit code of the newest message to this recipient. */
export async function latestCode(api: Caller, recipient: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await latestMessage(api, recipient)).body)?.[1];
  if (!code) throw new Error(`no code in the message to ${recipient}`);
  return code;
}

export async function patchConfig(api: Caller, patch: object) {
  expect((await api.post('dev/config', patch)).statusCode).toBe(200);
}

/** Asserts a refusal and answers its parsed body. */
export function refused(response: LightMyRequestResponse, statusCode: number, message?: string) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = errorBody.parse(response.json());
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(fields: [string, string][], files: { name: string; filename: string; content: string }[] = []) {
  const boundary = '----portal-test-boundary';
  const parts = [
    ...fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ...files.map(
      (file) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`,
    ),
  ];
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
