import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createTestApp, type TestApp } from '../testing/testApp';
import { installErrorHandler } from './errorHandler';
import { loggableUrl, redactingLogger } from './logging';

function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}

describe('the server log keeps no secrets', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'memory' });
  });
  afterAll(() => database.close());

  it('logs a failed query with its SQL and the database code, without its parameters', async () => {
    const log = capturedLog();
    const app = Fastify({ logger: redactingLogger({ level: 'error', stream: log.stream }) });
    installErrorHandler(app);
    const orderToken = 'order-token-QvX9k2bT7Lm4';
    app.get('/fails', async () => {
      await database.db.execute(sql`select ${orderToken}::text as token, ${'customer@example.com'}::text as email, ${'2147483648'}::int as id`);
      return {};
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();

    expect(response.statusCode).toBe(500);
    expect(log.text()).toContain('request failed');
    expect(log.text()).toContain('22003');
    expect(log.text()).toContain('select $1::text as token');
    expect(log.text()).not.toContain(orderToken);
    expect(log.text()).not.toContain('customer@example.com');
    expect(log.text()).not.toContain('2147483648');
  });
});

describe('request logs', () => {
  const log = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: log.stream } });
  });
  afterAll(() => t.close());

  it('mask the bearer token, the order token in the address and secret query values', async () => {
    // As an order's token is made: 24 random bytes in base64url.
    const orderToken = 'Zq3vT8mK1pW0xY7nB4cR9sD2fG6hJ5aL';
    const bearer = 'bearer-secret-5f1c2d9e8a7b';
    await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderToken}?token=${bearer}&email=visitor%40example.com&page=2`, headers: { authorization: `Bearer ${bearer}` } });

    const text = log.text();
    expect(text).toContain('/api/v1/orders/[redacted]?token=[redacted]&email=[redacted]&page=2');
    expect(text).not.toContain(orderToken);
    expect(text).not.toContain(bearer);
    expect(text).not.toContain('visitor%40example.com');
  });
});

describe('loggableUrl', () => {
  it('keeps ordinary addresses readable', () => {
    expect(loggableUrl('/api/v1/events/12/places?date=2026-02-27')).toBe('/api/v1/events/12/places?date=2026-02-27');
    expect(loggableUrl('/api/v1/facilities/fetchAvailableFacilities?venue_service_id=1')).toBe('/api/v1/facilities/fetchAvailableFacilities?venue_service_id=1');
  });
});
