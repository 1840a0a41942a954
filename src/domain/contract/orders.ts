import * as z from 'zod/mini';
import { ADDON_DEFAULT_MAX } from '../booking/addonLimits';
import { timeOfDay } from './facilities';
import { ORDER_LIMITS } from './orderLimits';
import { calendarDate, id, quantity, queryId, storedInt } from './primitives';
import { envelope } from './envelope';
import { visitorEntry } from './visitors';
import { endpoint } from './endpoint';
import { workshopDays } from './workshops';
import { onFirstUse } from '../onFirstUse';

const money = onFirstUse(() => z.number().check(z.nonnegative()));
const zeroOrOne = onFirstUse(() => z.union([z.literal(0), z.literal(1)]));

/**
 * What a promotion or membership benefit takes off one line (spec 001 §3, common line fields). Prices and taxes
 * are per unit; totals are per line, (price + tax) × quantity, before (actual_) and after the discount.
 */
export const lineDiscount = onFirstUse(() => z.object({
  actual_price: money,
  actual_tax: money,
  actual_total: money,
  price: money,
  tax: money,
  total: money,
  promo_code: z.nullish(z.string()),
}));
export type LineDiscount = z.infer<typeof lineDiscount>;


/**
 * The most of one line, by kind: facility tickets and event tickets for a large group (the session's places bound
 * them further), a small group with one trainer, one membership (it belongs to its holder), places in one
 * programme, packages and outlet products as a family buys them.
 */
export const LINE_QUANTITY_MAX = { capacity_facility: 200, event: 200, training: 10, membership: 1, workshop: 10, offers: 20, pos: 50 } as const;

const quantityUpTo = (max: number) => z.int().check(z.positive(), z.maximum(max, `Choose at most ${max} of this item`));
const upTo = <T extends z.ZodMiniType>(item: T, max: number, what: string) => z.array(item).check(z.maxLength(max, `At most ${max} ${what}`));

export const orderAddon = onFirstUse(() => z.object({
  product_id: id,
  quantity: quantityUpTo(ADDON_DEFAULT_MAX),
  /** Sent for display and audit only; the server prices from its own catalogue. */
  price: money,
  tax_amount: money,
  discount: z.nullish(lineDiscount),
}));
export type OrderAddon = z.infer<typeof orderAddon>;

/** Fields every line of every type carries (spec 001 §3). Prices are what the visitor saw; never trusted. */
const commonLine = (kind: keyof typeof LINE_QUANTITY_MAX) => ({
  venue_id: id,
  product_id: id,
  product_type_id: storedInt,
  quantity: quantityUpTo(LINE_QUANTITY_MAX[kind]),
  price: money,
  tax_amount: money,
  total_price: money,
  customers: z._default(upTo(visitorEntry, ORDER_LIMITS.visitorsPerLine, 'visitors in one line'), []),
  addons: z._default(upTo(orderAddon, ORDER_LIMITS.addonsPerLine, 'add-ons in one line'), []),
  discount: z.nullish(lineDiscount),
});

export const facilityOrderLine = onFirstUse(() => z.object({
  ...commonLine('capacity_facility'),
  date: calendarDate,
  start_time: timeOfDay,
  end_time: timeOfDay,
  facility_id: id,
  venue_service_id: id,
  is_full_day: zeroOrOne,
  is_open_dated: zeroOrOne,
  save_detail_for_future: zeroOrOne,
  seasonal_pricing_id: z.nullish(storedInt),
  group: z.string(),
  participant_count: quantityUpTo(ORDER_LIMITS.participantsPerTicket),
}));

export const eventOrderLine = onFirstUse(() => z.object({ ...commonLine('event'), event_id: id, date: calendarDate, start_time: timeOfDay, end_time: timeOfDay }));
export const trainingOrderLine = onFirstUse(() => z.object({ ...commonLine('training'), trainer_id: id, date: calendarDate, start_time: timeOfDay, end_time: timeOfDay }));
export const membershipOrderLine = onFirstUse(() => z.object({
  ...commonLine('membership'),
  membership_id: id,
  package_id: z.nullish(id),
  start_date: calendarDate,
  /** The visitor meant to renew the membership already held (spec 000 §8). */
  is_renewal: zeroOrOne,
}));
export const workshopOrderLine = onFirstUse(() => z.object({
  ...commonLine('workshop'),
  workshop_id: id,
  workshop_program_id: id,
  start_date: calendarDate,
  /** Weekday bit flags chosen per date range; unique within each range (spec 001 §5). */
  days: workshopDays,
}));
export const offerOrderLine = onFirstUse(() => z.object({ ...commonLine('offers'), offer_id: id }));
export const posOrderLine = onFirstUse(() => z.object({ ...commonLine('pos'), outlet_id: id }));

/**
 * The order's `product` field: the bookings grouped by kind (spec 001 §3, Order payload). Facility lines, per
 * capacity or not, travel under capacity_facility.
 */
const lines = <T extends z.ZodMiniType>(line: T, max: number = ORDER_LIMITS.lines) => z._default(upTo(line, max, 'lines of this kind in one order'), []);

export const orderProducts = onFirstUse(() => z
  .object({
    capacity_facility: lines(facilityOrderLine, ORDER_LIMITS.facilityLines),
    event: lines(eventOrderLine),
    membership: lines(membershipOrderLine),
    workshop: lines(workshopOrderLine),
    training: lines(trainingOrderLine),
    offers: lines(offerOrderLine),
    pos: lines(posOrderLine),
  })
  .check(
    z.refine(
      (products) => Object.values(products).reduce((sum, kind) => sum + kind.length, 0) <= ORDER_LIMITS.lines,
      `At most ${ORDER_LIMITS.lines} lines in one order: place the rest as another order`,
    ),
  ));
export type OrderProducts = z.infer<typeof orderProducts>;

/** A multipart field as the form carries it: booleans as '1' or '0' (spec 000 §7), numbers as text. */
const formFlag = onFirstUse(() => z.pipe(z.union([z.enum(['0', '1']), zeroOrOne, z.boolean()]), z.transform((v: '0' | '1' | 0 | 1 | boolean) => (v === '1' || v === 1 || v === true ? 1 : 0))));
const formId = onFirstUse(() => z.nullish(queryId));
const formText = (max: number) => z.nullish(z.string().check(z.maxLength(max, `At most ${max} characters`)));

/**
 * POST orders (multipart, bearer): the order payload exactly as spec 001 §3 lists it. `product` is the JSON text of
 * OrderProducts. The Idempotency-Key header (HEADERS.idempotencyKey) names the submission.
 */
export const orderPayload = onFirstUse(() => z.object({
  cardId: formId,
  email: formText(254),
  first_name: formText(60),
  last_name: formText(60),
  gender: formText(10),
  mobile: formText(32),
  product: z.string(),
  customerId: formId,
  is_wallet: z._default(formFlag, 0),
  is_qpoints: z._default(formFlag, 0),
  save_card: z._default(formFlag, 0),
  order_notes: formText(ORDER_LIMITS.notes),
  is_anonymous: z._default(formFlag, 0),
  isBaps: z._default(formFlag, 0),
  /** A membership card whose benefits apply to this order. */
  card_number: formText(64),
}));
export type OrderPayload = z.input<typeof orderPayload>;

/** The gateway type that takes a form post instead of a redirect (spec 001 §4, Order result). */
export const FORM_POST_GATEWAY = 'form_post';

export const orderResult = onFirstUse(() => z.object({
  /** The gateway type, or null when nothing is left to pay by card. */
  pg: z.nullable(z.string()),
  /** Where the browser goes (redirect) or posts (FORM_POST_GATEWAY). */
  url: z.nullable(z.string()),
  /** Fields of the form post. */
  form_fields: z.nullish(z.record(z.string(), z.string())),
  transactionId: z.nullable(z.string()),
  isApprovalRequired: z.boolean(),
  /** The order's public token: /paymentsuccess/{token}. */
  order_token: z.string(),
}));
export type OrderResult = z.infer<typeof orderResult>;
export const placeOrderCall = endpoint('POST', 'orders');
export const orderResponse = onFirstUse(() => envelope(orderResult));

export const ORDER_STATUSES = ['pending_payment', 'paid', 'awaiting_approval', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** GET orders/{token}: what the payment-success page shows. */
export const orderSummary = onFirstUse(() => z.object({
  token: z.string(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  currency: z.string(),
  subtotal: money,
  vat: money,
  discount: money,
  total: money,
  paid_by_card: money,
  paid_by_wallet: money,
  paid_by_qpoints: money,
  paid_by_credit: money,
  lines: z.array(
    z.object({
      kind: z.enum(['facility', 'event', 'membership', 'workshop', 'training', 'offer', 'pos']),
      name: z.string(),
      ar_name: z.nullish(z.string()),
      quantity: z.int(),
      date: z.nullish(calendarDate),
      start_time: z.nullish(timeOfDay),
      end_time: z.nullish(timeOfDay),
      total: money,
      addons: z.array(z.object({ name: z.string(), ar_name: z.nullish(z.string()), quantity: z.int(), total: money })),
    }),
  ),
  /** Ticket codes (shown as QR codes), one a person the order admits, with whom each admits. */
  tickets: z.array(z.object({ code: z.string(), label: z.string(), holder: z.string() })),
}));
export type OrderSummary = z.infer<typeof orderSummary>;
export const orderSummaryCall = endpoint('GET', 'orders/:token');
export const orderSummaryResponse = onFirstUse(() => envelope(orderSummary));

// ---------------------------------------------------------------------------------------------------------------
// POST benefits/verify — promo codes and membership benefits; the server computes every discount.

export const benefitProduct = onFirstUse(() => z.object({
  quantity,
  venue_id: id,
  price: money,
  tax: money,
  date: z.nullish(calendarDate),
  product_id: id,
  product_type_id: storedInt,
  /** The id of what the line books (facility, event, membership…), for benefits limited to it. */
  item_id: z.nullish(storedInt),
  /** The line's position in the cart; add-ons also carry their position under it. */
  cartIndex: storedInt.check(z.nonnegative()),
  addon_index: z.nullish(storedInt.check(z.nonnegative())),
  is_addon: zeroOrOne,
}));
export type BenefitProduct = z.infer<typeof benefitProduct>;

export const benefitsVerifyCall = endpoint('POST', 'benefits/verify');
export const benefitsVerifyBody = onFirstUse(() => z.union([
  z.object({ products: z.array(benefitProduct).check(z.minLength(1)), mobile: z.nullish(z.string()), promotion_code: z.string().check(z.minLength(1)) }),
  z.object({ products: z.array(benefitProduct).check(z.minLength(1)), mobile: z.string(), card_number: z.string().check(z.minLength(1)) }),
]));
export type BenefitsVerifyBody = z.infer<typeof benefitsVerifyBody>;

/** Promotion state (spec 001 §3): code, type (promo or memberships), codes, discount, total. */
export const promotion = onFirstUse(() => z.object({
  code: z.string(),
  type: z.enum(['promo', 'memberships']),
  codes: z.array(z.string()),
  /** The whole discount, tax included. */
  discount: money,
  /** The cart total after the discount. */
  total: money,
  products: z.array(
    z.object({ cartIndex: z.int(), addon_index: z.nullish(z.int()), discount: lineDiscount }),
  ),
}));
export type Promotion = z.infer<typeof promotion>;
export const benefitsVerifyResponse = onFirstUse(() => envelope(promotion));

/** GET customers/balances (bearer): what the checkout may spend besides a card. */
export const balances = onFirstUse(() => z.object({
  wallet: money,
  qpoints: money,
  /** Partner (B2B) accounts only. */
  credit_limit: z.nullable(money),
  credit_used: z.nullable(money),
  /** The overdue invoice that stops credit purchases until it is paid (partners only). */
  credit_blocked_by: z.optional(z.nullable(z.string())),
  /** The cards that can pay today, the default first (expired ones are not offered). */
  saved_cards: z.array(z.object({ id, brand: z.string(), last4: z.string(), expiry: z.string() })),
}));
export type Balances = z.infer<typeof balances>;
export const balancesCall = endpoint('GET', 'customers/balances');
export const balancesResponse = onFirstUse(() => envelope(balances));
