import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { type LedgerQuery } from '../../../src/domain/contract/wallet';
import { roundMoney } from '../../../src/domain/money';
import { rangeFirstDay } from '../../../src/domain/wallet/ranges';
import { type Database } from '../../db/client';
import { orders, qpointsLedger, walletLedger } from '../../db/schema/orders';
import { type VenueRow } from '../../http/venue';
import { venueClock } from '../facilities/facilitiesData';

/** Entries written before they carried an order id name the order in their reason ('Order ORD-3A91C'). */
const ORDER_REFERENCE = /\bORD-[0-9A-F]+\b/;

export interface LedgerRow {
  id: number;
  amount: number;
  reason: string;
  /** After this entry, counting every entry of the customer (not only the page or the range). */
  balance: number;
  orderReference: string | null;
  createdAt: Date;
}

/**
 * One page of a customer's wallet or q-points entries, newest first, each with the balance right after it; the range
 * shortcut keeps entries from its first venue day on (midnight in the venue's time zone).
 */
export async function ledgerPage(db: Database, ledger: 'wallet' | 'qpoints', customerId: number, venue: VenueRow, query: LedgerQuery, now: Date) {
  const table = ledger === 'wallet' ? walletLedger : qpointsLedger;
  const entries = db
    .select({
      id: table.id,
      amount: table.amount,
      reason: table.reason,
      orderId: table.orderId,
      createdAt: table.createdAt,
      balance: sql<string>`sum(${table.amount}) over (order by ${table.createdAt}, ${table.id})`.as('balance'),
    })
    .from(table)
    .where(eq(table.customerId, customerId))
    .as('entries');
  const firstDay = rangeFirstDay(query.range, venueClock(venue, now).today);
  const inRange: SQL | undefined = firstDay === null ? undefined : gte(entries.createdAt, sql`(${firstDay}::timestamp at time zone ${venue.config.time_zone ?? 'Asia/Dubai'})`);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(entries).where(inRange),
    db
      .select({
        id: entries.id,
        amount: entries.amount,
        reason: entries.reason,
        createdAt: entries.createdAt,
        balance: entries.balance,
        reference: orders.reference,
      })
      .from(entries)
      .leftJoin(orders, eq(orders.id, entries.orderId))
      .where(and(inRange))
      .orderBy(desc(entries.createdAt), desc(entries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  const total = counted?.total ?? 0;
  const items: LedgerRow[] = rows.map((row) => ({
    id: row.id,
    amount: roundMoney(Number(row.amount)),
    reason: row.reason,
    balance: roundMoney(Number(row.balance)),
    orderReference: row.reference ?? ORDER_REFERENCE.exec(row.reason)?.[0] ?? null,
    createdAt: new Date(row.createdAt),
  }));
  return { items, total, total_pages: Math.ceil(total / query.per_page), current_page: query.page, per_page: query.per_page };
}
