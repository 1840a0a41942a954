import { asc, eq } from 'drizzle-orm';
import { orderSummary, type OrderSummary } from '../../../src/domain/contract/orders';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { orderLines } from '../../db/schema/orders';
import { admissionsOf, buyerName } from '../orderDocuments/admissionTickets';
import { type OrderRow } from './lifecycle';

const TICKETED = new Set(['paid', 'awaiting_approval']);

const timeLabel = (line: { date: string | null; startTime: string | null }) =>
  [line.date, line.startTime?.slice(0, 5)].filter((part): part is string => Boolean(part)).join(' ');

/** What the payment-success page shows of an order; tickets, one a person, only once it is paid (issued then). */
export async function buildOrderSummary(db: Database, order: OrderRow): Promise<OrderSummary> {
  const rows = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const top = rows.filter((row) => row.parentLineId === null);
  const ticketed = TICKETED.has(order.status);
  const [buyer] = ticketed ? await db.select({ firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, order.customerId)).limit(1) : [];
  const admissions = ticketed ? await admissionsOf(db, top, buyerName(buyer)) : new Map<number, never[]>();
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
    tickets: top.flatMap((line) =>
      (admissions.get(line.id) ?? []).map((admission) => ({
        code: admission.code,
        label: [line.kind === 'pos' ? `${line.name} × ${line.quantity}` : line.name, timeLabel(line)].filter(Boolean).join(', '),
        holder: admission.holder,
      })),
    ),
  });
}
