import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';

describe('POST client-errors', () => {
  const lines: string[] = [];
  let test: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    test = await createTestApp({ logger: { level: 'warn', stream } });
  });
  afterAll(() => test.close());

  it('[S0-9.32] receives a report and writes it to the log', async () => {
    const report = { kind: 'error', message: 'boom', url: 'https://portal.example/events', occurred_at: '2026-11-21T08:00:00.000Z' };
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: report });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: true, data: { received: true } });
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; clientError?: unknown }).find((entry) => entry.msg === 'client error reported');
    expect(logged?.clientError).toEqual(report);
  });

  it('refuses a report that is not one', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: { message: 7 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false });
  });
});
