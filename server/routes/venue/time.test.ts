import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyTimeResponse } from '../../../src/domain/contract/time';
import { createTestApp, type TestApp } from '../../testing/testApp';

/** 2025-06-01 08:30:15 UTC is 12:30:15 in Dubai. */
const FIXED_NOW = new Date('2025-06-01T08:30:15Z');

describe('GET /api/v1/verify-time', () => {
  let t: TestApp;
  let now = () => FIXED_NOW;
  const verify = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: '/api/v1/verify-time', headers });
    expect(res.statusCode).toBe(200);
    return verifyTimeResponse.parse(res.json()).data;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => now() });
  });
  afterAll(() => t.close());

  it('[S0-7.25] [S0-3.22] echoes UserTime and gives the server time in the UserTimeZone', async () => {
    const data = await verify({ UserTime: '2025-06-01 10:30:00', UserTimeZone: 'Europe/London' });
    expect(data).toEqual({ userTime: '2025-06-01 10:30:00', systemTime: '2025-06-01 09:30:15' });
  });

  it('[S0-7.25] [S0-9.5] without headers: userTime null, server time in the venue zone Asia/Dubai', async () => {
    expect(await verify()).toEqual({ userTime: null, systemTime: '2025-06-01 12:30:15' });
  });

  it('[S0-7.25] falls back to the venue zone for an invalid UserTimeZone', async () => {
    expect((await verify({ UserTimeZone: 'Mars/Olympus' })).systemTime).toBe('2025-06-01 12:30:15');
  });

  it('[S0-7.25] still answers for an unknown venue, in Asia/Dubai', async () => {
    expect((await verify({ 'X-Visitor-Token': 'unknown' })).systemTime).toBe('2025-06-01 12:30:15');
  });

  it('[S0-7.25] a failed check (401 for a stale token) still carries userTime and systemTime', async () => {
    const res = await t.app.inject({
      url: '/api/v1/verify-time',
      headers: { Authorization: 'Bearer stale', UserTime: '2025-06-01 12:31:00' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: false,
      message: 'Session expired, please login again',
      data: { userTime: '2025-06-01 12:31:00', systemTime: '2025-06-01 12:30:15' },
    });
  });

  it('[S0-7.25] gives the current time in the YYYY-MM-DD HH:mm:ss format', async () => {
    now = () => new Date();
    const { systemTime } = await verify({ UserTimeZone: 'UTC' });
    expect(systemTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(`${systemTime.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(60_000);
  });
});
