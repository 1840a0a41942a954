import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { PortalDb } from '../db/db';
import type { LeadSubmission } from '../domain/contract/leads';
import { saveProvisionedTerminal } from './terminalSettings';
import { enqueueLead, enqueueTokenRevocation, flushOutbox, isPermanentRefusal, onOutboxChange, outboxSummary, retryDelay, startOutbox } from './outbox';

const TERMINAL_ID = '3f2b8c1e-9a47-4d2e-8b1f-6c0d5e7a9b24';

type Request = { url: string; method: string; key: string | null; terminal: string | null; body: LeadSubmission };
type Answer = { status: number; body: unknown } | 'network-down';

const verifier = { algorithm: 'PBKDF2-SHA256', iterations: 10, salt: 'c2FsdA==', hash: 'aGFzaA==' } as const;
const thanks = { status: 200, body: { status: true, data: null, message: 'Thank you!' } } as const;

const lead = (name: string): LeadSubmission => ({
  answers: { form_name: 'Stay in touch', form_description: null, lead_action_list_id: 41, form_fields: [{ field_name: 'Full name', type: 'text', is_required: 1, options: [], answer: name }] },
  recaptcha_response: 'challenge:12',
});

/** A fake venue API answering each POST leads with the next queued answer (the last one repeats). */
function setUp(...answers: Answer[]) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      key: headers.get('Idempotency-Key'),
      terminal: headers.get('X-Terminal-Credential'),
      body: JSON.parse(String(init?.body)) as LeadSubmission,
    });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'network-down') throw new TypeError('fetch failed');
    return Response.json(answer.body, { status: answer.status });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'http://venue.test/api/v1/', headers: () => ({}), fetch });
  const db = new PortalDb(`outbox-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const database = () => Promise.resolve(db);

  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const fakeTimers = {
    set: (run: () => void, ms: number) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clear: (handle: unknown) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  /** Fires the newest pending timer, as if its time had come. */
  const fireTimer = () => {
    const timer = timers.findLast((each) => !each.cleared);
    if (!timer) throw new Error('no timer is pending');
    timer.cleared = true;
    timer.run();
  };
  const pendingDelays = () => timers.filter((each) => !each.cleared).map((each) => each.ms);

  let isOnline = true;
  const events = new EventTarget();
  const start = () =>
    startOutbox(api, { database, now: () => 5_000, online: () => isOnline, events, timers: fakeTimers, exclusive: (work) => work() });
  const queue = (name: string, key: string) => enqueueLead({ body: lead(name), key }, { database, now: () => 1_000 });
  const rows = () => db.outbox.orderBy('id').toArray();
  const goOnline = () => {
    isOnline = true;
    events.dispatchEvent(new Event('online'));
  };
  const goOffline = () => {
    isOnline = false;
  };
  return { api, db, database, requests, start, queue, rows, fireTimer, pendingDelays, goOnline, goOffline };
}

const sentNames = (requests: Request[]) => requests.map((request) => request.body.answers.form_fields[0]?.answer);

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('the outbox', () => {
  it('a provisioned terminal sends its queued leads with its credential, which stands in for an expired captcha answer', async () => {
    const outbox = setUp(thanks);
    await outbox.queue('Before', 'key-1');
    expect(await flushOutbox(outbox.api, outbox.db)).toMatchObject({ sent: 1 });
    const key = 'k'.repeat(43);
    await saveProvisionedTerminal({ id: TERMINAL_ID, name: 'Gate', ar_name: null, default_language: 'en', idle_seconds: 60, device_key: key }, verifier, outbox.db);
    await outbox.queue('After', 'key-2');
    expect(await flushOutbox(outbox.api, outbox.db)).toMatchObject({ sent: 1 });
    expect(outbox.requests.map((request) => request.terminal)).toEqual([null, `${TERMINAL_ID}.${key}`]);
  });

  it('[S1-7.28] on start sends the queued leads in order, each with its own Idempotency-Key, and deletes them once answered 2xx', async () => {
    const outbox = setUp(thanks);
    await outbox.queue('First', 'key-1');
    await outbox.queue('Second', 'key-2');
    expect(await outbox.rows()).toMatchObject([
      { kind: 'lead', idempotencyKey: 'key-1', createdAt: 1_000, attempts: 0, lastError: null, failedAt: null },
      { kind: 'lead', idempotencyKey: 'key-2' },
    ]);
    stops.push(outbox.start());
    await vi.waitFor(async () => expect(await outbox.rows()).toEqual([]));
    expect(outbox.requests.map((request) => [request.method, new URL(request.url).pathname, request.key])).toEqual([
      ['POST', '/api/v1/leads', 'key-1'],
      ['POST', '/api/v1/leads', 'key-2'],
    ]);
    expect(sentNames(outbox.requests)).toEqual(['First', 'Second']);
    expect(outbox.pendingDelays()).toEqual([]);
  });

  it('without an answer keeps the row (and those behind it), retries with back-off under the same key, and sends on `online`', async () => {
    const outbox = setUp('network-down', 'network-down', thanks);
    await outbox.queue('First', 'key-1');
    await outbox.queue('Second', 'key-2');
    stops.push(outbox.start());
    await vi.waitFor(() => expect(outbox.pendingDelays()).toEqual([5_000]));
    expect(outbox.requests.map((request) => request.key)).toEqual(['key-1']);
    expect(await outbox.rows()).toMatchObject([{ idempotencyKey: 'key-1', attempts: 1, lastError: 'network', failedAt: null }, { idempotencyKey: 'key-2', attempts: 0 }]);

    outbox.fireTimer();
    await vi.waitFor(() => expect(outbox.pendingDelays()).toEqual([10_000]));
    expect(outbox.requests.map((request) => request.key)).toEqual(['key-1', 'key-1']);

    outbox.goOnline();
    await vi.waitFor(async () => expect(await outbox.rows()).toEqual([]));
    expect(outbox.requests.map((request) => request.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(outbox.pendingDelays()).toEqual([]);
  });

  it('sends nothing while the device is offline, and everything when it comes back online', async () => {
    const outbox = setUp(thanks);
    outbox.goOffline();
    await outbox.queue('Offline', 'key-1');
    stops.push(outbox.start());
    await vi.waitFor(() => expect(outbox.pendingDelays()).toEqual([5_000]));
    expect(outbox.requests).toEqual([]);
    outbox.goOnline();
    await vi.waitFor(async () => expect(await outbox.rows()).toEqual([]));
    expect(outbox.requests.map((request) => request.key)).toEqual(['key-1']);
  });

  it('a row queued while running is sent at once, without waiting for a timer', async () => {
    const outbox = setUp(thanks);
    stops.push(outbox.start());
    const changes = vi.fn();
    stops.push(onOutboxChange(changes));
    await outbox.queue('Later', 'key-9');
    await vi.waitFor(async () => expect(await outbox.rows()).toEqual([]));
    expect(outbox.requests.map((request) => request.key)).toEqual(['key-9']);
    expect(outbox.pendingDelays()).toEqual([]);
    await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(2));
  });

  it('a 4xx refusal is permanent: kept with the server message for the screens, never sent again; the rows behind it go on', async () => {
    const refusal = { status: 422, body: { status: false, message: 'Please confirm you are not a robot' } };
    const outbox = setUp(refusal, thanks);
    await outbox.queue('Refused', 'key-1');
    await outbox.queue('Fine', 'key-2');
    stops.push(outbox.start());
    await vi.waitFor(async () => expect(await outbox.rows()).toHaveLength(1));
    expect(await outbox.rows()).toMatchObject([{ idempotencyKey: 'key-1', attempts: 1, lastError: 'Please confirm you are not a robot', failedAt: 5_000 }]);
    expect(outbox.pendingDelays()).toEqual([]);
    expect(await outboxSummary({ database: outbox.database })).toEqual({ waiting: 0, failed: [{ createdAt: 1_000, lastError: 'Please confirm you are not a robot' }] });

    outbox.goOnline();
    await outbox.queue('Another', 'key-3');
    await vi.waitFor(async () => expect(await outbox.rows()).toHaveLength(1));
    expect(outbox.requests.map((request) => request.key)).toEqual(['key-1', 'key-2', 'key-3']);
  });

  it.each([500, 503, 429, 408])('a %i answer is tried again later', async (status) => {
    const outbox = setUp({ status, body: { status: false, message: 'Busy' } }, thanks);
    await outbox.queue('Busy', 'key-1');
    stops.push(outbox.start());
    await vi.waitFor(() => expect(outbox.pendingDelays()).toEqual([5_000]));
    expect(await outbox.rows()).toMatchObject([{ attempts: 1, lastError: 'Busy' }]);
    outbox.fireTimer();
    await vi.waitFor(async () => expect(await outbox.rows()).toEqual([]));
  });

  it('a stopped outbox no longer listens, retries or sends', async () => {
    const outbox = setUp('network-down');
    await outbox.queue('Stuck', 'key-1');
    const stop = outbox.start();
    await vi.waitFor(() => expect(outbox.pendingDelays()).toEqual([5_000]));
    stop();
    expect(outbox.pendingDelays()).toEqual([]);
    outbox.goOnline();
    await outbox.queue('Queued after stop', 'key-2');
    await expect(flushOutbox(outbox.api, outbox.db)).resolves.toEqual({ sent: 0, refused: 0, waiting: 2 });
    expect(outbox.requests.map((request) => request.key)).toEqual(['key-1', 'key-1']);
  });
});

describe('outbox rules', () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [6, 160_000],
    [7, 300_000],
    [30, 300_000],
  ])('retry %i waits %i ms', (failures, ms) => {
    expect(retryDelay(failures)).toBe(ms);
  });

  it.each([
    [400, true],
    [404, true],
    [409, true],
    [422, true],
    [408, false],
    [425, false],
    [429, false],
    [500, false],
    [503, false],
    [0, false],
  ])('status %i is a permanent refusal: %s', (status, permanent) => {
    expect(isPermanentRefusal(status)).toBe(permanent);
  });
});

describe('token revocations of wiped visitors', () => {
  function revocationSetUp(...answers: Answer[]) {
    const seen: { path: string; authorization: string | null }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ path: new URL(String(input)).pathname, authorization: new Headers(init?.headers).get('Authorization') });
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer === 'network-down') throw new TypeError('fetch failed');
      return Response.json(answer.body, { status: answer.status });
    }) as typeof globalThis.fetch;
    const api = createApiClient({ baseURL: 'http://venue.test/api/v1/', headers: () => ({}), fetch });
    const db = new PortalDb(`revoke-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    return { api, db, seen, database: () => Promise.resolve(db) };
  }

  it('on a device that has kept nothing holds nothing, and the lead screens learn so without opening the database', async () => {
    vi.stubGlobal('indexedDB', { databases: async () => [] });
    try {
      expect(await outboxSummary()).toEqual({ waiting: 0, failed: [] });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('waits for the network, then revokes the token and forgets it; lead screens never count it', async () => {
    const setup = revocationSetUp('network-down', { status: 200, body: { status: true, data: null, message: 'Logged out' } });
    await enqueueTokenRevocation('visitor-token', { database: setup.database, now: () => 1 });
    expect(await outboxSummary({ database: setup.database })).toEqual({ waiting: 0, failed: [] });

    expect(await flushOutbox(setup.api, setup.db)).toEqual({ sent: 0, refused: 0, waiting: 1 });
    expect(await setup.db.outbox.count()).toBe(1);
    expect(await flushOutbox(setup.api, setup.db)).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(await setup.db.outbox.count()).toBe(0);
    expect(setup.seen.at(-1)).toEqual({ path: '/api/v1/auth/logout', authorization: 'Bearer visitor-token' });
  });

  it('a token the server no longer knows (401) is forgotten too, never kept as a failure', async () => {
    const setup = revocationSetUp({ status: 401, body: { status: false, message: 'Session expired, please login again' } });
    await enqueueTokenRevocation('old-token', { database: setup.database });
    await flushOutbox(setup.api, setup.db);
    expect(await setup.db.outbox.count()).toBe(0);
  });
});
