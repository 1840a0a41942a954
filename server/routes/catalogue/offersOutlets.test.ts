import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/domain/contract/envelope';
import { offerListResponse, outletListResponse, outletResponse } from '../../../src/domain/contract/offersOutlets';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { DEMO_NOW, day } from '../facilities/facilitiesTestSupport';

describe('offer and outlet calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(DEMO_NOW) });
  });
  afterAll(() => t.close());

  it('[S0-2.17] GET offers lists the packages on sale today, cheapest first, 16 a page, with Arabic names, prices before VAT and the VAT', async () => {
    const res = await t.app.inject({ url: '/api/v1/offers' });
    expect(res.statusCode).toBe(200);
    const { data: page } = offerListResponse.parse(res.json());
    expect(page).toMatchObject({ total: 21, total_pages: 2, current_page: 1, per_page: 16 });
    const data = page.data;
    expect(data.map((offer) => offer.price)).toEqual(data.map((offer) => offer.price).sort((a, b) => a - b));
    expect(data.slice(0, 3).map((offer) => [offer.name, offer.ar_name, offer.price, offer.tax_amount])).toEqual([
      ['Splash & Bowl Combo', 'باقة السباحة والبولينج', 180, 9],
      ['Family Fun Day', 'يوم المرح العائلي', 400, 20],
      ['Weekend Pitch Pack', 'باقة ملعب نهاية الأسبوع', 600, 30],
    ]);
    expect(data.every((offer) => offer.valid_from <= day(0) && offer.valid_to >= day(0))).toBe(true);
  });

  it('[S0-2.14] [S0-2.15] GET outlets lists the outlets; outlets/:id answers one with its products, 404 for an unknown one and 400 for a bad id', async () => {
    const { data: page } = outletListResponse.parse((await t.app.inject({ url: '/api/v1/outlets' })).json());
    expect(page).toMatchObject({ total: 20, total_pages: 2, current_page: 1, per_page: 16 });
    const list = page.data;
    expect(list.slice(0, 2).map((outlet) => [outlet.name, outlet.ar_name])).toEqual([
      ['Poolside Café', 'مقهى المسبح'],
      ['Pro Shop', 'متجر المحترفين'],
    ]);
    const cafe = outletResponse.parse((await t.app.inject({ url: `/api/v1/outlets/${list[0]?.id}` })).json()).data;
    expect(cafe.name).toBe('Poolside Café');
    expect(cafe.products.map((product) => [product.name, product.price, product.tax_amount, product.outlet_id])).toEqual([
      ['Iced Coffee', 18, 0.9, cafe.id],
      ['Fresh Orange Juice', 20, 1, cafe.id],
      ['Club Sandwich', 35, 1.75, cafe.id],
    ]);
    const missing = await t.app.inject({ url: '/api/v1/outlets/999' });
    expect(missing.statusCode).toBe(404);
    expect(errorBody.parse(missing.json())).toEqual({ status: false, message: 'Outlet not found' });
    expect((await t.app.inject({ url: '/api/v1/outlets/abc' })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown venue', async () => {
    for (const url of ['/api/v1/offers', '/api/v1/outlets']) {
      expect((await t.app.inject({ url, headers: { 'x-visitor-token': 'nope' } })).statusCode).toBe(404);
    }
  });
});
