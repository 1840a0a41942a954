import { and, asc, eq, isNull } from 'drizzle-orm';
import { blocksCredit, invoiceNumber } from '../../../src/domain/wallet/invoices';
import { WALLET_SETTINGS_DEFAULTS, type WalletSettings } from '../../../src/domain/wallet/walletRules';
import { type Database } from '../../db/client';
import { creditInvoices } from '../../db/schema/orders';
import { venueWalletSettings } from '../../db/schema/wallet';

/** The venue's money rules, or the defaults when it has set none. */
export async function walletSettingsOf(db: Database, venueId: number): Promise<WalletSettings> {
  const [row] = await db.select().from(venueWalletSettings).where(eq(venueWalletSettings.venueId, venueId)).limit(1);
  if (!row) return WALLET_SETTINGS_DEFAULTS;
  const { topUpMin, topUpMax, topUpStep, qpointsPerUnit, creditGraceDays, qpointsValidityMonths } = row;
  return { topUpMin, topUpMax, topUpStep, qpointsPerUnit, creditGraceDays, qpointsValidityMonths };
}

/** The number of the oldest unpaid invoice overdue beyond the grace days, which stops credit purchases; or null. */
export async function creditBlockingInvoice(db: Database, customerId: number, today: string, graceDays: number): Promise<string | null> {
  const unpaid = await db
    .select({ id: creditInvoices.id, dueDate: creditInvoices.dueDate })
    .from(creditInvoices)
    .where(and(eq(creditInvoices.customerId, customerId), isNull(creditInvoices.paidAt)))
    .orderBy(asc(creditInvoices.dueDate), asc(creditInvoices.id));
  const blocking = unpaid.find((invoice) => blocksCredit({ dueDate: invoice.dueDate, paid: false }, today, graceDays));
  return blocking ? invoiceNumber(blocking.id) : null;
}
