import { describe, expect, it } from 'vitest';
import { benefitProduct, benefitsVerifyBody, orderPayload, orderProducts, promotion as promotionSchema, type LineDiscount, type Promotion } from '../contract/orders';
import { academyLineFixture, eventLineFixture, membershipLineFixture, offerLineFixture, posLineFixture, trainerLineFixture } from './cartLineFixtures';
import { facilityAddonFixture, facilityLineFixture } from './facilityLineFixture';
import { type CartLine } from './lines';
import { applyPromotion, benefitProducts, promotionApplies, removePromotion, toOrderProducts } from './orderPayload';
import { PRODUCT_TYPE } from '../productTypes';

const visitor = { customer_id: null, name: 'Ann Lee', email: 'ann@example.com', mobile_number: '501234567', country_code: '971', documents: [], additional_fields: [], save_detail_for_future: false };

const discount = (total: number, actual = 105): LineDiscount => ({ actual_price: 100, actual_tax: 5, actual_total: actual, price: total / 1.05, tax: total - total / 1.05, total, promo_code: 'SAVE10' });

const everyKind: CartLine[] = [
  facilityLineFixture({ customers: [visitor], addons: [facilityAddonFixture({ quantity: 2 })], hold_expires_at: '2026-11-22T09:15:00Z' }),
  eventLineFixture(),
  trainerLineFixture(),
  academyLineFixture(),
  offerLineFixture(),
  posLineFixture({ addons: [facilityAddonFixture({ group: 'line-1', product_id: 91 })] }),
];

describe('toOrderProducts', () => {
  it('[S1-3.19] [S1-3.36] groups every kind as capacity_facility, event, membership, workshop, training, offers and pos', () => {
    const products = toOrderProducts([...everyKind, membershipLineFixture()]);
    expect(Object.keys(products)).toEqual(['capacity_facility', 'event', 'membership', 'workshop', 'training', 'offers', 'pos']);
    expect(Object.values(products).map((lines) => lines.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect([...everyKind, membershipLineFixture()].map((line) => line.type)).toEqual(['facility', 'event', 'trainer', 'academy', 'offer', 'pos', 'membership']);
  });

  it('[S1-3.20] [S1-3.22] [S1-3.36] each line parses with its kind’s contract schema, keeping the fields the server reads', () => {
    const products = toOrderProducts([...everyKind, membershipLineFixture()]);
    expect(orderProducts.parse(products)).toEqual(products);
    const [facility] = products.capacity_facility;
    expect(facility).toEqual({
      venue_id: 1,
      product_id: 1,
      product_type_id: PRODUCT_TYPE.facility,
      quantity: 1,
      price: 100,
      tax_amount: 5,
      total_price: 105,
      customers: [visitor],
      addons: [{ product_id: 90, quantity: 2, price: 5, tax_amount: 0.25, discount: null }],
      discount: null,
      date: '2026-11-22',
      start_time: '10:00:00',
      end_time: '11:00:00',
      facility_id: 1,
      venue_service_id: 1,
      is_full_day: 0,
      is_open_dated: 0,
      save_detail_for_future: 0,
      seasonal_pricing_id: null,
      group: 'group-1',
      participant_count: 1,
    });
    expect(products.membership[0]).toMatchObject({ membership_id: 5, package_id: 51, start_date: '2026-12-01', is_renewal: 0 });
    expect(products.workshop[0]).toMatchObject({ workshop_id: 6, workshop_program_id: 61, start_date: '2026-12-01', days: [2, 8] });
    expect(products.training[0]).toMatchObject({ trainer_id: 4, date: '2026-11-22', start_time: '09:00:00' });
    expect(products.offers[0]).toMatchObject({ offer_id: 7 });
    expect(products.pos[0]).toMatchObject({ outlet_id: 8, addons: [{ product_id: 91 }] });
  });

  it('[S1-3.35] the product field of the order payload is the JSON of the grouped lines', () => {
    const payload = orderPayload.parse({ product: JSON.stringify(toOrderProducts(everyKind)), is_wallet: '1' });
    expect(orderProducts.parse(JSON.parse(payload.product))).toEqual(toOrderProducts(everyKind));
    expect(Object.keys(orderPayload.shape)).toEqual([
      'cardId',
      'email',
      'first_name',
      'last_name',
      'gender',
      'mobile',
      'product',
      'customerId',
      'is_wallet',
      'is_qpoints',
      'save_card',
      'order_notes',
      'is_anonymous',
      'isBaps',
      'card_number',
    ]);
  });
});

describe('benefits', () => {
  it('[S1-7.24] benefitProducts lists each line and each add-on with its cartIndex and addon_index', () => {
    const products = benefitProducts(everyKind);
    for (const product of products) benefitProduct.parse(product);
    expect(products.map((p) => [p.cartIndex, p.addon_index, p.is_addon, p.product_id])).toEqual([
      [0, null, 0, 1],
      [0, 0, 1, 90],
      [1, null, 0, 10],
      [2, null, 0, 10],
      [3, null, 0, 10],
      [4, null, 0, 10],
      [5, null, 0, 10],
      [5, 0, 1, 91],
    ]);
    expect(products[0]).toMatchObject({ quantity: 1, venue_id: 1, price: 100, tax: 5, date: '2026-11-22', item_id: 1, product_type_id: PRODUCT_TYPE.facility });
    expect(products[1]).toMatchObject({ quantity: 2, price: 5, tax: 0.25, date: '2026-11-22', item_id: 1 });
    expect(products[3]).toMatchObject({ date: '2026-11-22', item_id: 4 });
    expect(products[4]).toMatchObject({ date: '2026-12-01', item_id: 6 });
    expect(products[5]).toMatchObject({ date: null, item_id: 7 });
    expect(benefitsVerifyBody.safeParse({ products, promotion_code: 'SAVE10' }).success).toBe(true);
  });

  it('[S1-3.21] [S1-3.34] applyPromotion puts each discount on the line or add-on it names; removePromotion clears them', () => {
    const promotion: Promotion = promotionSchema.parse({
      code: 'SAVE10',
      type: 'promo',
      codes: ['SAVE10'],
      discount: 11.05,
      total: 100,
      products: [
        { cartIndex: 0, addon_index: null, discount: discount(94.5) },
        { cartIndex: 0, addon_index: 0, discount: discount(10, 10.5) },
      ],
    });
    const applied = applyPromotion(everyKind, promotion);
    expect(applied[0]?.discount).toEqual(discount(94.5));
    expect(applied[0]?.addons[0]?.discount).toEqual(discount(10, 10.5));
    expect(applied[1]?.discount).toBeNull();
    expect(toOrderProducts(applied).capacity_facility[0]).toMatchObject({ discount: discount(94.5), addons: [{ discount: discount(10, 10.5) }] });
    const removed = removePromotion(applied);
    expect(removed.every((line) => line.discount === null && line.addons.every((addon) => addon.discount === null))).toBe(true);
  });

  it('a promotion that names nothing in the cart does not apply', () => {
    const none: Promotion = { code: 'X', type: 'promo', codes: [], discount: 0, total: 0, products: [] };
    expect(promotionApplies(everyKind, none)).toBe(false);
    expect(promotionApplies(everyKind, { ...none, products: [{ cartIndex: 9, addon_index: null, discount: discount(1) }] })).toBe(false);
    expect(promotionApplies(everyKind, { ...none, products: [{ cartIndex: 1, addon_index: 3, discount: discount(1) }] })).toBe(false);
    expect(promotionApplies(everyKind, { ...none, products: [{ cartIndex: 0, addon_index: 0, discount: discount(1) }] })).toBe(true);
  });
});
