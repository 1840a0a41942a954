import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../auth/tokens';
import { customers } from '../../db/schema/accounts';
import { ORDER_MESSAGES } from '../orders/messages';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { refused } from '../accounts/accountsTestSupport';
import { DEMO_NOW } from '../facilities/facilitiesTestSupport';
import { day, facilityLine, orderTestApp, submitOrder } from '../orders/ordersTestSupport';

describe('the development gateway', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  beforeAll(async () => {
    app = await orderTestApp();
  });
  afterAll(() => app.t.close());

  it('answers 404 for an unknown or malformed transaction', async () => {
    const unknown = await app.t.app.inject({ method: 'GET', url: `/api/v1/dev-gateway/txn_${'0'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect((await app.t.app.inject({ method: 'POST', url: `/api/v1/dev-gateway/txn_${'0'.repeat(32)}/pay` })).statusCode).toBe(404);
    expect((await app.t.app.inject({ method: 'GET', url: '/api/v1/dev-gateway/not-a-transaction' })).statusCode).toBe(400);
  });

  it('its page allows no script (the CSP forbids inline script) and posts only to its own origin', async () => {
    const customer = await app.api.bearer('customer');
    const res = await submitOrder(app.t, {
      key: 'csp',
      products: { capacity_facility: [facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Child'), date: day(3) })] },
      headers: customer,
    });
    const url = (res.json() as { data: { url: string } }).data.url;
    const page = await app.t.app.inject({ method: 'GET', url });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
  });
});

describe('without development tools', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ devTools: false, now: () => new Date(DEMO_NOW) });
  });
  afterAll(() => t.close());

  it('the gateway is off: card orders are refused, wallet orders still go through', async () => {
    const [layla] = await t.db.select().from(customers).where(eq(customers.email, 'layla.hassan@example.com'));
    const token = await issueToken(t.db, layla?.id ?? 0, 3600, new Date(DEMO_NOW));
    const headers = { authorization: `Bearer ${token}` };
    const services = (await t.app.inject({ method: 'GET', url: '/api/v1/venue/services' })).json() as { data: { id: number; name: string; facilities: { id: number; name: string }[] }[] };
    const aqua = services.data.find((service) => service.name === 'Aqua Park');
    const facilityId = aqua?.facilities.find((facility) => facility.name === 'Aqua Park')?.id ?? 0;
    const auto = (await t.app.inject({ method: 'GET', url: `/api/v1/facilities/auto?venue_service_id=${aqua?.id}&date=${day(3)}&start_time=10:00:00&end_time=11:00:00&facility_id=${facilityId}` })).json() as {
      data: { products: { name: string; product_id: number }[] };
    };
    const child = auto.data.products.find((product) => product.name === 'Child')?.product_id ?? 0;
    const config = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json() as { data: { venue_id: number } };
    const line = facilityLine({ venue_id: config.data.venue_id, facility_id: facilityId, venue_service_id: aqua?.id ?? 0, product_id: child, date: day(3) });
    refused(await submitOrder(t, { key: 'card', products: { capacity_facility: [line] }, headers }), 503, ORDER_MESSAGES.cardPaymentUnavailable);
    expect((await submitOrder(t, { key: 'wallet', products: { capacity_facility: [line] }, headers, fields: { is_wallet: 1 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/dev-gateway/txn_${'0'.repeat(32)}` })).statusCode).toBe(404);
  });
});
