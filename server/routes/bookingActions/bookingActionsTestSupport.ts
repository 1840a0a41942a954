import { and, eq, isNull } from 'drizzle-orm';
import { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  cancelQuoteResponse,
  cancelResponse,
  rescheduleQuoteResponse,
  rescheduleResponse,
  rescheduleSlotsResponse,
  bookingMoveResponse,
  type DifferencePayment,
  type RescheduleTarget,
} from '../../../src/domain/contract/bookingActions';
import { HEADERS } from '../../../src/domain/contract/headers';
import { customers } from '../../db/schema/accounts';
import { orderLines, orders, walletLedger } from '../../db/schema/orders';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { day, facilityLine, orderResult, orderTestApp, submitOrder, type FacilityLine, type Submission } from '../orders/ordersTestSupport';

export type ActionsApp = Awaited<ReturnType<typeof orderTestApp>>;

/** The calls of the cancel and reschedule area, as a customer (headers) makes them. */
export function bookingActionsApi(app: ActionsApp) {
  let keys = 0;
  const url = (lineId: number | string, tail = '') => `/api/v1/customers/bookings/${lineId}/${tail}`;
  const inject = app.t.app.inject.bind(app.t.app);

  /** Places an order and answers its first line (the booking) id; `is_wallet: 1` pays from the wallet. */
  const buy = async (products: Submission['products'], headers: Headers, fields: Submission['fields'] = {}) => {
    const result = orderResult(await submitOrder(app.t, { key: `buy-${++keys}`, products, headers, fields }));
    const [line] = await app.t.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.token, result.order_token), isNull(orderLines.parentLineId)))
      .orderBy(orderLines.id)
      .limit(1);
    if (!line) throw new Error('the order has no line');
    return { lineId: line.id, result };
  };

  return {
    buy,
    cancelQuote: (lineId: number | string, headers: Headers) => inject({ method: 'GET', url: url(lineId, 'cancel'), headers }),
    cancel: (lineId: number | string, headers: Headers, refund: unknown, key = `cancel-${++keys}`) =>
      inject({ method: 'POST', url: url(lineId, 'cancel'), headers: { ...headers, [HEADERS.idempotencyKey]: key }, payload: { refund } }),
    slots: (lineId: number | string, headers: Headers, date: string) => inject({ method: 'GET', url: `${url(lineId, 'reschedule/slots')}?date=${date}`, headers }),
    rescheduleQuote: (lineId: number | string, headers: Headers, target: RescheduleTarget) =>
      inject({ method: 'GET', url: `${url(lineId, 'reschedule')}?date=${target.date}&start_time=${target.start_time}`, headers }),
    reschedule: (lineId: number | string, headers: Headers, body: RescheduleTarget & { difference: number; payment?: DifferencePayment }, key = `reschedule-${++keys}`) =>
      inject({ method: 'POST', url: url(lineId, 'reschedule'), headers: { ...headers, [HEADERS.idempotencyKey]: key }, payload: body }),
    move: (token: string, headers: Headers) => inject({ method: 'GET', url: `/api/v1/customers/booking-moves/${token}`, headers }),
  };
}

/**
 * One app for a test file on the demo clock, with the customer's and the member's tokens and money in both wallets,
 * so every test can pay its orders from the wallet.
 */
export async function bookingActionsTestApp() {
  const app = await orderTestApp();
  await topUpWallet(app, 'layla.hassan@example.com', 10_000);
  await topUpWallet(app, 'ahmed.alfarsi@example.com', 10_000);
  return { app, api: bookingActionsApi(app), customer: await app.api.bearer('customer'), member: await app.api.bearer('member') };
}

export type BookingActionsSuite = Awaited<ReturnType<typeof bookingActionsTestApp>> & {
  /** An Aqua Park Adult ticket (105 AED) on day(offset) at 10:00. */
  aquaTicket: (offset: number, fields?: Partial<FacilityLine>) => FacilityLine;
};

/**
 * The app of one describe block: made before its tests and closed after them, so its fields are there inside the
 * tests (not yet while the block is being declared).
 */
export function bookingActionsSuite(): BookingActionsSuite {
  const suite = {} as BookingActionsSuite;
  beforeAll(async () => {
    const ready = await bookingActionsTestApp();
    const { app } = ready;
    const aquaTicket = (offset: number, fields: Partial<FacilityLine> = {}) =>
      facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult'), date: day(offset), ...fields });
    Object.assign(suite, ready, { aquaTicket });
  });
  afterAll(() => suite.app.t.close());
  return suite;
}

/** Pays an order from the wallet (orders' is_wallet field). */
export const WALLET = { is_wallet: 1 };

/** Puts money in a demo customer's wallet, so a test file can pay several orders from it. */
export async function topUpWallet(app: ActionsApp, email: string, amount: number) {
  const [customer] = await app.t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  if (!customer) throw new Error(`no customer ${email}`);
  await app.t.db.insert(walletLedger).values({ customerId: customer.id, amount, reason: 'Test top-up', orderId: null, createdAt: app.clock.now() });
}

function ok(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
}

export const cancelQuoteOf = (res: LightMyRequestResponse) => cancelQuoteResponse.parse(ok(res)).data;
export const cancelResultOf = (res: LightMyRequestResponse) => cancelResponse.parse(ok(res)).data;
export const slotsOf = (res: LightMyRequestResponse) => rescheduleSlotsResponse.parse(ok(res)).data;
export const rescheduleQuoteOf = (res: LightMyRequestResponse) => rescheduleQuoteResponse.parse(ok(res)).data;
export const rescheduleResultOf = (res: LightMyRequestResponse) => rescheduleResponse.parse(ok(res)).data;
export const moveOf = (res: LightMyRequestResponse) => bookingMoveResponse.parse(ok(res)).data;
