import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import { envelope } from './envelope';
import { paginated, pageQuery } from './pagination';
import { id, ID_OUT_OF_RANGE } from './primitives';
import { bookingRanges } from './routeParams';
import { INVOICE_STATUSES } from '../wallet/invoices';
import { QPOINTS_ENTRY_TYPES, WALLET_ENTRY_TYPES } from '../wallet/ledgerEntries';
import { onFirstUse } from '../onFirstUse';

const money = onFirstUse(() => z.number());
const amountField = onFirstUse(() => z.number().check(z.positive('Enter an amount above zero'), z.lte(1_000_000, 'Enter an amount of at most 1,000,000')));

// ---------------------------------------------------------------------------------------------------------------
// Saved cards (spec 000 §1): the customer's own cards, kept by the gateway.

export const savedCardItem = onFirstUse(() => z.object({
  id,
  brand: z.enum(['Visa', 'Mastercard', 'Unknown']),
  /** '•••• 4242': never more than the last four digits. */
  masked: z.string(),
  last4: z.string(),
  /** 'MM/YY'. */
  expiry: z.string(),
  is_expired: z.boolean(),
  is_default: z.boolean(),
}));
export type SavedCardItem = z.infer<typeof savedCardItem>;

/** At most this many cards are kept per customer (the gateway's own limit is higher; a person has a handful). */
export const SAVED_CARDS_MAX = 20;

export const savedCardsCall = endpoint('GET', 'customers/cards');
export const savedCardsResponse = onFirstUse(() => envelope(z.array(savedCardItem)));
export const defaultCardCall = endpoint('PUT', 'customers/cards/:id/default');
export const deleteCardCall = endpoint('DELETE', 'customers/cards/:id');
export const cardChangeResponse = onFirstUse(() => envelope(z.array(savedCardItem)));
/** `:id` of the card and invoice calls. */
export const recordParams = onFirstUse(() => z.object({
  id: z.pipe(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, ID_OUT_OF_RANGE)), z.transform((digits: string) => Number(digits))), id),
}));

// ---------------------------------------------------------------------------------------------------------------
// Ledger lists: `?page=&per_page=&range=` (spec 000 §9 range shortcuts, 16 a page).

export const ledgerQuery = onFirstUse(() => z.object({ ...pageQuery.shape, range: z.catch(z.enum(bookingRanges), 'all') }));
export type LedgerQuery = z.infer<typeof ledgerQuery>;

export const walletEntry = onFirstUse(() => z.object({
  id,
  type: z.enum(WALLET_ENTRY_TYPES),
  amount: money,
  /** The balance right after this entry. */
  balance: money,
  order_reference: z.nullable(z.string()),
  created_at: z.string(),
}));
export type WalletEntry = z.infer<typeof walletEntry>;

export const topUpRules = onFirstUse(() => z.object({ min: money, max: money, step: money, choices: z.array(money) }));
export type TopUpRules = z.infer<typeof topUpRules>;

export const walletCall = endpoint('GET', 'customers/wallet');
export const walletResponse = onFirstUse(() => envelope(z.extend(paginated(walletEntry), { balance: money, currency: z.string(), top_up: topUpRules })));
export type WalletPage = z.infer<typeof walletResponse>['data'];

export const qpointsEntry = onFirstUse(() => z.object({
  id,
  type: z.enum(QPOINTS_ENTRY_TYPES),
  points: money,
  balance: money,
  order_reference: z.nullable(z.string()),
  created_at: z.string(),
}));
export type QpointsEntry = z.infer<typeof qpointsEntry>;

export const qpointsCall = endpoint('GET', 'customers/q-points');
export const qpointsResponse = onFirstUse(() => envelope(
  z.extend(paginated(qpointsEntry), {
    balance: money,
    /** What the balance pays at checkout, in `currency`. */
    value: money,
    currency: z.string(),
    /** The venue's earning rule: points per unit of currency spent. */
    points_per_unit: money,
    /** The soonest points to expire (what is left of the oldest earnings) and when; null when none will. */
    next_expiry: z.nullable(z.object({ points: money, at: z.string() })),
  }),
));
export type QpointsPage = z.infer<typeof qpointsResponse>['data'];

// ---------------------------------------------------------------------------------------------------------------
// Card payments that are not orders: a wallet top-up, a partner invoice. Both leave for the hosted gateway page.

export const accountPaymentBody = onFirstUse(() => z.object({
  /** A saved card of the customer's own; none types a new card on the gateway page. */
  card_id: z.nullish(id),
}));
export const topUpBody = onFirstUse(() => z.extend(accountPaymentBody, { amount: amountField }));
export type TopUpBody = z.infer<typeof topUpBody>;

export const hostedPaymentResult = onFirstUse(() => z.object({
  pg: z.string(),
  url: z.string(),
  form_fields: z.nullable(z.record(z.string(), z.string())),
  transactionId: z.string(),
  reference: z.string(),
}));
export type HostedPaymentResult = z.infer<typeof hostedPaymentResult>;
export const hostedPaymentResponse = onFirstUse(() => envelope(hostedPaymentResult));

export const topUpCall = endpoint('POST', 'customers/wallet/top-up');

/** Where the gateway sends the browser back, with `?payment=paid|declined`. */
export const ACCOUNT_PAYMENT_RETURN = { wallet_top_up: '/profile/user/wallet', invoice: '/profile/partner' } as const;

// ---------------------------------------------------------------------------------------------------------------
// Partners (B2B, B2E): the credit facility and its invoices.

export const creditInvoice = onFirstUse(() => z.object({
  id,
  number: z.string(),
  order_reference: z.nullable(z.string()),
  amount: money,
  due_date: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** Overdue beyond the venue's grace days: credit purchases stop until it is paid. */
  blocks_credit: z.boolean(),
  paid_at: z.nullable(z.string()),
  created_at: z.string(),
}));
export type CreditInvoice = z.infer<typeof creditInvoice>;

export const partnerAccount = onFirstUse(() => z.object({
  kind: z.enum(['b2b', 'b2e']),
  currency: z.string(),
  credit_limit: money,
  credit_used: money,
  credit_available: money,
  grace_days: z.int(),
  /** Set while an invoice overdue beyond the grace days blocks credit purchases. */
  blocked_by: z.nullable(z.string()),
  details: z.object({
    contact_person: z.nullable(z.string()),
    entity_type: z.nullable(z.string()),
    entity_name: z.nullable(z.string()),
    image: z.nullable(z.string()),
  }),
}));
export type PartnerAccount = z.infer<typeof partnerAccount>;

export const partnerCall = endpoint('GET', 'customers/partner');
export const partnerResponse = onFirstUse(() => envelope(z.extend(paginated(creditInvoice), { account: partnerAccount })));
export type PartnerPage = z.infer<typeof partnerResponse>['data'];

export const payInvoiceCall = endpoint('POST', 'customers/partner/invoices/:id/pay');
