import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/domain/contract/envelope';
import { membershipListResponse, membershipResponse } from '../../../src/domain/contract/memberships';
import { createTestApp, type TestApp } from '../../testing/testApp';

describe('membership calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-06-01T08:00:00Z') });
  });
  afterAll(() => t.close());

  it('[S0-2.11] GET memberships lists the venue’s plans, cheapest first, with Arabic names, prices before VAT and the VAT', async () => {
    const res = await t.app.inject({ url: '/api/v1/memberships' });
    expect(res.statusCode).toBe(200);
    const { data } = membershipListResponse.parse(res.json());
    expect(data.data.map((plan) => [plan.name, plan.ar_name, plan.price, plan.tax_amount, plan.duration_days])).toEqual([
      ['Family Summer Pass', 'بطاقة الصيف العائلية', 900, 45, 90],
      ['Silver Membership', 'العضوية الفضية', 1400, 70, 180],
      ['Gold Membership', 'العضوية الذهبية', 2500, 125, 365],
    ]);
  });

  it('GET memberships/:id answers one plan, 404 for an unknown one and 400 for a bad id', async () => {
    const list = membershipListResponse.parse((await t.app.inject({ url: '/api/v1/memberships' })).json()).data.data;
    const gold = list.find((plan) => plan.name === 'Gold Membership');
    const one = membershipResponse.parse((await t.app.inject({ url: `/api/v1/memberships/${gold?.id}` })).json()).data;
    expect(one).toEqual(gold);
    const missing = await t.app.inject({ url: '/api/v1/memberships/999' });
    expect(missing.statusCode).toBe(404);
    expect(errorBody.parse(missing.json())).toEqual({ status: false, message: 'Membership not found' });
    expect((await t.app.inject({ url: '/api/v1/memberships/abc' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown venue', async () => {
    const res = await t.app.inject({ url: '/api/v1/memberships', headers: { 'x-visitor-token': 'nope' } });
    expect(res.statusCode).toBe(404);
  });
});
