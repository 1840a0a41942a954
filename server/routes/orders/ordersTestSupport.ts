import { type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import { balancesResponse, orderResponse, orderSummaryResponse, type orderProducts, type OrderProducts, type OrderResult, type OrderSummary } from '../../../src/domain/contract/orders';
import { facilityWithProductsResponse } from '../../../src/domain/contract/facilities';
import { HEADERS } from '../../../src/domain/contract/headers';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { cartFacilityLine, emptyProducts } from '../../testing/cartLines';
import { caller, manualClock, multipart, patchConfig } from '../accounts/accountsTestSupport';
import { DEMO_NOW, day, facilityApi, type Headers } from '../facilities/facilitiesTestSupport';

export type FacilityLine = OrderProducts['capacity_facility'][number];
export type OrderFields = Record<string, string | number>;

/** A test app on the demo clock, with the demo's service, facility and product ids; guests may check out if asked. */
export async function orderTestApp({ uploadsDir, guestCheckout = false }: { uploadsDir?: string; guestCheckout?: boolean } = {}) {
  const clock = manualClock(DEMO_NOW);
  const t = await createTestApp({ now: clock.now, uploadsDir });
  if (guestCheckout) await patchConfig(caller(t), { is_guest_checkout: 1 });
  const api = facilityApi(t);
  const ids = await api.ids();
  const product: Record<string, number> = {};
  const readProducts = async (query: string) => {
    const res = await api.get(`facilities/auto?${query}`);
    const data = facilityWithProductsResponse.parse(res.json()).data;
    for (const each of [...data.default_products, ...data.products, ...data.categories.flatMap((category) => category.products)]) product[each.name] = each.product_id;
  };
  await readProducts(`venue_service_id=${ids.aqua}&date=${day(3)}&start_time=10:00:00&end_time=11:00:00&facility_id=${ids.aquaPark}`);
  await readProducts(`venue_service_id=${ids.bowling}&date=${day(3)}&start_time=18:00:00&end_time=19:00:00&facility_id=${ids.vipLanes}`);
  await readProducts(`venue_service_id=${ids.football}&date=${day(3)}&start_time=19:00:00&end_time=20:00:00&facility_id=${ids.mainPitch}`);
  const productId = (name: string) => {
    const found = product[name];
    if (found === undefined) throw new Error(`no product ${name}`);
    return found;
  };
  return { t, clock, api, ids, productId, venueId: await venueIdOf(t) };
}

async function venueIdOf(t: TestApp): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
  return (res.json() as { data: { venue_id: number } }).data.venue_id;
}

/** The fields every line carries, at prices the server must not believe (it prices from its catalogue). */
export const commonLineFields = (venueId: number, productTypeId: number, quantity = 1) => ({
  venue_id: venueId,
  product_type_id: productTypeId,
  quantity,
  price: 1,
  tax_amount: 0,
  total_price: 1,
  customers: [],
  addons: [],
  discount: null,
});

/** A facility line as the cart sends it, on day(3) unless given. */
export const facilityLine = (fields: Pick<FacilityLine, 'venue_id' | 'facility_id' | 'venue_service_id' | 'product_id'> & Partial<FacilityLine>): FacilityLine =>
  cartFacilityLine({ date: day(3), ...fields });

export interface Submission {
  key: string;
  /** As the client writes it (defaults may be left out). */
  products: Partial<z.input<typeof orderProducts>>;
  fields?: OrderFields;
  headers?: Headers;
}

/** POST orders as the browser's FormData sends it. */
export function submitOrder(t: TestApp, { key, products, fields = {}, headers = {} }: Submission): Promise<LightMyRequestResponse> {
  const entries: [string, string][] = [
    ['product', JSON.stringify({ ...emptyProducts(), ...products })],
    ...Object.entries(fields).map(([name, value]): [string, string] => [name, String(value)]),
  ];
  const body = multipart(entries);
  return t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: body.payload, headers: { ...body.headers, [HEADERS.idempotencyKey]: key, ...headers } });
}

export function orderResult(res: LightMyRequestResponse): OrderResult {
  expect(res.statusCode, res.body).toBe(200);
  return orderResponse.parse(res.json()).data;
}

export async function orderSummaryOf(t: TestApp, token: string): Promise<OrderSummary> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${token}` });
  expect(res.statusCode, res.body).toBe(200);
  return orderSummaryResponse.parse(res.json()).data;
}

export async function balancesOf(t: TestApp, headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/customers/balances', headers });
  expect(res.statusCode, res.body).toBe(200);
  return balancesResponse.parse(res.json()).data;
}

/** Presses a button of the development gateway's page; answers where the browser is sent. */
export async function pressGateway(t: TestApp, url: string, button: 'pay' | 'decline'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${url}/${button}` });
  expect(res.statusCode, res.body).toBe(303);
  return String(res.headers.location);
}


export { day };
