import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIMITS } from '../../../src/domain/contract/orderLimits';
import { customers } from '../../db/schema/accounts';
import { refused } from '../accounts/accountsTestSupport';
import { day, facilityLine, orderResult, orderSummaryOf, orderTestApp, submitOrder } from './ordersTestSupport';

describe('POST orders as a guest', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let keys = 0;
  const guest = { is_anonymous: 1, first_name: 'Mira', last_name: 'Saleh', email: 'mira.guest@example.com', mobile: '0509990001' };

  beforeAll(async () => {
    app = await orderTestApp({ guestCheckout: true });
  });
  afterAll(() => app.t.close());

  const asGuest = (fields: Record<string, string | number>) =>
    submitOrder(app.t, {
      key: `guest-details-${++keys}`,
      products: { capacity_facility: [facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Child'), date: day(5) })] },
      fields,
    });
  const guestsNamed = (email: string) => app.t.db.select().from(customers).where(eq(customers.email, email));

  it('[S0-1.22] guest details pass the rules every form applies; nothing is kept of a refused guest', async () => {
    refused(await asGuest({ ...guest, first_name: '<img src=x onerror=alert(1)>', email: 'xss@example.com' }), 422, 'First name must be a valid name in Latin or Arabic');
    refused(await asGuest({ ...guest, last_name: 'Saleh<script>', email: 'xss@example.com' }), 422, 'Last name must be a valid name in Latin or Arabic');
    refused(await asGuest({ ...guest, email: 'not-an-email' }), 422, 'Please input correct email address');
    refused(await asGuest({ ...guest, mobile: '+971abc', email: 'xss@example.com' }), 422, 'Mobile number is not valid');
    expect(await guestsNamed('xss@example.com')).toEqual([]);
    expect(await guestsNamed('not-an-email')).toEqual([]);
  });

  it('text fields have length limits', async () => {
    refused(await asGuest({ ...guest, first_name: 'M'.repeat(61) }), 400, 'first_name: At most 60 characters');
    refused(await asGuest({ ...guest, order_notes: 'n'.repeat(ORDER_LIMITS.notes + 1) }), 400, `order_notes: At most ${ORDER_LIMITS.notes} characters`);
  });

  it('a guest who passes is kept as the form wrote them, the mobile as every account stores it', async () => {
    const result = orderResult(await asGuest({ ...guest, first_name: ' Mira ', order_notes: 'n'.repeat(ORDER_LIMITS.notes) }));
    expect((await orderSummaryOf(app.t, result.order_token)).status).toBe('pending_payment');
    expect(await guestsNamed(guest.email)).toMatchObject([{ firstName: 'Mira', lastName: 'Saleh', mobile: '+971509990001', isAnonymous: true }]);
  });
});
