import { asc, eq } from 'drizzle-orm';
import { orderSummary, type OrderSummary } from '../../../src/domain/contract/orders';
import { type Database } from '../../db/client';
import { orderLines } from '../../db/schema/orders';
import { type OrderRow } from './lifecycle';

const TICKETED = new Set(['paid', 'awaiting_approval']);

const timeLabel = (line: { date: string | null; startTime: string | null }) =>
  [line.date, line.startTime?.slice(0, 5)].filter((part): part is string => Boolean(part)).join(' ');

/** What the payment-success page shows of an order; tickets only once it is paid. */
export async function buildOrderSummary(db: Database, order: OrderRow): Promise<OrderSummary> {
  const rows = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const top = rows.filter((row) => row.parentLineId === null);
  return orderSummary.parse({
    token: order.token,
    reference: order.reference,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    currency: order.currency,
    subtotal: order.subtotal,
    vat: order.vat,
    discount: order.discount,
    total: order.total,
    paid_by_card: order.paidByCard,
    paid_by_wallet: order.paidByWallet,
    paid_by_qpoints: order.paidByQpoints,
    paid_by_credit: order.paidByCredit,
    lines: top.map((line) => ({
      kind: line.kind,
      name: line.name,
      ar_name: line.arName,
      quantity: line.quantity,
      date: line.date,
      start_time: line.startTime,
      end_time: line.endTime,
      total: line.total,
      addons: rows
        .filter((addon) => addon.parentLineId === line.id)
        .map((addon) => ({ name: addon.name, ar_name: addon.arName, quantity: addon.quantity, total: addon.total })),
    })),
    tickets: TICKETED.has(order.status)
      ? top.flatMap((line) => (line.ticketCode ? [{ code: line.ticketCode, label: [`${line.name} × ${line.quantity}`, timeLabel(line)].filter(Boolean).join(', ') }] : []))
      : [],
  });
}
