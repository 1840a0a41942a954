import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { installErrorReporting } from './errorReporting';

function setup(hostname: string) {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return Response.json({ status: true, data: { received: true } }, { status: 202 });
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'https://portal.example/api/v1/', headers: () => ({}), fetch });
  const source = new EventTarget();
  const stop = installErrorReporting(api, {
    hostname,
    source: source as unknown as Window,
    now: () => new Date('2026-11-21T08:00:00Z'),
    url: () => 'https://portal.example/events',
  });
  const fire = (error: unknown) => {
    const event = new Event('error');
    Object.assign(event, { error, message: String(error) });
    source.dispatchEvent(event);
  };
  return { bodies, fire, stop, fetch };
}

describe('error reporting', () => {
  it('[S0-9.32] sends an uncaught error to the error-reporting endpoint once', async () => {
    const { bodies, fire } = setup('portal.example');
    fire(new Error('Cannot read properties of undefined'));
    fire(new Error('Cannot read properties of undefined'));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ kind: 'error', message: 'Cannot read properties of undefined', url: 'https://portal.example/events', occurred_at: '2026-11-21T08:00:00.000Z' });
  });

  it('[S0-9.32] caps the reports of one page load', async () => {
    const { bodies, fire } = setup('portal.example');
    for (let i = 0; i < 25; i++) fire(new Error(`failure ${i}`));
    await vi.waitFor(() => expect(bodies).toHaveLength(10));
  });

  it('[S0-9.33] is off on local hosts', async () => {
    const { fire, fetch } = setup('localhost');
    fire(new Error('boom'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
