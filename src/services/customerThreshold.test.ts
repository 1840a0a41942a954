import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { loadCustomerThreshold } from './customerThreshold';

function apiAnswering(answer: { status: number; body: unknown } | 'network-down') {
  const urls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    if (answer === 'network-down') throw new TypeError('fetch failed');
    return Response.json(answer.body, { status: answer.status });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseURL: 'http://venue.test/api/v1/', headers: () => ({}), fetch }), urls };
}

describe('the is_baps participant threshold', () => {
  it('[S1-7.16] reads data.customer_threshold from /facilities/customer-configurations, once per visit', async () => {
    const { api, urls } = apiAnswering({ status: 200, body: { status: true, data: { customer_threshold: 3 } } });
    expect(await loadCustomerThreshold(api)).toBe(3);
    expect(await loadCustomerThreshold(api)).toBe(3);
    expect(urls).toEqual(['http://venue.test/api/v1/facilities/customer-configurations']);
  });

  it('[S1-8.14] a failed call leaves a null threshold', async () => {
    expect(await loadCustomerThreshold(apiAnswering('network-down').api)).toBeNull();
    expect(await loadCustomerThreshold(apiAnswering({ status: 500, body: { status: false, message: 'Oops' } }).api)).toBeNull();
  });
});
