import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../src/domain/contract/envelope';
import { HEADERS } from '../../src/domain/contract/headers';
import { ID_OUT_OF_RANGE, NOT_A_CALENDAR_DATE } from '../../src/domain/contract/primitives';
import { multipart } from '../routes/accounts/accountsTestSupport';
import { emptyProducts } from '../testing/cartLines';
import { createTestApp, type TestApp } from '../testing/testApp';
import { MULTIPART_UNREADABLE, NUL_REFUSED } from './malformedInput';

let t: TestApp;
let bearer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const minted = await t.app.inject({ method: 'POST', url: '/api/v1/dev/token', payload: { customer: 'customer' } });
  bearer = { authorization: `Bearer ${(minted.json() as { data: { token: string } }).data.token}` };
});
afterAll(() => t.close());

function refusedWith(response: { statusCode: number; body: string; json: () => unknown }, message: string) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(errorBody.parse(response.json()).message).toContain(message);
}

const benefitLine = { quantity: 1, venue_id: 1, price: 10, tax: 0.5, product_id: 1, product_type_id: 1, cartIndex: 0, is_addon: 0 };

describe('malformed input is refused with a 4xx that says what to fix', () => {
  it('ids from 2^31 up, in the address, the query and the body', async () => {
    refusedWith(await t.app.inject({ method: 'GET', url: '/api/v1/events/2147483648' }), ID_OUT_OF_RANGE);
    refusedWith(await t.app.inject({ method: 'GET', url: '/api/v1/facilities/fieldConfig?venue_service_id=2147483648' }), ID_OUT_OF_RANGE);
    const body = { products: [{ ...benefitLine, product_id: 2 ** 31 }], promotion_code: 'WELCOME10' };
    refusedWith(await t.app.inject({ method: 'POST', url: '/api/v1/benefits/verify', payload: body, headers: bearer }), ID_OUT_OF_RANGE);
  });

  it('NUL characters in an address, a promotion code, a terminal code and order notes', async () => {
    refusedWith(await t.app.inject({ method: 'GET', url: '/api/v1/pages/%00' }), NUL_REFUSED);
    const promotion = { products: [benefitLine], promotion_code: 'WELCOME\u000010' };
    refusedWith(await t.app.inject({ method: 'POST', url: '/api/v1/benefits/verify', payload: promotion, headers: bearer }), NUL_REFUSED);
    refusedWith(await t.app.inject({ method: 'POST', url: '/api/v1/terminals/provision', payload: { code: 'LOBBY\u0000-1', pin: '2468' } }), NUL_REFUSED);
    const order = multipart([
      ['product', JSON.stringify(emptyProducts())],
      ['order_notes', 'Gate\u00002'],
    ]);
    const placed = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: order.payload, headers: { ...order.headers, ...bearer, [HEADERS.idempotencyKey]: 'nul-notes' } });
    refusedWith(placed, NUL_REFUSED);
  });

  it('days that do not exist', async () => {
    refusedWith(await t.app.inject({ method: 'GET', url: '/api/v1/events/1/places?date=2026-02-30' }), NOT_A_CALENDAR_DATE);
    const check = { workshop_program_id: 1, product_id: 1, start_date: '2026-13-01', days: [1] };
    refusedWith(await t.app.inject({ method: 'POST', url: '/api/v1/workshops/check', payload: check }), NOT_A_CALENDAR_DATE);
  });

  it.each(['orders', 'auth/register', 'file/save/data'])('a multipart body to %s with a missing or huge boundary', async (path) => {
    const headers = { ...bearer, [HEADERS.idempotencyKey]: `boundary-${path}` };
    for (const contentType of ['multipart/form-data', `multipart/form-data; boundary=${'b'.repeat(300)}`]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/${path}`, payload: '--b\r\n\r\n', headers: { ...headers, 'content-type': contentType } });
      refusedWith(response, MULTIPART_UNREADABLE);
    }
  });
});
