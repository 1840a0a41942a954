import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { promoCodes } from '../../db/schema/orders';
import { DEMO_PROMO_CODES } from '../../seed/commerce';
import { refused } from '../accounts/accountsTestSupport';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { ORDER_MESSAGES } from './messages';
import { day, facilityLine, orderResult, orderTestApp, submitOrder } from './ordersTestSupport';

describe('promo code usage limits', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let keys = 0;

  beforeAll(async () => {
    app = await orderTestApp({ guestCheckout: true });
    customer = await app.api.bearer('customer');
  });
  afterAll(() => app.t.close());

  const promo = (code: string) => ({ actual_price: 100, actual_tax: 5, actual_total: 105, price: 1, tax: 0, total: 1, promo_code: code });
  const adultWith = (code: string, date: string) =>
    facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), date, discount: promo(code) });
  const order = (code: string, date: string, headers: Headers, fields: Record<string, string | number> = {}) =>
    submitOrder(app.t, { key: `promo-limits-${++keys}`, products: { capacity_facility: [adultWith(code, date)] }, headers, fields });
  const guest = (email: string) => ({ is_anonymous: 1, first_name: 'Mira', last_name: 'Saleh', email, mobile: '0509990001' });
  const verify = (code: string, headers: Headers) =>
    app.t.app.inject({
      method: 'POST',
      url: '/api/v1/benefits/verify',
      headers,
      payload: { promotion_code: code, products: [{ quantity: 1, venue_id: app.venueId, price: 100, tax: 5, product_id: app.productId('Adult'), product_type_id: PRODUCT_TYPE.facility, cartIndex: 0, is_addon: 0 }] },
    });

  it('[S0-1.16] WELCOME10 is once per customer: in the cart and at checkout, a guest known by their email', async () => {
    expect((await verify(DEMO_PROMO_CODES.welcome, customer)).statusCode).toBe(200);
    orderResult(await order('welcome10', day(3), customer));
    refused(await verify(DEMO_PROMO_CODES.welcome, customer), 409, ORDER_MESSAGES.promoUsedByYou);
    refused(await order(DEMO_PROMO_CODES.welcome, day(4), customer), 409, ORDER_MESSAGES.promoUsedByYou);
    orderResult(await order(DEMO_PROMO_CODES.welcome, day(4), {}, guest('mira.promo@example.com')));
    refused(await order(DEMO_PROMO_CODES.welcome, day(5), {}, guest('Mira.Promo@example.com')), 409, ORDER_MESSAGES.promoUsedByYou);
  });

  it('parallel orders of one customer use a once-per-customer code once', async () => {
    const member = await app.api.bearer('member');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => order(DEMO_PROMO_CODES.welcome, day(6 + index), member)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('parallel orders of different customers never take more uses than the code has', async () => {
    await app.t.db.update(promoCodes).set({ usageLimit: 2 }).where(and(eq(promoCodes.venueId, app.venueId), eq(promoCodes.code, DEMO_PROMO_CODES.splash)));
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => order(DEMO_PROMO_CODES.splash, day(6 + index), {}, guest(`rush${index}@example.com`))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    const refusals = answers.filter((res) => res.statusCode === 409).map((res) => (res.json() as { message: string }).message);
    expect(new Set(refusals)).toEqual(new Set([ORDER_MESSAGES.promoUsedUp]));
  });
});
