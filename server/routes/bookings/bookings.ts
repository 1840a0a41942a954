import { asc, eq } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import {
  bookingDetailsCall,
  bookingDetailsParams,
  bookingDetailsResponse,
  bookingKindParams,
  bookingListCall,
  bookingListQuery,
  bookingListResponse,
  type BookingDetails,
} from '../../../src/domain/contract/bookings';
import { type Database } from '../../db/client';
import { orderLines, refunds } from '../../db/schema/orders';
import { loginFirst, requireCustomer } from '../../http/auth';
import { type AppContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { queriedPage } from '../../http/pagination';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { bookingPage, bookingRow, lastDayOf, soldOutSessions, toListItem, type BookingRow, type BookingScope } from './bookingRows';
import { visitorNames } from '../orderDocuments/admissionTickets';

export const BOOKING_MESSAGES = {
  notFound: 'Booking not found',
} as const;

async function detailsOf(db: Database, row: BookingRow, scope: BookingScope): Promise<BookingDetails> {
  const { line, order } = row;
  const [addons, given] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.parentLineId, line.id)).orderBy(asc(orderLines.id)),
    db.select().from(refunds).where(eq(refunds.orderLineId, line.id)).orderBy(asc(refunds.id)),
  ]);
  const catalogue = row.event ?? row.trainer ?? row.academy ?? row.membership ?? row.offer;
  return {
    ...toListItem(row, scope, await soldOutSessions(db, [row], scope.now)),
    order_status: order.status,
    order_total: order.total,
    paid_by_card: order.paidByCard,
    paid_by_wallet: order.paidByWallet,
    paid_by_qpoints: order.paidByQpoints,
    paid_by_credit: order.paidByCredit,
    unit_price: line.unitPrice,
    unit_tax: line.unitTax,
    discount: line.discount,
    addons: addons.map((addon) => ({ name: addon.name, ar_name: addon.arName, quantity: addon.quantity, amount: addon.total })),
    visitors: visitorNames(line.customers),
    description: catalogue?.description ?? null,
    ar_description: catalogue?.arDescription ?? null,
    specialty: row.trainer?.specialty ?? null,
    ar_specialty: row.trainer?.arSpecialty ?? null,
    first_day: line.kind === 'workshop' || line.kind === 'membership' ? line.date : null,
    last_day: lastDayOf(row),
    min_age: row.academy?.minAge ?? null,
    max_age: row.academy?.maxAge ?? null,
    session_minutes: row.trainer?.sessionMinutes ?? null,
    cancelled_at: line.cancelledAt?.toISOString() ?? null,
    refunds: given.map((refund) => ({ amount: refund.amount, method: refund.method, status: refund.status, created_at: refund.createdAt.toISOString() })),
  };
}

/**
 * GET customers/bookings/:kind and GET customers/bookings/:kind/:id (bearer): the logged-in customer's own bookings
 * at this venue, a page at a time in the order and range asked, and one booking with everything about it. Another
 * customer's booking is not found (404), as is one asked under another kind.
 */
export const bookingRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(
    app,
    bookingListCall,
    async (request, reply) => {
      const customer = requireCustomer(request);
      const { kind } = parseInput(bookingKindParams, request.params, 'kind');
      const query = parseInput(bookingListQuery, request.query ?? {}, 'query');
      const venue = await requireVenue(db, request);
      const scope = { venue, customerId: customer.id, now: now() };
      return sendParsed(reply, bookingListResponse, { status: true, data: await queriedPage(query, await bookingPage(db, scope, kind, query)) });
    },
    { onRequest: loginFirst },
  );

  serve(
    app,
    bookingDetailsCall,
    async (request, reply) => {
      const customer = requireCustomer(request);
      const { kind, id } = parseInput(bookingDetailsParams, request.params, 'booking');
      const venue = await requireVenue(db, request);
      const scope = { venue, customerId: customer.id, now: now() };
      const row = await bookingRow(db, scope, kind, id);
      if (!row) throw notFound(BOOKING_MESSAGES.notFound);
      return sendParsed(reply, bookingDetailsResponse, { status: true, data: await detailsOf(db, row, scope) });
    },
    { onRequest: loginFirst },
  );
};
