import { and, eq } from 'drizzle-orm';
import { LEDGER_REASONS } from '../../../src/domain/wallet/ledgerEntries';
import { qpointsEarned } from '../../../src/domain/wallet/walletRules';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { type orders, qpointsLedger } from '../../db/schema/orders';
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
