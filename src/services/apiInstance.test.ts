import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

const ok = z.object({ status: z.boolean() });

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

/** Loads apiInstance afresh (its base paths are read once) with global fetch recording requests. */
async function loadWithFetch() {
  const requests: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers) });
    return Response.json({ status: true });
  });
  vi.resetModules();
  const module = await import('./apiInstance');
  return { ...module, requests };
}

describe('api instances', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 0, 31, 9, 5, 7));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('[S0-7.1] [S0-7.2] [S0-7.4] [S0-7.5] call v1 and v2 with the device time and time zone, nothing optional', async () => {
    const { api, apiV2, requests } = await loadWithFetch();
    await api.call('config', { schema: ok });
    await apiV2.call('things', { schema: ok });
    expect(requests.map((request) => request.url)).toEqual(['/api/v1/config', '/api/v2/things']);
    const headers = requests[0]!.headers;
    expect(headers.get('UserTime')).toBe('2024-01-31 09:05:07');
    expect(headers.get('UserTimeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    for (const name of ['X-Visitor-Token', 'X-Session-Id', 'X-Store-Verification', 'Authorization']) {
      expect(headers.has(name)).toBe(false);
    }
  });

  it('[S0-7.6] [S0-7.7] [S0-7.8] [S0-7.9] sends the configured and stored headers, and the bearer token while set', async () => {
    vi.stubEnv('VITE_VISITOR_TOKEN', 'venue-token');
    vi.stubEnv('VITE_STORE_VERIFICATION', 'store-proof');
    vi.stubGlobal('localStorage', memoryStorage({ hold_session: 'sess-1' }));
    const { api, setAuthToken, requests } = await loadWithFetch();
    setAuthToken('tok');
    await api.call('a', { schema: ok });
    setAuthToken(null);
    await api.call('a', { schema: ok });
    const [loggedIn, loggedOut] = requests;
    expect(loggedIn?.headers.get('X-Visitor-Token')).toBe('venue-token');
    expect(loggedIn?.headers.get('X-Store-Verification')).toBe('store-proof');
    expect(loggedIn?.headers.get('X-Session-Id')).toBe('sess-1');
    expect(loggedIn?.headers.get('Authorization')).toBe('Bearer tok');
    expect(loggedOut?.headers.has('Authorization')).toBe(false);
  });

  it('[S0-7.1] takes the base paths from the environment when set', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example/v1/');
    vi.stubEnv('VITE_API_V2_BASE', 'https://api.example/v2/');
    const { api, apiV2, requests } = await loadWithFetch();
    await api.call('config', { schema: ok });
    await apiV2.call('config', { schema: ok });
    expect(requests.map((request) => request.url)).toEqual(['https://api.example/v1/config', 'https://api.example/v2/config']);
  });
});
