import { lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerListResponse, outletListResponse, outletResponse, type Offer, type OutletWithProducts } from '../../../src/domain/contract/offersOutlets';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { offers } from '../../db/schema/catalogue';
import { refused } from '../accounts/accountsTestSupport';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { day, orderResult, orderSummaryOf, orderTestApp, submitOrder } from './ordersTestSupport';
import { ORDER_MESSAGES } from './messages';
import { OFFER_OUTLET_MESSAGES } from './otherLines';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';

describe('POST orders with packages and outlet products', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let offersOnSale: Offer[];
  let cafe: OutletWithProducts;
  let shop: OutletWithProducts;
  let keys = 0;

  const get = async (url: string) => (await app.t.app.inject({ url: `/api/v1/${url}` })).json() as unknown;
  const order = (products: Partial<OrderProducts>) => submitOrder(app.t, { key: `offers-outlets-${++keys}`, products, headers: customer });
  /** A line as the cart sends it, at a price the server must not believe. */
  const common = () => ({ venue_id: app.venueId, product_type_id: PRODUCT_TYPE.offer, quantity: 1, price: 0.01, tax_amount: 0, total_price: 0.01, customers: [], addons: [], discount: null });
  const offerLine = (offer: Offer, quantity = 1) => ({ ...common(), product_id: offer.id, offer_id: offer.id, quantity });
  const posLine = (outlet: OutletWithProducts, index: number, quantity = 1) => {
    const product = outlet.products[index];
    if (!product) throw new Error(`no product ${index} at ${outlet.name}`);
    return { ...common(), product_id: product.id, outlet_id: outlet.id, quantity };
  };

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    offersOnSale = offerListResponse.parse(await get('offers')).data.data;
    const outlets = outletListResponse.parse(await get('outlets')).data.data;
    const [first, second] = await Promise.all(outlets.map(async (outlet) => outletResponse.parse(await get(`outlets/${outlet.id}`)).data));
    if (!first || !second) throw new Error('the demo has two outlets');
    [cafe, shop] = [first, second];
  });
  afterAll(() => app.t.close());

  it('[S1-3.19] a package is priced from the offers table, whatever price the client names', async () => {
    const family = offersOnSale.find((offer) => offer.name === 'Family Fun Day');
    if (!family) throw new Error('no Family Fun Day');
    const result = orderResult(await order({ offers: [offerLine(family, 2)] }));
    expect(await orderSummaryOf(app.t, result.order_token)).toMatchObject({
      subtotal: 800,
      vat: 40,
      total: 840,
      lines: [{ kind: 'offer', name: 'Family Fun Day', ar_name: 'يوم المرح العائلي', quantity: 2, total: 840 }],
    });
  });

  it("[S1-5.46] the same package twice is 'Package already in cart'; an ended or unknown package is not sold", async () => {
    const [first] = offersOnSale;
    if (!first) throw new Error('no offers');
    refused(await order({ offers: [offerLine(first), offerLine(first)] }), 409, OFFER_OUTLET_MESSAGES.packageDuplicate);
    const [ended] = await app.t.db.select().from(offers).where(lt(offers.validTo, day(0)));
    if (!ended) throw new Error('no ended offer');
    refused(await order({ offers: [{ ...common(), product_id: ended.id, offer_id: ended.id }] }), 404, ORDER_MESSAGES.itemNotFound);
    refused(await order({ offers: [{ ...common(), product_id: 9999, offer_id: 9999 }] }), 404, ORDER_MESSAGES.itemNotFound);
  });

  it('[S1-3.19] outlet products are priced from the outlet, whatever price the client names', async () => {
    const result = orderResult(await order({ pos: [posLine(cafe, 0, 2), posLine(cafe, 2)] }));
    expect(await orderSummaryOf(app.t, result.order_token)).toMatchObject({
      subtotal: 71,
      vat: 3.55,
      total: 74.55,
      lines: [
        { kind: 'pos', name: 'Iced Coffee', quantity: 2, total: 37.8 },
        { kind: 'pos', name: 'Club Sandwich', quantity: 1, total: 36.75 },
      ],
    });
  });

  it('[S1-5.49] products of two outlets in one order are refused; a product named under another outlet is not sold', async () => {
    refused(await order({ pos: [posLine(cafe, 0), posLine(shop, 0)] }), 409, OFFER_OUTLET_MESSAGES.otherOutlet);
    refused(await order({ pos: [{ ...posLine(shop, 0), outlet_id: cafe.id }] }), 404, ORDER_MESSAGES.itemNotFound);
    refused(await order({ pos: [posLine(cafe, 1), posLine(cafe, 1)] }), 409, ORDER_MESSAGES.productDuplicate);
  });

  it('[S1-3.19] a package and outlet products check out together', async () => {
    const [first] = offersOnSale;
    if (!first) throw new Error('no offers');
    const result = orderResult(await order({ offers: [offerLine(first)], pos: [posLine(shop, 0)] }));
    const summary = await orderSummaryOf(app.t, result.order_token);
    expect(summary.lines.map((line) => [line.kind, line.name, line.total])).toEqual([
      ['offer', 'Splash & Bowl Combo', 189],
      ['pos', 'Sports Cap', 42],
    ]);
    expect(summary.total).toBe(231);
  });
});
