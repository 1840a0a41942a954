import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfigResponse } from '../../../src/domain/contract/remoteConfig';
import { remoteConfigFlags } from '../../db/schema/remoteConfig';
import { venues } from '../../db/schema/venue';
import { DEMO_VTOKEN } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../testing/testApp';

describe('GET /api/v1/remote-config', () => {
  let t: TestApp;
  const fetchFlags = (vtoken?: string) =>
    t.app.inject({ url: '/api/v1/remote-config', headers: vtoken ? { 'X-Visitor-Token': vtoken } : {} });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[S1-7.37] the demo venue has the maintenance flag, switched off', async () => {
    const res = await fetchFlags();
    expect(res.statusCode).toBe(200);
    expect(remoteConfigResponse.parse(res.json())).toEqual({ status: true, data: { maintenance: false } });
  });

  it('[S1-7.37] keeps the flag per venue: one venue switching it on leaves the other off', async () => {
    const [demo] = await t.db.select().from(venues).where(eq(venues.vtoken, DEMO_VTOKEN));
    const [other] = await t.db.insert(venues).values({ code: 'flagged-venue', vtoken: 'flagged-venue-token', config: demo!.config }).returning();
    await t.db.insert(remoteConfigFlags).values({ venueId: other!.id, maintenance: true });
    expect((await fetchFlags('flagged-venue-token')).json()).toEqual({ status: true, data: { maintenance: true } });
    expect((await fetchFlags(DEMO_VTOKEN)).json()).toEqual({ status: true, data: { maintenance: false } });
  });

  it('a venue that never set a flag has every flag off', async () => {
    const [demo] = await t.db.select().from(venues).where(eq(venues.vtoken, DEMO_VTOKEN));
    await t.db.insert(venues).values({ code: 'plain-venue', vtoken: 'plain-venue-token', config: demo!.config });
    expect((await fetchFlags('plain-venue-token')).json()).toEqual({ status: true, data: { maintenance: false } });
  });

  it('answers an unknown venue with 404 Venue not found', async () => {
    const res = await fetchFlags('no-such-venue');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Venue not found' });
  });
});
