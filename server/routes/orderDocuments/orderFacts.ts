import { and, asc, eq, gte, inArray, isNull, min } from 'drizzle-orm';
import { type OrderDocuments, type OrderRefund, type OrderTicket, type UpcomingTicket } from '../../../src/domain/contract/orderDocuments';
import { siteConfig } from '../../../src/domain/contract/config';
import { orderPayments, transactionSums } from '../../../src/domain/orderDocuments/transactions';
import { bySoonest, isUpcomingTicket, TICKETED_ORDER_STATUSES, ticketStatus } from '../../../src/domain/orderDocuments/tickets';
import { venueNow } from '../../../src/domain/venueTime';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { academies, events, outletProducts, outlets } from '../../db/schema/catalogue';
import { facilities } from '../../db/schema/facilities';
import { orderLines, orders, payments, refunds } from '../../db/schema/orders';
import { venues } from '../../db/schema/venue';
import { admissionsOf, buyerName } from './admissionTickets';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type Place = { name: string; ar_name: string | null };

/** The venue a document names and the clock its tickets are judged by. */
export type DocumentVenue = { name: string; arName: string | null; logoUrl: string; timeZone: string };

const placeOf = (row: { name: string; arName: string | null } | undefined): Place | null => (row ? { name: row.name, ar_name: row.arName } : null);
const locationOf = (row: { location: string | null; arLocation: string | null } | undefined): Place | null =>
  row?.location ? { name: row.location, ar_name: row.arLocation } : null;

/** Where each line takes place, one query per kind of place. */
async function placesOf(db: Database, lines: readonly LineRow[]): Promise<Map<number, Place | null>> {
  const idsOf = (kind: LineRow['kind']) => [...new Set(lines.filter((line) => line.kind === kind && line.itemId !== null).map((line) => line.itemId as number))];
  const load = async <T extends { id: number }>(ids: number[], query: (ids: number[]) => Promise<T[]>) => new Map((ids.length > 0 ? await query(ids) : []).map((row) => [row.id, row]));
  const [facilityRows, eventRows, academyRows, outletRows] = await Promise.all([
    load(idsOf('facility'), (ids) => db.select({ id: facilities.id, name: facilities.name, arName: facilities.arName }).from(facilities).where(inArray(facilities.id, ids))),
    load(idsOf('event'), (ids) => db.select({ id: events.id, location: events.location, arLocation: events.arLocation }).from(events).where(inArray(events.id, ids))),
    load(idsOf('workshop'), (ids) => db.select({ id: academies.id, location: academies.location, arLocation: academies.arLocation }).from(academies).where(inArray(academies.id, ids))),
    load(idsOf('pos'), (ids) =>
      db
        .select({ id: outletProducts.id, name: outlets.name, arName: outlets.arName })
        .from(outletProducts)
        .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
        .where(inArray(outletProducts.id, ids)),
    ),
  ]);
  const place = (line: LineRow): Place | null => {
    if (line.itemId === null) return null;
    if (line.kind === 'facility') return placeOf(facilityRows.get(line.itemId));
    if (line.kind === 'event') return locationOf(eventRows.get(line.itemId));
    if (line.kind === 'workshop') return locationOf(academyRows.get(line.itemId));
    if (line.kind === 'pos') return placeOf(outletRows.get(line.itemId));
    return null;
  };
  return new Map(lines.map((line) => [line.id, place(line)]));
}

async function ticketsOf(db: Database, order: OrderRow, lines: readonly LineRow[], buyer: string, timeZone: string, now: Date): Promise<OrderTicket[]> {
  if (!TICKETED_ORDER_STATUSES.includes(order.status)) return [];
  const booked = lines.filter((line) => line.parentLineId === null && line.ticketCode !== null);
  const places = await placesOf(db, booked);
  const clock = venueNow(timeZone, now);
  const admissions = await admissionsOf(db, booked, buyer);
  return booked.flatMap((line) => {
    const status = ticketStatus({ date: line.date, startTime: line.startTime, endTime: line.endTime, cancelled: line.cancelledAt !== null }, order.status, clock);
    return (admissions.get(line.id) ?? []).map((admission) => ({
      code: admission.code,
      line_id: line.id,
      kind: line.kind,
      name: line.name,
      ar_name: line.arName,
      place: places.get(line.id) ?? null,
      date: line.date,
      start_time: line.startTime,
      end_time: line.endTime,
      // A person's ticket admits one; goods collected at an outlet keep the line's quantity on their one ticket.
      quantity: line.kind === 'pos' ? line.quantity : 1,
      holder: admission.holder,
      status,
    }));
  });
}

async function transactionOf(db: Database, order: OrderRow, lines: readonly LineRow[]): Promise<OrderDocuments['transaction']> {
  const [cardRows, refundRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id)),
  ]);
  const paymentList = orderPayments(
    { status: order.status, placedAt: order.createdAt.toISOString() },
    { wallet: order.paidByWallet, qpoints: order.paidByQpoints, credit: order.paidByCredit },
    cardRows.map((row) => ({ amount: row.amount, status: row.status, at: (row.settledAt ?? row.createdAt).toISOString() })),
  );
  const lineName = new Map(lines.map((line) => [line.id, { name: line.name, ar_name: line.arName }]));
  const refundList: OrderRefund[] = refundRows.map((row) => ({
    id: row.id,
    amount: row.amount,
    method: row.method,
    status: row.status,
    reason: row.reason,
    line: row.orderLineId === null ? null : (lineName.get(row.orderLineId) ?? null),
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
  }));
  return {
    reference: order.reference,
    status: order.status,
    currency: order.currency,
    subtotal: order.subtotal,
    vat: order.vat,
    discount: order.discount,
    total: order.total,
    ...transactionSums(order, paymentList, refundList),
    payments: paymentList,
    refunds: refundList,
  };
}

async function venueOf(db: Database, venueId: number): Promise<DocumentVenue> {
  const [row] = await db.select({ config: venues.config }).from(venues).where(eq(venues.id, venueId)).limit(1);
  const config = siteConfig.parse(row?.config);
  return { name: config.venue.name, arName: config.venue.ar_name ?? null, logoUrl: config.logo_url, timeZone: config.time_zone };
}

/**
 * One order of one customer with its tickets and transaction details, or null when the order does not exist, is
 * another venue's, or is not the customer's: the caller answers 404 alike, so nobody learns which orders exist.
 */
export async function loadOrderDocuments(db: Database, where: { orderId: number; customerId: number; venueId: number }, now: Date): Promise<{ documents: OrderDocuments; venue: DocumentVenue } | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, where.orderId), eq(orders.customerId, where.customerId), eq(orders.venueId, where.venueId)))
    .limit(1);
  if (!order) return null;
  const [lines, [buyer], venue] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select({ firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, order.customerId)).limit(1),
    venueOf(db, order.venueId),
  ]);
  const [tickets, transaction] = await Promise.all([ticketsOf(db, order, lines, buyerName(buyer), venue.timeZone, now), transactionOf(db, order, lines)]);
  return {
    venue,
    documents: {
      order_id: order.id,
      reference: order.reference,
      created_at: order.createdAt.toISOString(),
      lines: lines.map((line) => ({
        name: line.name,
        ar_name: line.arName,
        kind: line.kind,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        vat: line.unitTax * line.quantity,
        discount: line.discount,
        total: line.total,
        is_addon: line.parentLineId !== null,
        cancelled: line.cancelledAt !== null,
      })),
      tickets,
      transaction,
    },
  };
}

/**
 * The customer's tickets still to be used, soonest first, at most `limit`. Every order read has one at least, so the
 * `limit` orders whose next booking comes first hold the `limit` soonest tickets.
 */
export async function loadUpcomingTickets(db: Database, where: { customerId: number; venueId: number }, now: Date, limit: number): Promise<UpcomingTicket[]> {
  const venue = await venueOf(db, where.venueId);
  const today = venueNow(venue.timeZone, now).today;
  const soonest = min(orderLines.date);
  const upcomingOrders = await db
    .select({ id: orders.id, soonest })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, where.customerId),
        eq(orders.venueId, where.venueId),
        inArray(orders.status, [...TICKETED_ORDER_STATUSES]),
        gte(orderLines.date, today),
        isNull(orderLines.cancelledAt),
        isNull(orderLines.parentLineId),
      ),
    )
    .groupBy(orders.id)
    .orderBy(asc(soonest), asc(orders.id))
    .limit(limit);
  const found = await Promise.all(upcomingOrders.map((order) => loadOrderDocuments(db, { orderId: order.id, ...where }, now)));
  return found
    .flatMap((each) => (each ? each.documents.tickets.filter(isUpcomingTicket).map((ticket) => ({ order_id: each.documents.order_id, reference: each.documents.reference, ticket })) : []))
    .sort((a, b) => bySoonest(a.ticket, b.ticket))
    .slice(0, limit);
}
