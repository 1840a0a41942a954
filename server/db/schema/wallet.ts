import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { createdAt, partOf, price } from './columns';
import { creditInvoices, paymentGateways, savedCards } from './orders';
import { venueId, venues } from './venue';

/**
 * A venue's rules for customer money: the wallet top-ups it accepts (from min to max in steps), the q-points an
 * order earns per unit of currency spent and how long they stay valid, and the days past due an unpaid partner invoice may run before the
 * partner's credit purchases stop. A venue without a row uses WALLET_SETTINGS_DEFAULTS (src/domain/wallet).
 */
export const venueWalletSettings = pgTable('venue_wallet_settings', {
  venueId: integer('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  topUpMin: price('top_up_min').notNull(),
  topUpMax: price('top_up_max').notNull(),
  topUpStep: price('top_up_step').notNull(),
  qpointsPerUnit: price('qpoints_per_unit').notNull(),
  creditGraceDays: integer('credit_grace_days').notNull(),
  /** Months after it is earned that what is left of an earning expires. */
  qpointsValidityMonths: integer('qpoints_validity_months').notNull().default(12),
});

export const accountPaymentPurposes = ['wallet_top_up', 'invoice'] as const;

/**
 * A card payment that is not an order: a wallet top-up or a partner paying an invoice. It goes through the same
 * hosted gateway page; the wallet is credited (or the invoice marked paid) once, when the gateway says paid.
 */
export const accountPayments = pgTable(
  'account_payments',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    customerId: partOf('customer_id', () => customers.id),
    purpose: text('purpose', { enum: accountPaymentPurposes }).notNull(),
    invoiceId: integer('invoice_id').references(() => creditInvoices.id, { onDelete: 'cascade' }),
    /** Shown on the gateway page and in the wallet's history: 'TOP-…' or the invoice number. */
    reference: text('reference').notNull(),
    amount: price('amount').notNull(),
    currency: text('currency').notNull(),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    savedCardId: integer('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'paid', 'declined'] }).notNull().default('pending'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('account_payments_customer_idx').on(t.customerId, t.createdAt)],
);
