import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { roundMoney } from '../../../src/domain/money';
import { type Database } from '../../db/client';
import { orderLines, orders, payments } from '../../db/schema/orders';
import { type OrderRow } from './lifecycle';
import { type PricedLine } from './lines';
import { discountAmount } from './pricing';

/** An unguessable code people read out (order references, ticket codes). */
export const readableCode = (prefix: string, bytes: number) => `${prefix}-${randomBytes(bytes).toString('hex').toUpperCase()}`;

export const lineTotal = (line: PricedLine) => line.discount?.total ?? roundMoney((line.unitPrice + line.unitTax) * line.quantity);

/** The card payment an unpaid order waits for. */
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'orderId' | 'status' | 'settledAt'>;

/** The id of the order the statement inserts, for the rows that belong to it. */
const newOrderId = sql`(select id from new_order)`;

function lineRow(line: PricedLine, parentLineId: SQL | null) {
  return {
    orderId: newOrderId,
    parentLineId,
    kind: line.kind,
    productId: line.productId,
    itemId: line.itemId,
    facilityBookingId: line.facilityBookingId,
    name: line.name,
    arName: line.arName,
    date: line.date,
    startTime: line.startTime,
    endTime: line.endTime,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    unitTax: line.unitTax,
    discount: discountAmount(line.discount),
    total: lineTotal(line),
    customers: line.customers,
    ticketCode: parentLineId === null ? readableCode('TKT', 6) : null,
  };
}

/**
 * Writes an order, its lines (each add-on under its base line, found by the base line's ticket code, unique and made
 * here) and the card payment it waits for, if any, in one statement: one round trip whatever the number of lines,
 * while the order may already hold its places' locks. The row answered is what was written, with the id given.
 */
export async function writeOrder(tx: Database, order: Omit<OrderRow, 'id'>, lines: readonly PricedLine[], payment: NewPayment | null): Promise<OrderRow> {
  const bases = lines.map((line) => ({ line, row: lineRow(line, null) }));
  const addons = bases.flatMap(({ line, row }) => line.addons.map((addon) => lineRow(addon, sql`(select id from new_lines where ticket_code = ${row.ticketCode})`)));
  // Each builder below is set in parentheses by drizzle, as a data-modifying WITH item must be.
  const writes = [sql`new_order as ${tx.insert(orders).values(order).returning({ id: orders.id })}`];
  if (bases.length > 0) writes.push(sql`new_lines as ${tx.insert(orderLines).values(bases.map((base) => base.row)).returning({ id: orderLines.id, ticketCode: orderLines.ticketCode })}`);
  if (addons.length > 0) writes.push(sql`new_addons as ${tx.insert(orderLines).values(addons)}`);
  if (payment) writes.push(sql`new_payment as ${tx.insert(payments).values({ ...payment, orderId: newOrderId })}`);
  const { rows } = (await tx.execute(sql`with ${sql.join(writes, sql`, `)} select id from new_order`)) as unknown as { rows: { id: number }[] };
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the order was not created');
  return { ...order, id: Number(id) };
}
