import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { envelope } from '../domain/contract/envelope';
import { createApiClient, UNEXPECTED_RESPONSE } from './client';

type Reply = { status: number; body?: unknown } | 'network-down';

/** A fetch that records each request and answers from a queue (the last reply repeats). */
function fakeFetch(...replies: Reply[]) {
  const requests: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    });
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply === 'network-down') throw new TypeError('fetch failed');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests, calls: () => fetch.mock.calls.length };
}

const thing = envelope(z.object({ id: z.number() }));

function client(fetch: typeof globalThis.fetch, headers: Record<string, string | undefined> = {}) {
  return createApiClient({ baseURL: '/api/v1/', headers: () => headers, fetch });
}

describe('createApiClient', () => {
  it('[S0-7.1] [S0-7.3] calls below the base path and sends JSON bodies', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 1 } } });
    await client(fake.fetch).call('things', { method: 'POST', body: { name: 'a' }, schema: thing });
    const [request] = fake.requests;
    expect(request?.url).toBe('/api/v1/things');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toBe('{"name":"a"}');
  });

  it('[S0-7.4] [S0-7.9] reads the headers on every call and leaves out undefined ones', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 1 } } });
    const session: { token?: string } = {};
    const api = createApiClient({
      baseURL: '/api/v1/',
      headers: () => ({ UserTime: '2024-01-01 10:00:00', Authorization: session.token && `Bearer ${session.token}` }),
      fetch: fake.fetch,
    });
    await api.call('a', { schema: thing });
    session.token = 'abc';
    await api.call('a', { schema: thing });
    expect(fake.requests[0]?.headers.get('UserTime')).toBe('2024-01-01 10:00:00');
    expect(fake.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(fake.requests[1]?.headers.get('Authorization')).toBe('Bearer abc');
  });

  it('[S0-7.11] answers data parsed by the schema, the status and the server message', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 7 }, message: 'Login success' } });
    const result = await client(fake.fetch).call('a', { query: { q: 'x y' }, schema: thing });
    expect(fake.requests[0]?.url).toBe('/api/v1/a?q=x+y');
    expect(result).toEqual({ ok: true, status: 200, data: { status: true, data: { id: 7 }, message: 'Login success' }, message: 'Login success' });
  });

  it('[S0-7.12] [S0-8.2] a failure answers the server message, the status and the body', async () => {
    const body = { status: false, message: 'Venue not found' };
    const fake = fakeFetch({ status: 404, body });
    expect(await client(fake.fetch).call('config', { schema: thing })).toEqual({ ok: false, status: 404, message: 'Venue not found', body });
  });

  it('[S0-8.2] a failure without a message answers an empty message', async () => {
    const fake = fakeFetch({ status: 500, body: { oops: true } });
    expect(await client(fake.fetch).call('a', { schema: thing })).toEqual({ ok: false, status: 500, message: '', body: { oops: true } });
  });

  it('[S0-8.2] a 200 whose envelope says status false is a failure', async () => {
    const body = { status: false, message: 'Invalid OTP' };
    const fake = fakeFetch({ status: 200, body });
    expect(await client(fake.fetch).call('a', { schema: thing })).toEqual({ ok: false, status: 200, message: 'Invalid OTP', body });
  });

  it('[S0-7.11] an answer that does not fit the schema is an unexpected response', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 'x' } } });
    expect(await client(fake.fetch).call('a', { schema: thing })).toEqual({
      ok: false,
      status: 200,
      message: UNEXPECTED_RESPONSE,
      body: { status: true, data: { id: 'x' } },
    });
  });

  it('an answer the app holds as validated (embedded by the server) is used as it is; every other answer is parsed', async () => {
    const embedded = { status: true, data: { id: 1, extra: 'kept as sent' } };
    const fake = fakeFetch({ status: 200, body: embedded }, { status: 200, body: embedded });
    const schema = { safeParse: vi.fn(thing.safeParse) } as unknown as typeof thing;
    const replies: Response[] = [];
    const api = createApiClient({
      baseURL: '/api/v1/',
      headers: () => ({}),
      fetch: (input, init) => fake.fetch(input, init).then((reply) => (replies.push(reply), reply)),
      validated: (reply) => reply === replies[0],
    });
    expect(await api.call('things/1', { schema })).toEqual({ ok: true, status: 200, data: embedded });
    expect(schema.safeParse).not.toHaveBeenCalled();
    expect(await api.call('things/1', { schema })).toEqual({ ok: true, status: 200, data: { status: true, data: { id: 1 } } });
    expect(schema.safeParse).toHaveBeenCalledTimes(1);
  });

  it('[S0-8.2] a network failure answers status 0, an empty message and no body, without retrying', async () => {
    const fake = fakeFetch('network-down');
    expect(await client(fake.fetch).call('a', { schema: thing })).toEqual({ ok: false, status: 0, message: '', body: null });
    expect(fake.calls()).toBe(1);
  });

  it('an aborted call answers like a network failure', async () => {
    const controller = new AbortController();
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const pending = client(fetch).call('a', { schema: thing, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, status: 0 });
  });

  it('[S0-7.10] caches GET answers by path and query only when asked', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 1 } } });
    const api = client(fake.fetch);
    await api.call('a', { schema: thing, cache: true, query: { x: 1, y: 2 } });
    await api.call('a', { schema: thing, cache: true, query: { y: 2, x: 1 } });
    expect(fake.calls()).toBe(1);
    await api.call('a', { schema: thing, cache: true, query: { x: 2 } });
    await api.call('b', { schema: thing, cache: true });
    expect(fake.calls()).toBe(3);
    await api.call('a', { schema: thing, query: { x: 1, y: 2 } });
    expect(fake.calls()).toBe(4);
    api.clearCache();
    await api.call('a', { schema: thing, cache: true, query: { x: 1, y: 2 } });
    expect(fake.calls()).toBe(5);
  });

  it('what is kept belongs to whoever asked: other credentials never see it, and it is gone when they change', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 1 } } }, { status: 200, body: { status: true, data: { id: 2 } } }, { status: 200, body: { status: true, data: { id: 3 } } });
    const headers: Record<string, string | undefined> = { Authorization: 'Bearer first-visitor' };
    const api = createApiClient({ baseURL: '/api/v1/', headers: () => headers, fetch: fake.fetch });
    expect(await api.call('a', { schema: thing, cache: true })).toMatchObject({ data: { data: { id: 1 } } });
    headers.Authorization = undefined;
    expect(await api.call('a', { schema: thing, cache: true })).toMatchObject({ data: { data: { id: 2 } } });
    headers.Authorization = 'Bearer first-visitor';
    // The first visitor's answer went with the change of asker: nothing of it is kept for anyone.
    expect(await api.call('a', { schema: thing, cache: true })).toMatchObject({ data: { data: { id: 3 } } });
    expect(fake.calls()).toBe(3);
  });

  it('[S0-7.10] shares one request between simultaneous cached calls', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 1 } } });
    const api = client(fake.fetch);
    const [first, second] = await Promise.all([api.call('a', { schema: thing, cache: true }), api.call('a', { schema: thing, cache: true })]);
    expect(fake.calls()).toBe(1);
    expect(first).toEqual(second);
  });

  it('[S0-7.10] does not keep failures, and reload replaces what is kept', async () => {
    const fake = fakeFetch(
      { status: 500, body: { status: false, message: 'down' } },
      { status: 200, body: { status: true, data: { id: 1 } } },
      { status: 200, body: { status: true, data: { id: 2 } } },
    );
    const api = client(fake.fetch);
    expect((await api.call('a', { schema: thing, cache: true })).ok).toBe(false);
    expect(await api.call('a', { schema: thing, cache: true })).toMatchObject({ ok: true, data: { data: { id: 1 } } });
    expect(await api.call('a', { schema: thing, cache: 'reload' })).toMatchObject({ ok: true, data: { data: { id: 2 } } });
    expect(await api.call('a', { schema: thing, cache: true })).toMatchObject({ ok: true, data: { data: { id: 2 } } });
    expect(fake.calls()).toBe(3);
  });

  it('never caches other methods', async () => {
    const fake = fakeFetch({ status: 200, body: { status: true, data: { id: 1 } } });
    const api = client(fake.fetch);
    await api.call('a', { method: 'POST', schema: thing, cache: true });
    await api.call('a', { method: 'POST', schema: thing, cache: true });
    expect(fake.calls()).toBe(2);
  });

  it('[S0-8.1] a 401 on any call tells every listener and still answers the failure', async () => {
    const body = { status: false, message: 'Unauthenticated.' };
    const fake = fakeFetch({ status: 401, body });
    const api = client(fake.fetch);
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribe = api.onUnauthorized(first);
    api.onUnauthorized(second);
    expect(await api.call('profile', { schema: thing })).toEqual({ ok: false, status: 401, message: 'Unauthenticated.', body });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    unsubscribe();
    await api.call('bookings', { method: 'DELETE', schema: thing });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('a 401 to a call with credentials of its own (revoking an old token) is not the session ending', async () => {
    const fake = fakeFetch({ status: 401, body: { status: false, message: 'Unauthenticated.' } });
    const api = client(fake.fetch);
    const listener = vi.fn();
    api.onUnauthorized(listener);
    await api.call('auth/logout', { method: 'POST', schema: thing, headers: { Authorization: 'Bearer old' } });
    expect(listener).not.toHaveBeenCalled();
  });

  it('does not tell the listeners about other failures', async () => {
    const listener = vi.fn();
    const api = client(fakeFetch({ status: 403, body: { status: false, message: 'no' } }).fetch);
    api.onUnauthorized(listener);
    await api.call('a', { schema: thing });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('waiting for the network', () => {
  function gate() {
    let open: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { networkReady: () => ready, open: () => open() };
  }
  const ok = { status: 200, body: { status: true, data: { id: 1 } } };

  it('a call that changes something waits offline and goes out once the network is back', async () => {
    const fake = fakeFetch(ok);
    const network = gate();
    const api = createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch: fake.fetch, networkReady: network.networkReady });
    const answer = api.call('orders', { method: 'POST', body: {}, schema: thing });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fake.calls()).toBe(0);
    network.open();
    await expect(answer).resolves.toMatchObject({ ok: true, data: { data: { id: 1 } } });
    expect(fake.calls()).toBe(1);
  });

  it('reads never wait (an offline schedule falls back to what the device kept), nor do callers that say so', async () => {
    const fake = fakeFetch('network-down');
    const network = gate();
    const api = createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch: fake.fetch, networkReady: network.networkReady });
    await expect(api.call('things', { schema: thing })).resolves.toMatchObject({ ok: false, status: 0 });
    await expect(api.call('leads', { method: 'POST', body: {}, schema: thing, waitForNetwork: false })).resolves.toMatchObject({ ok: false, status: 0 });
    expect(fake.calls()).toBe(2);
  });
});

describe('reachability', () => {
  it('[S0-7.27] tells whether the venue answered: any HTTP status is an answer, a failed fetch is none, a call given up on says nothing', async () => {
    const heard: string[] = [];
    const reachability = { answered: () => heard.push('answered'), noAnswer: () => heard.push('noAnswer') };
    const fake = fakeFetch({ status: 500, body: { status: false, message: 'down for a moment' } }, 'network-down', 'network-down');
    const api = createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch: fake.fetch, reachability });
    await api.call('things', { schema: thing });
    await api.call('things', { schema: thing });
    const abandoned = new AbortController();
    abandoned.abort();
    await expect(api.call('things', { schema: thing, signal: abandoned.signal })).resolves.toMatchObject({ ok: false, status: 0 });
    expect(heard).toEqual(['answered', 'noAnswer']);
  });
});
