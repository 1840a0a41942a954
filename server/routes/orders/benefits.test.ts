import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitsVerifyResponse, type BenefitProduct } from '../../../src/domain/contract/orders';
import { ORDER_MESSAGES } from './messages';
import { DEMO_PROMO_CODES } from '../../seed/commerce';
import { refused } from '../accounts/accountsTestSupport';
import { orderTestApp } from './ordersTestSupport';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';

describe('POST benefits/verify', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  beforeAll(async () => {
    app = await orderTestApp();
  });
  afterAll(() => app.t.close());

  const line = (name: string, cartIndex: number, extra: Partial<BenefitProduct> = {}): BenefitProduct => ({
    quantity: 2,
    venue_id: app.venueId,
    price: 999,
    tax: 0,
    date: '2025-06-04',
    product_id: app.productId(name),
    product_type_id: PRODUCT_TYPE.facility,
    cartIndex,
    is_addon: 0,
    ...extra,
  });
  const verify = (payload: object) => app.t.app.inject({ method: 'POST', url: '/api/v1/benefits/verify', payload });
  const promotionOf = async (payload: object) => {
    const res = await verify(payload);
    expect(res.statusCode, res.body).toBe(200);
    return benefitsVerifyResponse.parse(res.json()).data;
  };

  it('[S1-7.24] [S0-1.16] a promo code answers a per-product discount worked out on catalogue prices', async () => {
    const promotion = await promotionOf({ promotion_code: 'welcome10', products: [line('Adult', 0), line('Water Bottle', 0, { quantity: 1, is_addon: 1, addon_index: 0 })] });
    expect(promotion).toMatchObject({ code: DEMO_PROMO_CODES.welcome, type: 'promo', codes: [DEMO_PROMO_CODES.welcome], discount: 21.42, total: 192.78 });
    expect(promotion.products).toEqual([
      { cartIndex: 0, addon_index: null, discount: { actual_price: 100, actual_tax: 5, actual_total: 210, price: 90, tax: 4.5, total: 189, promo_code: 'WELCOME10' } },
      { cartIndex: 0, addon_index: 0, discount: { actual_price: 4, actual_tax: 0.2, actual_total: 4.2, price: 3.6, tax: 0.18, total: 3.78, promo_code: 'WELCOME10' } },
    ]);
  });

  it('[S1-7.24] a code limited to some tickets discounts only those; none of them answers the spec message [S0-5.25]', async () => {
    const promotion = await promotionOf({ promotion_code: DEMO_PROMO_CODES.splash, products: [line('Child', 0), line('Bowling Game', 1)] });
    expect(promotion.products.map((each) => each.cartIndex)).toEqual([0]);
    expect(promotion.discount).toBe(25.2);
    refused(await verify({ promotion_code: DEMO_PROMO_CODES.splash, products: [line('Bowling Game', 0)] }), 409, 'Promo not valid for selected tickets');
  });

  it('[S1-7.24] a line of another kind whose id happens to match a product takes no discount', async () => {
    const promotion = await promotionOf({ promotion_code: 'welcome10', products: [line('Adult', 0), line('Adult', 1, { product_type_id: PRODUCT_TYPE.event })] });
    expect(promotion.products.map((each) => each.cartIndex)).toEqual([0]);
  });

  it('[S1-7.24] an amount code takes its amount off each unit', async () => {
    const promotion = await promotionOf({ promotion_code: DEMO_PROMO_CODES.pitch, products: [line('Full Pitch Rental', 0)] });
    expect(promotion.products[0]?.discount).toMatchObject({ actual_total: 420, total: 370 });
  });

  it('[S0-8.21] unknown and expired codes are refused with their reasons', async () => {
    refused(await verify({ promotion_code: 'NOSUCHCODE', products: [line('Adult', 0)] }), 409, ORDER_MESSAGES.promoInvalid);
    refused(await verify({ promotion_code: DEMO_PROMO_CODES.expired, products: [line('Adult', 0)] }), 409, ORDER_MESSAGES.promoExpired);
    refused(await verify({ promotion_code: '', products: [line('Adult', 0)] }), 400);
  });

  it('[S0-1.17] a membership card with its holder\'s mobile answers the member benefit', async () => {
    const promotion = await promotionOf({ card_number: 'msp-100245', mobile: '0502345678', products: [line('Adult', 0, { quantity: 1 })] });
    expect(promotion).toMatchObject({ code: 'MSP-100245', type: 'memberships', discount: 15.75, total: 89.25 });
    refused(await verify({ card_number: 'MSP-100245', mobile: '+971501234567', products: [line('Adult', 0)] }), 409, ORDER_MESSAGES.membershipCardInvalid);
  });
});
