import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Database } from '../../db/client';
import { creditInvoices, partnerCreditAccounts, qpointsLedger, walletLedger } from '../../db/schema/orders';
import { roundMoney } from '../../../src/domain/money';

/** Advisory lock class of a customer's money (wallet, q-points, credit): one spender at a time per customer. */
const CUSTOMER_MONEY_LOCK = 7311;

const LEDGERS = { wallet: walletLedger, qpoints: qpointsLedger } as const;
export type Ledger = keyof typeof LEDGERS;

/**
 * Taken inside the transaction that reads a balance and spends from it, and held until it ends, so two
 * checkouts of one customer never both spend the same money. Several customers' locks are taken in one go, lowest
 * id first: two transactions that each need two customers' money then never wait for each other in a circle.
 */
export async function lockCustomerMoney(tx: Database, ...customerIds: number[]): Promise<void> {
  const ordered = [...new Set(customerIds)].sort((a, b) => a - b);
  if (ordered.length === 0) return;
  // Select-list items are evaluated left to right, so the locks are taken in this order.
  await tx.execute(sql`select ${sql.join(ordered.map((id) => sql`pg_advisory_xact_lock(${CUSTOMER_MONEY_LOCK}, ${id}::int)`), sql`, `)}`);
}

export async function ledgerBalance(db: Database, ledger: Ledger, customerId: number): Promise<number> {
  const table = LEDGERS[ledger];
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${table.amount}), 0)` })
    .from(table)
    .where(eq(table.customerId, customerId));
  return roundMoney(Number(row?.total ?? 0));
}

export interface LedgerEntry {
  customerId: number;
  amount: number;
  reason: string;
  orderId: number | null;
  createdAt: Date;
}

/**
 * Adds an entry. A spending (negative) entry must fit the balance: the caller holds lockCustomerMoney and asked
 * for at most ledgerBalance, and this checks again so no path can take a balance below zero.
 */
export async function addLedgerEntry(tx: Database, ledger: Ledger, entry: LedgerEntry): Promise<void> {
  if (entry.amount === 0) return;
  if (entry.amount < 0 && (await ledgerBalance(tx, ledger, entry.customerId)) + entry.amount < -0.001) {
    throw new Error(`${ledger} of customer ${entry.customerId} would go below zero`);
  }
  if (ledger === 'wallet') await tx.insert(walletLedger).values(entry);
  else await tx.insert(qpointsLedger).values(entry);
}

export interface CreditStatus {
  limit: number;
  used: number;
  paymentTermDays: number;
}

/** A partner's credit facility: its limit and what its unpaid invoices use; null for everyone else. */
export async function creditStatus(db: Database, customerId: number): Promise<CreditStatus | null> {
  const [account] = await db.select().from(partnerCreditAccounts).where(eq(partnerCreditAccounts.customerId, customerId)).limit(1);
  if (!account) return null;
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${creditInvoices.amount}), 0)` })
    .from(creditInvoices)
    .where(and(eq(creditInvoices.customerId, customerId), isNull(creditInvoices.paidAt)));
  return { limit: account.creditLimit, used: roundMoney(Number(row?.used ?? 0)), paymentTermDays: account.paymentTermDays };
}
