import { randomBytes } from 'node:crypto';
import { roundMoney } from '../../../src/domain/money';
import { type Database } from '../../db/client';
import { type payments } from '../../db/schema/orders';
import { runStatement } from '../../db/statements';
import { type OrderRow } from './lifecycle';
import { type PricedLine } from './lines';
import { discountAmount } from './pricing';

/** An unguessable code people read out (order references, ticket codes). */
export const readableCode = (prefix: string, bytes: number) => `${prefix}-${randomBytes(bytes).toString('hex').toUpperCase()}`;

export const lineTotal = (line: PricedLine) => line.discount?.total ?? roundMoney((line.unitPrice + line.unitTax) * line.quantity);

/**
 * A write that goes with the order in its one statement (the submission's answer, the buyer's released holds): its
 * data-modifying statement, put together with `add`, which adds a parameter and answers its placeholder.
 */
export type AlongsideWrite = (add: (value: unknown) => string) => string;

/** The card payment an unpaid order waits for. */
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'orderId' | 'status' | 'settledAt'>;

type NewOrder = Omit<OrderRow, 'id'>;

/** The columns each insert writes, by field name (the column is its snake_case), in the order the values go. */
const ORDER_FIELDS = [
  'token', 'reference', 'venueId', 'customerId', 'status', 'currency', 'subtotal', 'vat', 'discount', 'total', 'paidByCard', 'paidByWallet', 'paidByQpoints',
  'paidByCredit', 'promotionCode', 'promotionType', 'notes', 'requiresApproval', 'sessionId', 'expiresAt', 'createdAt', 'settledAt',
] as const satisfies readonly (keyof NewOrder)[];
const LINE_FIELDS = [
  'kind', 'productId', 'itemId', 'facilityBookingId', 'name', 'arName', 'date', 'startTime', 'endTime', 'quantity', 'unitPrice', 'unitTax', 'discount', 'total',
  'customers', 'ticketCode',
] as const;
const PAYMENT_FIELDS = ['gateway', 'transactionId', 'amount', 'savedCardId', 'saveCard', 'createdAt'] as const satisfies readonly (keyof NewPayment)[];

const columnsOf = (fields: readonly string[]) => fields.map((field) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)).join(', ');
const ORDER_COLUMNS = columnsOf(ORDER_FIELDS);
const LINE_COLUMNS = `order_id, parent_line_id, ${columnsOf(LINE_FIELDS)}`;
const PAYMENT_COLUMNS = `order_id, ${columnsOf(PAYMENT_FIELDS)}`;

/** Values as the drivers send them: instants as ISO text (as drizzle sends them), json as text. */
const driverValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The statement's parameters, numbered as they are added. */
class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(driverValue(value));
    return `$${this.values.length}`;
  }

  row(values: readonly unknown[]): string {
    return values.map((value) => this.add(value)).join(', ');
  }
}

function lineValues(line: PricedLine, ticketCode: string | null): Record<(typeof LINE_FIELDS)[number], unknown> {
  return {
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
    customers: JSON.stringify(line.customers),
    ticketCode,
  };
}

/** One line's row: the order's id and its base line's (found by the base's ticket code) come from the statement. */
function lineRow(parameters: Parameters, line: PricedLine, parent: { ticketCode: string } | null, ticketCode: string | null): string {
  const values = lineValues(line, ticketCode);
  const cells = LINE_FIELDS.map((field) => (field === 'customers' ? `${parameters.add(values[field])}::jsonb` : parameters.add(values[field])));
  const parentId = parent === null ? 'null' : `(select id from new_lines where ticket_code = ${parameters.add(parent.ticketCode)})`;
  return `((select id from new_order), ${parentId}, ${cells.join(', ')})`;
}

/**
 * Writes an order, its lines (each add-on under its base line, found by the base line's ticket code, unique and made
 * here) and the card payment it waits for, if any, in one statement: one round trip whatever the number of lines,
 * while the order may already hold its places' locks. The statement's text is put together from the order's shape
 * (how many lines and add-ons, whether a payment), not by the query builder. The row answered is what was written,
 * with the id given. Writes `alongside` go in the same statement, each one round trip less.
 */
export async function writeOrder(tx: Database, order: NewOrder, lines: readonly PricedLine[], payment: NewPayment | null, alongside: readonly AlongsideWrite[] = []): Promise<OrderRow> {
  const parameters = new Parameters();
  const writes = [`new_order as (insert into orders (${ORDER_COLUMNS}) values (${parameters.row(ORDER_FIELDS.map((field) => order[field]))}) returning id)`];
  const bases = lines.map((line) => ({ line, ticketCode: readableCode('TKT', 6) }));
  if (bases.length > 0) {
    const rows = bases.map((base) => lineRow(parameters, base.line, null, base.ticketCode));
    writes.push(`new_lines as (insert into order_lines (${LINE_COLUMNS}) values ${rows.join(', ')} returning id, ticket_code)`);
  }
  const addons = bases.flatMap((base) => base.line.addons.map((addon) => lineRow(parameters, addon, base, null)));
  if (addons.length > 0) writes.push(`new_addons as (insert into order_lines (${LINE_COLUMNS}) values ${addons.join(', ')})`);
  if (payment) writes.push(`new_payment as (insert into payments (${PAYMENT_COLUMNS}) values ((select id from new_order), ${parameters.row(PAYMENT_FIELDS.map((field) => payment[field]))}))`);
  alongside.forEach((write, index) => writes.push(`alongside_${index} as (${write((value) => parameters.add(value))})`));
  const [written] = await runStatement<{ id: number }>(tx, `with ${writes.join(', ')} select id from new_order`, parameters.values);
  if (written === undefined) throw new Error('the order was not created');
  return { ...order, id: Number(written.id) };
}
