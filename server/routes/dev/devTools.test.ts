import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configResponse } from '../../../src/domain/contract/config';
import { devConfigResponse, outboxResponse } from '../../../src/domain/contract/devTools';
import { errorBody } from '../../../src/domain/contract/envelope';
import { pageResponse } from '../../../src/domain/contract/pages';
import { buildApp } from '../../app';
import { outboxMessages } from '../../db/schema/accounts';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { deepMerge } from './devTools';

describe('deepMerge', () => {
  it('merges objects key by key and replaces arrays and scalars', () => {
    expect(deepMerge({ a: { b: 1, c: [1, 2] }, d: 'x' }, { a: { c: [3] }, d: null, e: true })).toEqual({ a: { b: 1, c: [3] }, d: null, e: true });
  });

  it('ignores prototype keys', () => {
    const merged = deepMerge({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual([]);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('development tools', () => {
  const config = async () => configResponse.parse((await t.app.inject({ url: '/api/v1/config' })).json()).data;
  const patch = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/dev/config', payload: payload as object });

  it('POST dev/config merges deeply and GET config serves the result', async () => {
    const res = await patch({ maintenance: { enabled: true }, footer: { social: { twitter: 'https://twitter.com/marinapark' } }, enable_search: 0 });
    expect(res.statusCode).toBe(200);
    const answered = devConfigResponse.parse(res.json()).data;
    const served = await config();
    expect(served).toEqual(answered);
    expect(served.maintenance).toMatchObject({ enabled: true, title: 'We are improving your experience' });
    expect(served.footer.social).toMatchObject({ twitter: 'https://twitter.com/marinapark', instagram: 'https://www.instagram.com/marinapark' });
    expect(served.enable_search).toBe(0);
  });

  it('POST dev/config replaces arrays', async () => {
    await patch({ header_nav: [{ link_text: 'Home', path: '/', is_custom: 0, is_default: 1 }] });
    expect((await config()).header_nav).toEqual([{ link_text: 'Home', path: '/', is_custom: 0, is_default: 1, page_id: null, children: [] }]);
  });

  it('POST dev/config rejects a patch that breaks the config with 400 and keeps the stored config', async () => {
    const before = await config();
    const res = await patch({ colors: { mode: 'sepia' }, siteEnabled: 'yes' });
    expect(res.statusCode).toBe(400);
    const { message } = errorBody.parse(res.json());
    expect(message).toContain('colors.mode');
    expect(message).toContain('siteEnabled');
    expect(await config()).toEqual(before);
  });

  it('POST dev/config rejects a body that is not an object with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/config', payload: [1, 2], headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    const invalidJson = await t.app.inject({ method: 'POST', url: '/api/v1/dev/config', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(invalidJson.statusCode).toBe(400);
    expect(errorBody.parse(invalidJson.json()).status).toBe(false);
  });

  it('[S0-9.28] GET dev/outbox lists messages newest first', async () => {
    await t.db.insert(outboxMessages).values([
      { channel: 3, recipient: 'a@example.com', subject: 'First', body: 'one', createdAt: new Date('2025-01-01T00:00:00Z') },
      { channel: 2, recipient: '+971501234567', subject: 'Second', body: 'two', createdAt: new Date('2025-01-02T00:00:00Z') },
    ]);
    const res = await t.app.inject({ url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const { data } = outboxResponse.parse(res.json());
    expect(data.map((m) => [m.subject, m.channel])).toEqual([
      ['Second', 2],
      ['First', 3],
    ]);
    expect(data[0]?.created_at).toBe('2025-01-02T00:00:00.000Z');
  });

  it('POST dev/reset drops every change and seeds the demo venue again with the same ids', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/dev/pages', payload: { slug: 'temp', title: 'Temp', content: '' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/reset' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: null });

    const served = await config();
    expect(served.venue_id).toBe(1);
    expect(served.maintenance.enabled).toBe(false);
    expect(served.header_nav).toHaveLength(6);
    expect((await t.app.inject({ url: '/api/v1/pages/temp' })).statusCode).toBe(404);
    expect(outboxResponse.parse((await t.app.inject({ url: '/api/v1/dev/outbox' })).json()).data).toEqual([]);
    const about = pageResponse.parse((await t.app.inject({ url: '/api/v1/pages/about-us' })).json()).data;
    expect(served.header_nav.flatMap((item) => item.children).find((child) => child.path === '/about-us')?.page_id).toBe(about.id);
  });
});

describe('development tools in production', () => {
  let production: FastifyInstance;
  beforeAll(() => {
    production = buildApp({ db: t.db, distDir: null, devTools: false });
  });
  afterAll(() => production.close());

  it.each([
    ['POST', '/api/v1/dev/config'],
    ['POST', '/api/v1/dev/reset'],
    ['GET', '/api/v1/dev/outbox'],
    ['POST', '/api/v1/dev/pages'],
    ['POST', '/api/v1/dev/token'],
    ['POST', '/api/v1/dev/one-time-codes/age'],
  ] as const)('%s %s is not registered', async (method, url) => {
    const res = await production.inject({ method, url, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Not found' });
  });
});
