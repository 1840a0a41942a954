import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import { type OrderStatus, type OrderSummary } from '../../../src/domain/contract/orders';
import { type Notifier } from '../../auth/notifications';
import { type Database } from '../../db/client';
import { runStatement } from '../../db/statements';
import { customers } from '../../db/schema/accounts';
import { facilityBookings } from '../../db/schema/facilities';
import { creditInvoices, orderLines, orders, payments } from '../../db/schema/orders';
import { REJECTED_STATUS } from '../facilities/facilitiesData';
import { addLedgerEntry, lockCustomerMoney } from './ledgers';
import { awardOrderQpoints } from '../wallet/qpointsAward';

export type OrderRow = typeof orders.$inferSelect;

/** An unpaid order keeps its places this long while the visitor is at the payment page. */
export const UNPAID_ORDER_MINUTES = 15;

/**
 * Ends an order that will not be paid (declined, or expired): its bookings give back their places, wallet and
 * q-points come back, credit invoices are cancelled, and a pending payment is declined. The order row must be
 * locked by the caller (or known to be unpaid inside the caller's transaction).
 */
export async function releaseOrder(tx: Database, order: OrderRow, status: Extract<OrderStatus, 'failed' | 'expired'>, now: Date): Promise<void> {
  const bookingIds = (await tx.select({ id: orderLines.facilityBookingId }).from(orderLines).where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.facilityBookingId))))
    .map((row) => row.id)
    .filter((id): id is number => id !== null);
  if (bookingIds.length > 0) await tx.update(facilityBookings).set({ statusId: REJECTED_STATUS }).where(inArray(facilityBookings.id, bookingIds));
  await lockCustomerMoney(tx, order.customerId);
  const refund = { customerId: order.customerId, orderId: order.id, createdAt: now, reason: `Order ${order.reference} ${status}` };
  await addLedgerEntry(tx, 'wallet', { ...refund, amount: order.paidByWallet });
  await addLedgerEntry(tx, 'qpoints', { ...refund, amount: order.paidByQpoints });
  await tx.delete(creditInvoices).where(and(eq(creditInvoices.orderId, order.id), isNull(creditInvoices.paidAt)));
  await tx.update(payments).set({ status: 'declined', settledAt: now }).where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
  await tx.update(orders).set({ status, settledAt: now, expiresAt: null }).where(eq(orders.id, order.id));
}

/** Marks a fully paid order paid, or awaiting approval when something in it needs the venue's approval; it earns its q-points. */
export async function settleOrder(tx: Database, order: OrderRow, now: Date): Promise<OrderStatus> {
  const status = order.requiresApproval ? 'awaiting_approval' : 'paid';
  await tx.update(orders).set({ status, settledAt: now, expiresAt: null }).where(eq(orders.id, order.id));
  await awardOrderQpoints(tx, order, now);
  return status;
}

/** Unpaid orders past their time, of one venue or ($2 null) all. */
const DUE_ORDERS = "select id from orders where status = 'pending_payment' and expires_at <= $1::timestamptz and ($2::int is null or venue_id = $2) order by id for update skip locked";

/**
 * Expires unpaid orders whose time is up (of one venue, or all), releasing their places. Rows another
 * transaction is settling are skipped; it decides them. Their customers' money locks are taken together, with the
 * buyer's when a checkout expires them on its way (it spends next), so checkouts never wait on each other in a circle.
 */
export async function expireDueOrders(tx: Database, now: Date, scope: { venueId?: number; buyerId?: number } = {}): Promise<number> {
  const { venueId, buyerId } = scope;
  // Checkouts run this first, and nearly always find nothing due: the common answer costs one statement written once.
  const dueIds = (await runStatement<{ id: number }>(tx, DUE_ORDERS, [now.toISOString(), venueId ?? null])).map((row) => row.id);
  // Locked above: the full rows are read only when there are some.
  const due = dueIds.length === 0 ? [] : await tx.select().from(orders).where(inArray(orders.id, dueIds)).orderBy(asc(orders.id));
  await lockCustomerMoney(tx, ...due.map((order) => order.customerId), ...(buyerId === undefined ? [] : [buyerId]));
  for (const order of due) await releaseOrder(tx, order, 'expired', now);
  return due.length;
}

/** Locks and reads an order; an unpaid one past its time is expired on the way (lazy expiry). */
export async function lockOrder(tx: Database, where: { id: number } | { token: string }, now: Date): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where('id' in where ? eq(orders.id, where.id) : eq(orders.token, where.token))
    .for('update');
  if (!order) return null;
  if (order.status === 'pending_payment' && order.expiresAt !== null && order.expiresAt <= now) {
    await releaseOrder(tx, order, 'expired', now);
    return { ...order, status: 'expired', expiresAt: null, settledAt: now };
  }
  return order;
}

const formatMoney = (amount: number) => amount.toFixed(2).replace(/\.00$/, '');

/** The order confirmation with its ticket codes, to the buyer's e-mail and mobile (the outbox in development). */
export async function sendOrderConfirmation(db: Database, notifier: Notifier, summary: OrderSummary, now: Date): Promise<void> {
  const [buyer] = await db
    .select({ email: customers.email, mobile: customers.mobile, firstName: customers.firstName })
    .from(customers)
    .innerJoin(orders, eq(orders.customerId, customers.id))
    .where(eq(orders.token, summary.token))
    .limit(1);
  if (!buyer) return;
  const lines = summary.lines.map((line) => `- ${line.name} × ${line.quantity}${line.date ? ` on ${line.date}` : ''}${line.start_time ? ` at ${line.start_time.slice(0, 5)}` : ''}`);
  const tickets = summary.tickets.map((ticket) => `- ${ticket.label}, ${ticket.holder}: ${ticket.code}`);
  const waiting = summary.status === 'awaiting_approval' ? ['', 'Your booking is awaiting the venue’s approval; we will let you know.'] : [];
  await notifier.send(
    {
      channel: NOTIFICATION_CHANNELS.ALL,
      to: { email: buyer.email, mobile: buyer.mobile },
      subject: `Order ${summary.reference} confirmed`,
      body: [
        `Hello ${buyer.firstName}, thank you for your order ${summary.reference}.`,
        '',
        ...lines,
        '',
        `Total: ${summary.currency} ${formatMoney(summary.total)}`,
        '',
        'Your tickets (show the QR code at the entrance):',
        ...tickets,
        ...waiting,
      ].join('\n'),
    },
    now,
  );
}
