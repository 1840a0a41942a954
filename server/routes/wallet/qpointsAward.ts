import { and, eq, inArray } from 'drizzle-orm';
import { LEDGER_REASONS } from '../../../src/domain/wallet/ledgerEntries';
import { qpointsEarned, qpointsTakenBack } from '../../../src/domain/wallet/walletRules';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { type orders, qpointsLedger } from '../../db/schema/orders';
import { ledgerBalance } from '../orders/ledgers';
import { settleQpointsExpiry } from './qpointsExpiry';
import { walletSettingsOf } from './walletSettings';

type PaidOrder = Pick<typeof orders.$inferSelect, 'id' | 'venueId' | 'customerId' | 'total' | 'paidByQpoints'>;

/**
 * Adds the q-points an order earns by the venue's rule, when it becomes paid (inside that transaction). Guests earn
 * none (they have no account to spend them from); an order earns once, however often this is called.
 */
export async function awardOrderQpoints(tx: Database, order: PaidOrder, now: Date): Promise<void> {
  const [buyer] = await tx.select({ isAnonymous: customers.isAnonymous }).from(customers).where(eq(customers.id, order.customerId)).limit(1);
  if (!buyer || buyer.isAnonymous) return;
  const { qpointsPerUnit } = await walletSettingsOf(tx, order.venueId);
  const points = qpointsEarned(order.total - order.paidByQpoints, qpointsPerUnit);
  if (points <= 0) return;
  const [already] = await tx
    .select({ id: qpointsLedger.id })
    .from(qpointsLedger)
    .where(and(eq(qpointsLedger.orderId, order.id), eq(qpointsLedger.reason, LEDGER_REASONS.earned)))
    .limit(1);
  if (already) return;
  await tx.insert(qpointsLedger).values({ customerId: order.customerId, amount: points, reason: LEDGER_REASONS.earned, orderId: order.id, createdAt: now });
}

/**
 * Takes back the q-points a refunded part of an order earned (inside the refund's transaction, under the customer's
 * money lock): the refund's share of what the order earned, less what earlier refunds took, and never more than the
 * customer still has, since a balance never goes below zero.
 */
export async function takeBackOrderQpoints(tx: Database, order: PaidOrder, refund: number, now: Date): Promise<void> {
  await settleQpointsExpiry(tx, order.customerId, order.venueId, now);
  const rows = await tx
    .select({ reason: qpointsLedger.reason, amount: qpointsLedger.amount })
    .from(qpointsLedger)
    .where(and(eq(qpointsLedger.orderId, order.id), inArray(qpointsLedger.reason, [LEDGER_REASONS.earned, LEDGER_REASONS.takenBack])));
  const sum = (reason: string) => rows.filter((row) => row.reason === reason).reduce((total, row) => total + row.amount, 0);
  const points = qpointsTakenBack({ earned: sum(LEDGER_REASONS.earned), takenBack: -sum(LEDGER_REASONS.takenBack), earningAmount: order.total - order.paidByQpoints, refund });
  const amount = Math.min(points, Math.floor(Math.max(0, await ledgerBalance(tx, 'qpoints', order.customerId))));
  if (amount <= 0) return;
  await tx.insert(qpointsLedger).values({ customerId: order.customerId, amount: -amount, reason: LEDGER_REASONS.takenBack, orderId: order.id, createdAt: now });
}
