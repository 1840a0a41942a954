import { eq } from 'drizzle-orm';
import { LEDGER_REASONS } from '../../../src/domain/wallet/ledgerEntries';
import { settleQpoints, type QpointsExpiry } from '../../../src/domain/wallet/qpointsExpiry';
import { type Database } from '../../db/client';
import { qpointsLedger } from '../../db/schema/orders';
import { lockCustomerMoney } from '../orders/ledgers';
import { walletSettingsOf } from './walletSettings';

/**
 * Writes the customer's q-points expiries that are due by `now` and not written yet, each at its own moment, and
 * answers the next one. Runs inside the caller's transaction under the customer's money lock, before anything reads
 * the balance to show or spend it: no scheduler is needed, several server processes never write one expiry twice
 * (the second finds it written), and balance, history and checkout always agree.
 */
export async function settleQpointsExpiry(tx: Database, customerId: number, venueId: number, now: Date): Promise<QpointsExpiry | null> {
  await lockCustomerMoney(tx, customerId);
  const [{ qpointsValidityMonths }, rows] = await Promise.all([
    walletSettingsOf(tx, venueId),
    tx.select({ amount: qpointsLedger.amount, createdAt: qpointsLedger.createdAt }).from(qpointsLedger).where(eq(qpointsLedger.customerId, customerId)),
  ]);
  const { due, next } = settleQpoints(
    rows.map((row) => ({ amount: row.amount, at: row.createdAt.getTime() })),
    qpointsValidityMonths,
    now.getTime(),
  );
  if (due.length > 0) {
    await tx.insert(qpointsLedger).values(due.map((expiry) => ({ customerId, amount: -expiry.points, reason: LEDGER_REASONS.expired, orderId: null, createdAt: new Date(expiry.at) })));
  }
  return next;
}
