import { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, patchConfig } from '../routes/accounts/accountsTestSupport';
import { createTestApp, type TestApp } from '../testing/testApp';
import { findVenue, siteConfigOf } from './venue';

const demoRequest = { headers: {} } as FastifyRequest;

describe('the venue of a request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const venue = async () => {
    const found = await findVenue(t.db, demoRequest);
    if (!found) throw new Error('no demo venue');
    return found;
  };

  it('shares one frozen config, validated once, between the requests that read the same config', async () => {
    const [first, second] = [await venue(), await venue()];
    expect(second.config).toBe(first.config);
    expect(Object.isFrozen(first.config)).toBe(true);
    expect(siteConfigOf(second)).toBe(siteConfigOf(first));
    expect(() => {
      (siteConfigOf(first) as { currency: string }).currency = 'USD';
    }).toThrow(TypeError);
  });

  it('reads a changed config at the next request', async () => {
    const before = await venue();
    await patchConfig(caller(t), { is_guest_checkout: siteConfigOf(before).is_guest_checkout === 1 ? 0 : 1 });
    const after = await venue();
    expect(after.config).not.toBe(before.config);
    expect(siteConfigOf(after).is_guest_checkout).not.toBe(siteConfigOf(before).is_guest_checkout);
  });
});
