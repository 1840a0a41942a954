import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { fieldConfigResponse, type visitorEntry } from '../../../src/domain/contract/visitors';
import { orderLines, orders } from '../../db/schema/orders';
import { refused } from '../accounts/accountsTestSupport';
import { day, facilityLine, orderResult, orderTestApp, submitOrder } from '../orders/ordersTestSupport';

type VisitorEntryInput = z.input<typeof visitorEntry>;

/** The passport, ID expiry and booking reason fields of a visitor (S0-3.10), as the order keeps them. */
describe('visitor passport details and booking reason', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let keys = 0;
  const guest = { is_anonymous: 1, first_name: 'Mira', last_name: 'Saleh', email: 'mira.passport@example.com', mobile: '0509990002' };
  const visitor: VisitorEntryInput = {
    name: 'Mira Saleh',
    email: 'mira.passport@example.com',
    mobile_number: '+971509990002',
    id_proof_type_id: 33,
    id_proof_number: 'N1234567',
    passport_issue_date: '2020-01-10',
    expiry_date: '2030-01-09',
    place_of_birth: 'Muscat',
    booking_reason: 'Swimming lessons',
  };

  beforeAll(async () => {
    app = await orderTestApp({ guestCheckout: true });
  });
  afterAll(() => app.t.close());

  const order = (customer: typeof visitor) =>
    submitOrder(app.t, {
      key: `guest-fields-${++keys}`,
      products: {
        capacity_facility: [
          { ...facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Child'), date: day(5) }), customers: [customer] },
        ],
      },
      fields: guest,
    });

  it('the Aqua Park asks for a booking reason; a service that never set it does not', async () => {
    const config = async (serviceId: number) =>
      fieldConfigResponse.parse((await app.t.app.inject({ url: `/api/v1/facilities/fieldConfig?venue_service_id=${serviceId}` })).json()).data;
    expect((await config(app.ids.aqua)).booking_reason).toEqual({ is_visible: 1, is_required: 0 });
    expect((await config(app.ids.bowling)).booking_reason).toBeUndefined();
  });

  it('[S0-3.10] an order keeps each visitor\'s passport issue date, place of birth, ID expiry and booking reason', async () => {
    const result = orderResult(await order(visitor));
    const lines = await app.t.db
      .select({ customers: orderLines.customers })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.token, result.order_token));
    expect(lines[0]?.customers).toEqual([expect.objectContaining(visitor)]);
  });

  it('refuses a day that does not exist, an expiry not after the issue and over-long text with 400 and a message', async () => {
    const where = 'capacity_facility.0.customers.0';
    refused(await order({ ...visitor, expiry_date: '2030-02-30' }), 400, `${where}.expiry_date: Send a date that exists on the calendar, as YYYY-MM-DD`);
    refused(await order({ ...visitor, expiry_date: '2020-01-10' }), 400, `${where}.expiry_date: The ID expiry date must be after the passport issue date`);
    refused(await order({ ...visitor, place_of_birth: 'x'.repeat(101) }), 400, `${where}.place_of_birth: Place of birth cannot be longer than 100 characters`);
    refused(await order({ ...visitor, booking_reason: 'x'.repeat(501) }), 400, `${where}.booking_reason: Booking reason cannot be longer than 500 characters`);
  });
});
