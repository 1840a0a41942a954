import {
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { memberships } from './catalogue';
import { createdAt, price, requiredBilingualText, partOf } from './columns';
import { facilityBookings, products, venueServices } from './facilities';
import { venueId, venues } from './venue';

export const orderStatuses = ['pending_payment', 'paid', 'awaiting_approval', 'failed', 'expired'] as const;
export const orderLineKinds = ['facility', 'event', 'membership', 'workshop', 'training', 'offer', 'pos'] as const;
export const paymentGateways = ['redirect', 'form_post'] as const;

/** How a venue takes card payments: a redirect to the hosted page, or a form post to it. */
export const venuePaymentSettings = pgTable('venue_payment_settings', {
  venueId: integer('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  gateway: text('gateway', { enum: paymentGateways }).notNull().default('redirect'),
});

/** Services or products whose orders wait for the venue's approval once paid. */
export const approvalRequirements = pgTable('approval_requirements', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  venueServiceId: integer('venue_service_id').references(() => venueServices.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
});

/** Which lines a promotion or benefit applies to: products by id and/or by product type; null means any. */
export type DiscountScope = { productIds: number[] | null; productTypeIds: number[] | null };

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    /** Stored upper-case. */
    code: text('code').notNull(),
    /** Either a percentage of each line, or an amount (tax included) off each unit. */
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    amount: price('amount'),
    scope: jsonb('scope').$type<DiscountScope>().notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** Orders that may use the code (unpaid ones count while they hold their places); null is unlimited. */
    usageLimit: integer('usage_limit'),
    /** Orders one customer (a guest by their email) may use the code on, counted as usageLimit is; null is unlimited. */
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
  },
  (t) => [uniqueIndex('promo_codes_venue_code_idx').on(t.venueId, t.code)],
);

/** What a membership card (by its number's prefix) takes off. */
export const membershipBenefits = pgTable('membership_benefits', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  cardPrefix: text('card_prefix').notNull(),
  membershipId: integer('membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
  percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  scope: jsonb('scope').$type<DiscountScope>().notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Unguessable: GET orders/{token} and /paymentsuccess/{token} need nothing else. */
    token: text('token').notNull().unique(),
    reference: text('reference').notNull().unique(),
    venueId: venueId(),
    customerId: partOf('customer_id', () => customers.id),
    status: text('status', { enum: orderStatuses }).notNull(),
    currency: text('currency').notNull(),
    subtotal: price('subtotal').notNull(),
    vat: price('vat').notNull(),
    discount: price('discount').notNull(),
    total: price('total').notNull(),
    paidByCard: price('paid_by_card').notNull().default(0),
    paidByWallet: price('paid_by_wallet').notNull().default(0),
    paidByQpoints: price('paid_by_qpoints').notNull().default(0),
    paidByCredit: price('paid_by_credit').notNull().default(0),
    /** The promo code or membership card whose discount the order carries. */
    promotionCode: text('promotion_code'),
    promotionType: text('promotion_type', { enum: ['promo', 'memberships'] }),
    notes: text('notes'),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** The X-Session-Id the order was placed from (its cart holds were released). */
    sessionId: text('session_id'),
    /** An unpaid order gives back its places at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('orders_customer_idx').on(t.customerId, t.createdAt), index('orders_unpaid_idx').on(t.status, t.expiresAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    /** An add-on's base line. */
    parentLineId: integer('parent_line_id'),
    kind: text('kind', { enum: orderLineKinds }).notNull(),
    /** The catalogue product (facility products and add-ons); other kinds name their item instead. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** What the line books: facility, event, membership, academy or trainer id. */
    itemId: integer('item_id'),
    facilityBookingId: integer('facility_booking_id').references(() => facilityBookings.id, { onDelete: 'set null' }),
    ...requiredBilingualText('name'),
    date: date('date', { mode: 'string' }),
    startTime: text('start_time'),
    endTime: text('end_time'),
    quantity: integer('quantity').notNull(),
    /** Per unit, from the server's catalogue. */
    unitPrice: price('unit_price').notNull(),
    unitTax: price('unit_tax').notNull(),
    /** Taken off the line (tax included). */
    discount: price('discount').notNull().default(0),
    total: price('total').notNull(),
    customers: jsonb('customers').$type<unknown[]>().notNull().default([]),
    ticketCode: text('ticket_code'),
    /** Set when the customer cancelled the booking; its places went back to capacity then. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  // Event tickets and trainer sessions are counted by what they book and its day, under the place's lock on every
  // checkout: without this index each count reads every line the venue ever sold.
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_item_day_idx').on(t.kind, t.itemId, t.date)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    amount: price('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'declined'] }).notNull().default('pending'),
    savedCardId: integer('saved_card_id'),
    saveCard: boolean('save_card').notNull().default(false),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

export const refundMethods = ['wallet', 'card'] as const;

/**
 * Money given back on an order: to the wallet at once (refunded), or to the card, requested until the gateway
 * confirms it (spec 000 §9: within 7 business days). The refunds of an order never add up to more than it was paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: partOf('order_id', () => orders.id),
    /** The booking given up, when the refund is for one line (a cancel or a cheaper reschedule). */
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    amount: price('amount').notNull(),
    method: text('method', { enum: refundMethods }).notNull(),
    status: text('status', { enum: ['requested', 'refunded'] }).notNull(),
    reason: text('reason', { enum: ['cancelled', 'rescheduled'] }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
);

/** Entries of a customer's balance: the balance is their sum and never goes below zero. */
const ledgerTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      customerId: partOf('customer_id', () => customers.id),
      amount: price('amount').notNull(),
      reason: text('reason').notNull(),
      orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
      createdAt: createdAt(),
    },
    (t) => [index(`${name}_customer_idx`).on(t.customerId)],
  );

/** Wallet money in the venue currency. */
export const walletLedger = ledgerTable('wallet_ledger');

/** Loyalty points (one point is worth one unit of the venue currency). */
export const qpointsLedger = ledgerTable('qpoints_ledger');

/** A partner's credit facility: what is used is the sum of its unpaid invoices. */
export const partnerCreditAccounts = pgTable('partner_credit_accounts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  creditLimit: price('credit_limit').notNull(),
  /** Days an invoice may stay unpaid. */
  paymentTermDays: integer('payment_term_days').notNull().default(30),
});

export const creditInvoices = pgTable(
  'credit_invoices',
  {
    id: serial('id').primaryKey(),
    customerId: partOf('customer_id', () => customers.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amount: price('amount').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_invoices_customer_idx').on(t.customerId)],
);

/** Cards kept by the payment gateway; only the gateway's token and what identifies the card to its owner. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    customerId: partOf('customer_id', () => customers.id),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** 'MM/YY'. */
    expiry: text('expiry').notNull(),
    /** As the gateway shows it, e.g. '424242******4242': the brand is read from its visible digits (cardBrand.ts). */
    maskedNumber: text('masked_number'),
    /** The card checkout offers first; at most one per customer. */
    isDefault: boolean('is_default').notNull().default(false),
    gatewayToken: text('gateway_token').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_cards_customer_idx').on(t.customerId)],
);

/** The first answer to each order submission, kept at least IDEMPOTENCY_TTL so a retry gets it again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    /** Whose key: `customer:<id>` or `session:<X-Session-Id>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** json, not jsonb: a replay answers the first body byte for byte (jsonb would reorder its keys). */
    response: json('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key_idx').on(t.scope, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);
