import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { getConfig } from './config';
import { getPage } from './pages';
import { SearchFailedError, searchGlobal } from './search';
import { verifyTime } from './time';
import { fetchVersion } from './version';

/** One canned JSON answer per request, in order (the last one repeats). */
function apiAnswering(...answers: ({ status: number; body: unknown } | 'network-down')[]) {
  const urls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'network-down') throw new TypeError('fetch failed');
    return Response.json(answer.body, { status: answer.status });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch }), urls };
}

const page = { id: 3, slug: 'about us', title: 'About', content: '<p>x</p>', is_default: 0, updated_at: '2024-01-01' };

describe('area calls', () => {
  it('[S0-7.27] getConfig is cached for the visit unless reloaded', async () => {
    const { api, urls } = apiAnswering({ status: 500, body: { status: false, message: 'down' } });
    await getConfig(api);
    await getConfig(api, { reload: true });
    expect(urls).toEqual(['/api/v1/config', '/api/v1/config']);
  });

  it('[S0-7.29] getPage asks for the encoded slug', async () => {
    const { api, urls } = apiAnswering({ status: 200, body: { status: true, data: page } });
    const result = await getPage(api, 'about us');
    expect(urls).toEqual(['/api/v1/pages/about%20us']);
    expect(result.ok && result.data.data.title).toBe('About');
  });

  it('[S0-7.30] getPage answers the 409 status for the caller to go to 404', async () => {
    const { api } = apiAnswering({ status: 409, body: { status: false, message: 'Page not available' } });
    expect(await getPage(api, 'x')).toMatchObject({ ok: false, status: 409 });
  });

  it('[S0-7.24] searchGlobal sends the search text and answers the data.data list', async () => {
    const result = { type: 'event', id: 1, name: 'Swim' };
    const { api, urls } = apiAnswering({ status: 200, body: { status: true, data: { data: [result] } } });
    expect(await searchGlobal(api, 'swim')).toEqual([result]);
    expect(urls).toEqual(['/api/v1/search/global?search=swim']);
  });

  it('[S0-7.34] a failed search rejects, so the screen can show no suggestions instead of "no results"', async () => {
    await expect(searchGlobal(apiAnswering({ status: 500, body: { status: false, message: 'x' } }).api, 'swim')).rejects.toBeInstanceOf(SearchFailedError);
    await expect(searchGlobal(apiAnswering('network-down').api, 'swim')).rejects.toBeInstanceOf(SearchFailedError);
  });

  it('[S0-7.25] verifyTime answers both times', async () => {
    const times = { userTime: '2024-01-01 10:00:00', systemTime: '2024-01-01 10:01:00' };
    const { api, urls } = apiAnswering({ status: 200, body: { status: true, data: times } });
    expect(await verifyTime(api)).toEqual(times);
    expect(urls).toEqual(['/api/v1/verify-time']);
  });

  it('[S0-7.25] verifyTime reads the times from an error answer too', async () => {
    const times = { userTime: '2024-01-01 10:00:00', systemTime: '2024-01-01 11:00:00' };
    const { api } = apiAnswering({ status: 422, body: { status: false, message: 'Time mismatch', data: times } });
    expect(await verifyTime(api)).toEqual(times);
  });

  it('[S0-7.25] verifyTime answers null when no answer carries the times', async () => {
    expect(await verifyTime(apiAnswering({ status: 500, body: { status: false, message: 'x' } }).api)).toBeNull();
    expect(await verifyTime(apiAnswering('network-down').api)).toBeNull();
  });

  it('[S0-7.26] fetchVersion asks for /version.json past every cache', async () => {
    const fetch = vi.fn(async () => Response.json({ version: '1.2.3' }));
    expect(await fetchVersion(fetch as unknown as typeof globalThis.fetch, () => 1700000000000)).toBe('1.2.3');
    expect(fetch).toHaveBeenCalledWith('/version.json?t=1700000000000', { cache: 'no-store' });
  });

  it('[S0-7.26] fetchVersion throws when the file cannot be read', async () => {
    const notFound = (async () => new Response('missing', { status: 404 })) as typeof globalThis.fetch;
    const malformed = (async () => Response.json({ release: 1 })) as typeof globalThis.fetch;
    await expect(fetchVersion(notFound)).rejects.toThrow();
    await expect(fetchVersion(malformed)).rejects.toThrow();
  });
});
