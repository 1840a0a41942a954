import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_POST_GATEWAY } from '../../../src/domain/contract/orders';
import { cartHolds, facilityBookings } from '../../db/schema/facilities';
import { payments } from '../../db/schema/orders';
import { ORDER_MESSAGES } from './messages';
import { DEMO_BALANCES } from '../../seed/commerce';
import { caller, latestMessage, patchConfig, refused } from '../accounts/accountsTestSupport';
import { issueCartSession, sessionHeader, type Headers } from '../facilities/facilitiesTestSupport';
import {
  balancesOf,
  day,
  facilityLine,
  orderResult,
  orderSummaryOf,
  orderTestApp,
  pressGateway,
  submitOrder,
  type FacilityLine,
} from './ordersTestSupport';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';

describe('POST orders', () => {
  let app: Awaited<ReturnType<typeof orderTestApp>>;
  let customer: Headers;
  let member: Headers;
  let partner: Headers;
  let keys = 0;
  const key = () => `key-${++keys}`;

  beforeAll(async () => {
    app = await orderTestApp();
    customer = await app.api.bearer('customer');
    member = await app.api.bearer('member');
    partner = await app.api.bearer('partner');
  });
  afterAll(() => app.t.close());

  const aquaTicket = (name: string, fields: Partial<FacilityLine> = {}) =>
    facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId(name), ...fields });
  const vipGame = (fields: Partial<FacilityLine> = {}) =>
    facilityLine({ venue_id: app.venueId, facility_id: app.ids.vipLanes, venue_service_id: app.ids.bowling, product_id: app.productId('VIP Bowling Game'), start_time: '18:00:00', end_time: '19:00:00', ...fields });
  const order = (products: Parameters<typeof submitOrder>[1]['products'], headers: Headers, fields = {}) =>
    submitOrder(app.t, { key: key(), products, headers, fields });

  it('[S1-7.20] [S1-4.25] a card order prices from the catalogue, holds its places and answers the hosted page; Pay confirms it [S0-2.35]', async () => {
    const result = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { quantity: 2, price: 1, total_price: 1 })] }, customer));
    expect(result).toMatchObject({ pg: 'redirect', isApprovalRequired: false, form_fields: null });
    expect(result.url).toBe(`/api/v1/dev-gateway/${result.transactionId}`);
    const pending = await orderSummaryOf(app.t, result.order_token);
    expect(pending).toMatchObject({ status: 'pending_payment', subtotal: 200, vat: 10, total: 210, paid_by_card: 210, tickets: [] });

    const page = await app.t.app.inject({ method: 'GET', url: result.url ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain(`action="${result.url}/pay"`);
    expect(page.body).toContain(`action="${result.url}/decline"`);

    expect(await pressGateway(app.t, result.url ?? '', 'pay')).toBe(`/paymentsuccess/${result.order_token}`);
    const paid = await orderSummaryOf(app.t, result.order_token);
    expect(paid.status).toBe('paid');
    expect(paid.tickets).toHaveLength(2);
    const confirmation = await latestMessage(caller(app.t), 'layla.hassan@example.com');
    expect(confirmation.subject).toBe(`Order ${paid.reference} confirmed`);
    expect(confirmation.body).toContain(paid.tickets[0]?.code);
  });

  it('[S1-7.20] the gateway answers are idempotent: a second Pay or a late Decline only redirects again', async () => {
    const result = orderResult(await order({ capacity_facility: [aquaTicket('Child')] }, customer));
    const url = result.url ?? '';
    const success = `/paymentsuccess/${result.order_token}`;
    expect(await pressGateway(app.t, url, 'pay')).toBe(success);
    expect(await pressGateway(app.t, url, 'pay')).toBe(success);
    expect(await pressGateway(app.t, url, 'decline')).toBe(success);
    const rows = await app.t.db.select().from(payments).where(eq(payments.transactionId, result.transactionId ?? ''));
    expect(rows.map((row) => row.status)).toEqual(['paid']);
    expect((await orderSummaryOf(app.t, result.order_token)).status).toBe('paid');
    // The page of a settled payment sends the browser on instead of offering Pay again.
    const again = await app.t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(success);
  });

  it('[S0-2.36] [S0-8.19] Decline fails the order, gives back its places and the wallet part; Pay afterwards fails too', async () => {
    const before = await balancesOf(app.t, customer);
    const result = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { quantity: 2, date: day(4) })] }, customer, { is_wallet: 1 }));
    const pending = await orderSummaryOf(app.t, result.order_token);
    expect(pending).toMatchObject({ paid_by_wallet: before.wallet, paid_by_card: 210 - before.wallet });
    expect((await balancesOf(app.t, customer)).wallet).toBe(0);
    expect(await pressGateway(app.t, result.url ?? '', 'decline')).toBe('/paymentfailed');
    expect(await pressGateway(app.t, result.url ?? '', 'decline')).toBe('/paymentfailed');
    expect(await pressGateway(app.t, result.url ?? '', 'pay')).toBe('/paymentfailed');
    expect((await orderSummaryOf(app.t, result.order_token)).status).toBe('failed');
    expect((await balancesOf(app.t, customer)).wallet).toBe(before.wallet);
    const bookings = await app.t.db.select().from(facilityBookings).where(and(eq(facilityBookings.facilityId, app.ids.aquaPark), eq(facilityBookings.date, day(4))));
    expect(bookings.map((booking) => booking.statusId)).toEqual([2]);
  });

  it('[S0-1.13] the wallet pays a whole order: no gateway, paid at once', async () => {
    const result = orderResult(await order({ capacity_facility: [aquaTicket('Child', { date: day(5) })] }, customer, { is_wallet: 1 }));
    expect(result).toMatchObject({ pg: null, url: null, transactionId: null, isApprovalRequired: false });
    expect(await orderSummaryOf(app.t, result.order_token)).toMatchObject({ status: 'paid', paid_by_wallet: 63, paid_by_card: 0 });
    expect((await balancesOf(app.t, customer)).wallet).toBe(DEMO_BALANCES.customerWallet - 63);
  });

  it('[S0-1.14] q-points pay part and the card the rest', async () => {
    const result = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { quantity: 2, date: day(5) })] }, member, { is_qpoints: 1 }));
    expect(await orderSummaryOf(app.t, result.order_token)).toMatchObject({ status: 'pending_payment', paid_by_qpoints: 120, paid_by_card: 90 });
    expect((await balancesOf(app.t, member)).qpoints).toBe(0);
  });

  it('[S0-1.15] [S0-1.21] [S0-5.23] partner credit pays within the limit and refuses beyond it', async () => {
    expect(await balancesOf(app.t, partner)).toMatchObject({ credit_limit: 1000, credit_used: 350 });
    const within = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { quantity: 2, date: day(6) })] }, partner));
    expect(within).toMatchObject({ pg: null, url: null });
    expect(await orderSummaryOf(app.t, within.order_token)).toMatchObject({ status: 'paid', paid_by_credit: 210 });
    expect((await balancesOf(app.t, partner)).credit_used).toBe(560);
    refused(await order({ capacity_facility: [aquaTicket('Family Pass', { quantity: 2, participant_count: 4, date: day(6) })] }, partner), 422, ORDER_MESSAGES.creditLimit);
    expect((await balancesOf(app.t, partner)).credit_used).toBe(560);
  });

  it('[S1-4.27] a product that needs approval answers isApprovalRequired, and waits for approval once paid', async () => {
    const byCredit = orderResult(await order({ capacity_facility: [vipGame()] }, partner));
    expect(byCredit).toMatchObject({ pg: null, isApprovalRequired: true });
    expect((await orderSummaryOf(app.t, byCredit.order_token)).status).toBe('awaiting_approval');
    const byCard = orderResult(await order({ capacity_facility: [vipGame({ start_time: '19:00:00', end_time: '20:00:00' })] }, customer));
    expect(byCard).toMatchObject({ pg: 'redirect', isApprovalRequired: true });
    await pressGateway(app.t, byCard.url ?? '', 'pay');
    expect((await orderSummaryOf(app.t, byCard.order_token)).status).toBe('awaiting_approval');
  });

  it('[S1-4.24] the form-post gateway answers its fields; posting them shows the hosted page', async () => {
    expect((await app.t.app.inject({ method: 'POST', url: '/api/v1/dev/payment-settings', payload: { gateway: FORM_POST_GATEWAY } })).statusCode).toBe(200);
    const result = orderResult(await order({ capacity_facility: [aquaTicket('Child', { date: day(7) })] }, customer));
    expect(result.pg).toBe(FORM_POST_GATEWAY);
    expect(result.form_fields).toMatchObject({ transaction_id: result.transactionId, amount: '63.00', currency: 'AED' });
    const page = await app.t.app.inject({
      method: 'POST',
      url: result.url ?? '',
      payload: new URLSearchParams(result.form_fields ?? {}).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Development payment gateway');
    await app.t.app.inject({ method: 'POST', url: '/api/v1/dev/payment-settings', payload: { gateway: 'redirect' } });
  });

  it('[S1-7.20] a saved card is offered on the page; save_card keeps a new one (never its number)', async () => {
    const { saved_cards: [card] } = await balancesOf(app.t, customer);
    expect(card).toMatchObject({ brand: 'Visa', last4: '4242', expiry: '12/29' });
    const withSaved = orderResult(await order({ capacity_facility: [aquaTicket('Child', { date: day(8) })] }, customer, { cardId: card?.id ?? 0 }));
    expect((await app.t.app.inject({ method: 'GET', url: withSaved.url ?? '' })).body).toContain('Visa ending 4242');
    refused(await order({ capacity_facility: [aquaTicket('Child', { date: day(8) })] }, member, { cardId: card?.id ?? 0 }), 404, ORDER_MESSAGES.cardNotFound);
    const saving = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { date: day(8) })] }, member, { save_card: 1 }));
    await pressGateway(app.t, saving.url ?? '', 'pay');
    expect((await balancesOf(app.t, member)).saved_cards).toHaveLength(1);
  });

  it('[S1-8.5] [S1-8.6] [S1-8.10] capacity is re-checked with the spec messages', async () => {
    // 116 of 120 places are sold on day(0) 15:00 (demo seed).
    const late = (fields: Partial<FacilityLine>) => aquaTicket('Adult', { date: day(0), start_time: '15:00:00', end_time: '16:00:00', ...fields });
    const tooMany = await order({ capacity_facility: [late({ quantity: 5 })] }, customer);
    expect(refused(tooMany, 409, 'Maximum capacity reached, remaining capacity is 4, requested capacity is 5').status).toBe(false);
    refused(await order({ capacity_facility: [late({ product_id: app.productId('Family Pass'), participant_count: 4, quantity: 2 })] }, customer), 409, 'Maximum capacity reached, remaining capacity is 4, requested capacity is 8');
    orderResult(await order({ capacity_facility: [late({ quantity: 4 })] }, customer));
    refused(await order({ capacity_facility: [late({})] }, member), 409, 'Maximum capacity reached');
    const bookedPitch = facilityLine({
      venue_id: app.venueId,
      facility_id: app.ids.mainPitch,
      venue_service_id: app.ids.football,
      product_id: app.productId('Full Pitch Rental'),
      date: day(0),
      start_time: '19:00:00',
      end_time: '20:00:00',
    });
    refused(await order({ capacity_facility: [bookedPitch] }, customer), 409, 'No facility available for selected time slot');
  });

  it('[S1-7.21] another session\'s hold takes places; the caller\'s own hold is theirs and is released by the order', async () => {
    const slot = { date: day(9), start_time: '13:00:00', end_time: '14:00:00' };
    const holder = await issueCartSession(app.t);
    const hold = await app.t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/sync',
      payload: { products: [{ product_id: app.productId('Adult'), facility_id: app.ids.aquaPark, quantity: 20, ...slot }] },
      headers: sessionHeader(holder),
    });
    expect(hold.statusCode, hold.body).toBe(200);
    await app.t.db.insert(facilityBookings).values({ facilityId: app.ids.aquaPark, productId: app.productId('Adult'), ...{ date: slot.date, startTime: slot.start_time, endTime: slot.end_time }, quantity: 100 });
    refused(await order({ capacity_facility: [aquaTicket('Adult', slot)] }, member, {}), 409, 'Maximum capacity reached');
    refused(await submitOrder(app.t, { key: key(), products: { capacity_facility: [aquaTicket('Adult', slot)] }, headers: { ...member, ...sessionHeader('other') } }), 409, 'Maximum capacity reached');
    const own = await submitOrder(app.t, { key: key(), products: { capacity_facility: [aquaTicket('Adult', { ...slot, quantity: 20 })] }, headers: { ...customer, ...sessionHeader(holder) } });
    orderResult(own);
    expect(await app.t.db.select().from(cartHolds).where(eq(cartHolds.sessionId, holder))).toEqual([]);
  });

  it('[S1-7.20] an unpaid order expires after 15 minutes and gives its places back', async () => {
    const slot = { date: day(10), start_time: '11:00:00', end_time: '12:00:00' };
    await app.t.db.insert(facilityBookings).values({ facilityId: app.ids.aquaPark, productId: app.productId('Adult'), date: slot.date, startTime: slot.start_time, endTime: slot.end_time, quantity: 119 });
    const unpaid = orderResult(await order({ capacity_facility: [aquaTicket('Adult', slot)] }, customer));
    refused(await order({ capacity_facility: [aquaTicket('Adult', slot)] }, member), 409, 'Maximum capacity reached');
    app.clock.advanceMinutes(16);
    orderResult(await order({ capacity_facility: [aquaTicket('Adult', slot)] }, member));
    expect((await orderSummaryOf(app.t, unpaid.order_token)).status).toBe('expired');
    expect(await pressGateway(app.t, unpaid.url ?? '', 'pay')).toBe('/paymentfailed');
  });

  it('[S1-8.10] an order needs an Idempotency-Key, and a key names one body only', async () => {
    const body = { capacity_facility: [aquaTicket('Child', { date: day(11) })] };
    const missing = await submitOrder(app.t, { key: '', products: body, headers: customer });
    refused(missing, 400, ORDER_MESSAGES.idempotencyKeyRequired);
    const first = await submitOrder(app.t, { key: 'same-key', products: body, headers: customer });
    const again = await submitOrder(app.t, { key: 'same-key', products: body, headers: customer });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    refused(await submitOrder(app.t, { key: 'same-key', products: { capacity_facility: [aquaTicket('Adult', { date: day(11) })] }, headers: customer }), 409, 'This request was already made with different details');
  });

  it('[S0-1.22] [S1-5.41] guest checkout follows the venue switch and takes only facility and event lines', async () => {
    const guest = { is_anonymous: 1, first_name: 'Mira', last_name: 'Saleh', email: 'mira@example.com', mobile: '+971509990001' };
    const line = { capacity_facility: [aquaTicket('Child', { date: day(12) })] };
    refused(await submitOrder(app.t, { key: key(), products: line }), 401, ORDER_MESSAGES.loginRequired);
    refused(await submitOrder(app.t, { key: key(), products: line, fields: guest }), 403, ORDER_MESSAGES.guestCheckoutOff);
    await patchConfig(caller(app.t), { is_guest_checkout: 1 });
    const result = orderResult(await submitOrder(app.t, { key: key(), products: line, fields: guest }));
    expect(result.pg).toBe('redirect');
    refused(await submitOrder(app.t, { key: key(), products: line, fields: { ...guest, email: '' } }), 422, ORDER_MESSAGES.guestDetailsRequired);
    const membership = { venue_id: app.venueId, product_id: 1, product_type_id: PRODUCT_TYPE.membership, quantity: 1, price: 1, tax_amount: 0, total_price: 1, membership_id: 1, start_date: day(1), is_renewal: 0 as const };
    refused(await submitOrder(app.t, { key: key(), products: { membership: [membership] }, fields: guest }), 403, ORDER_MESSAGES.guestLinesOnly);
    await patchConfig(caller(app.t), { is_guest_checkout: 0 });
  });

  it('[S1-5.43] [S1-5.45] [S1-5.47] [S1-5.51] [S1-5.55] [S1-8.8] the cart rules are checked again at the server', async () => {
    const membership = (membership_id: number) => ({ venue_id: app.venueId, product_id: 1, product_type_id: PRODUCT_TYPE.membership, quantity: 1, price: 1, tax_amount: 0, total_price: 1, membership_id, start_date: day(1), is_renewal: 0 as const });
    refused(await order({ membership: [membership(1)], capacity_facility: [aquaTicket('Child', { date: day(13) })] }, customer), 409, "Membership can't be purchased with other services.");
    refused(await order({ membership: [membership(1), membership(1)] }, customer), 409, 'Membership already in cart');
    refused(await order({ capacity_facility: [aquaTicket('Child', { date: day(13) }), aquaTicket('Child', { date: day(13), group: 'g2' })] }, customer), 409, 'Product already in cart');
    refused(await order({ capacity_facility: [aquaTicket('Adult', { date: day(13) }), aquaTicket('Slides Day Pass', { date: day(13), start_time: '15:00:00', end_time: '16:00:00' })] }, customer), 409, 'Dependent ticket cannot be booked at the same time');
    const goggles = { product_id: app.productId('Swim Goggles'), quantity: 15, price: 1, tax_amount: 0 };
    // 6 of the 20 goggles of day(0) are sold (demo seed).
    refused(await order({ capacity_facility: [aquaTicket('Child', { date: day(0), start_time: '12:00:00', end_time: '13:00:00', addons: [goggles] })] }, customer), 409, 'Max quantity 14 reached');
    const withAddon = orderResult(await order({ capacity_facility: [aquaTicket('Child', { date: day(0), start_time: '12:00:00', end_time: '13:00:00', addons: [{ ...goggles, quantity: 2 }] })] }, customer));
    const summary = await orderSummaryOf(app.t, withAddon.order_token);
    expect(summary.lines[0]?.addons).toEqual([{ name: 'Swim Goggles', ar_name: 'نظارات السباحة', quantity: 2, total: 31.5 }]);
    expect(summary.total).toBe(94.5);
    // Several lines are written together: each add-on stays under its own line.
    const twoLines = orderResult(
      await order({ capacity_facility: [aquaTicket('Adult', { date: day(0), start_time: '12:00:00', end_time: '13:00:00' }), aquaTicket('Child', { date: day(0), start_time: '12:00:00', end_time: '13:00:00', addons: [{ ...goggles, quantity: 1 }] })] }, customer),
    );
    const lines = (await orderSummaryOf(app.t, twoLines.order_token)).lines;
    expect(lines.map((line) => [line.name, line.addons.map((addon) => [addon.name, addon.quantity])])).toEqual([
      ['Adult', []],
      ['Child', [['Swim Goggles', 1]]],
    ]);
  });

  it('[S0-1.7] [S0-1.9] memberships, events and pitches are priced from the server catalogue', async () => {
    const gold = orderResult(await order({ membership: [{ venue_id: app.venueId, product_id: 1, product_type_id: PRODUCT_TYPE.membership, quantity: 1, price: 1, tax_amount: 0, total_price: 1, membership_id: 1, start_date: day(1), is_renewal: 0 }] }, customer));
    expect(await orderSummaryOf(app.t, gold.order_token)).toMatchObject({ total: 2625, lines: [{ kind: 'membership', name: 'Gold Membership' }] });
    const eventLine = { venue_id: app.venueId, product_id: 1, product_type_id: PRODUCT_TYPE.academy, quantity: 2, price: 1, tax_amount: 0, total_price: 1, event_id: 1, date: day(10), start_time: '19:00:00', end_time: '21:30:00' };
    const event = orderResult(await order({ event: [eventLine] }, customer));
    expect((await orderSummaryOf(app.t, event.order_token)).total).toBe(157.5);
    refused(await order({ event: [{ ...eventLine, start_time: '10:00:00' }] }, customer), 409, ORDER_MESSAGES.eventTimeInvalid);
    // An evening pitch: the rental in 30-minute units plus floodlights, however many units the client claims.
    const pitch = (name: string) => facilityLine({ venue_id: app.venueId, facility_id: app.ids.mainPitch, venue_service_id: app.ids.football, product_id: app.productId(name), date: day(14), start_time: '18:00:00', end_time: '19:00:00' });
    const booked = orderResult(await order({ capacity_facility: [pitch('Full Pitch Rental'), pitch('Floodlights')] }, customer));
    expect((await orderSummaryOf(app.t, booked.order_token)).total).toBe(472.5);
    refused(await order({ capacity_facility: [pitch('Full Pitch Rental')] }, member), 409, 'No facility available for selected time slot');
  });

  it('[S1-7.24] [S0-1.16] a promo code is worked out again at checkout; an invalid one refuses, a removed one charges in full', async () => {
    const promo = (code: string) => ({ actual_price: 100, actual_tax: 5, actual_total: 105, price: 1, tax: 0, total: 1, promo_code: code });
    const discounted = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { date: day(15), quantity: 2, discount: promo('welcome10') })] }, customer));
    expect(await orderSummaryOf(app.t, discounted.order_token)).toMatchObject({ total: 189, discount: 21 });
    refused(await order({ capacity_facility: [vipGame({ date: day(12), discount: promo('SPLASH20') })] }, customer), 409, 'Promo not valid for selected tickets');
    refused(await order({ capacity_facility: [aquaTicket('Adult', { date: day(15), discount: promo('SPRING15') })] }, customer), 409, ORDER_MESSAGES.promoExpired);
    refused(await order({ capacity_facility: [aquaTicket('Adult', { date: day(15), discount: promo('NOPE') })] }, customer), 409, ORDER_MESSAGES.promoInvalid);
    const removed = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { date: day(15) })] }, customer));
    expect((await orderSummaryOf(app.t, removed.order_token)).total).toBe(105);
  });

  it('[S0-1.17] a membership card\'s benefit applies at checkout for its holder', async () => {
    const result = orderResult(await order({ capacity_facility: [aquaTicket('Adult', { date: day(16) })] }, member, { card_number: 'MSP-100245' }));
    expect(await orderSummaryOf(app.t, result.order_token)).toMatchObject({ total: 89.25, discount: 15.75 });
    refused(await order({ capacity_facility: [aquaTicket('Adult', { date: day(16) })] }, customer, { card_number: 'MSP-100245' }), 409, ORDER_MESSAGES.membershipCardInvalid);
  });

  it('GET customers/balances needs a login; GET orders/{token} answers 404 for an unknown token', async () => {
    refused(await app.t.app.inject({ method: 'GET', url: '/api/v1/customers/balances' }), 401, 'Please Login!');
    refused(await app.t.app.inject({ method: 'GET', url: '/api/v1/orders/unknown-token-0123456789' }), 404, ORDER_MESSAGES.orderNotFound);
    refused(await app.t.app.inject({ method: 'GET', url: '/api/v1/orders/abc' }), 404, ORDER_MESSAGES.orderNotFound);
  });
});
