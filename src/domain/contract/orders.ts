import * as z from 'zod/mini';
import { timeOfDay } from './facilities';
import { calendarDate, id, quantity, queryId, storedInt } from './primitives';
import { envelope } from './envelope';
import { visitorEntry } from './visitors';
import { endpoint } from './endpoint';

const money = z.number().check(z.nonnegative());
const zeroOrOne = z.union([z.literal(0), z.literal(1)]);

/**
 * What a promotion or membership benefit takes off one line (spec 001 §3, common line fields). Prices and taxes
 * are per unit; totals are per line, (price + tax) × quantity, before (actual_) and after the discount.
 */
export const lineDiscount = z.object({
  actual_price: money,
  actual_tax: money,
  actual_total: money,
  price: money,
  tax: money,
  total: money,
  promo_code: z.nullish(z.string()),
});
export type LineDiscount = z.infer<typeof lineDiscount>;

export const orderAddon = z.object({
  product_id: id,
  quantity,
  /** Sent for display and audit only; the server prices from its own catalogue. */
  price: money,
  tax_amount: money,
  discount: z.nullish(lineDiscount),
});
export type OrderAddon = z.infer<typeof orderAddon>;

/** Fields every line of every type carries (spec 001 §3). Prices are what the visitor saw; never trusted. */
const commonLine = {
  venue_id: id,
  product_id: id,
  product_type_id: storedInt,
  quantity,
  price: money,
  tax_amount: money,
  total_price: money,
  customers: z._default(z.array(visitorEntry), []),
  addons: z._default(z.array(orderAddon), []),
  discount: z.nullish(lineDiscount),
};

export const facilityOrderLine = z.object({
  ...commonLine,
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
  participant_count: quantity,
});

export const eventOrderLine = z.object({ ...commonLine, event_id: id, date: calendarDate, start_time: timeOfDay, end_time: timeOfDay });
export const trainingOrderLine = z.object({ ...commonLine, trainer_id: id, date: calendarDate, start_time: timeOfDay, end_time: timeOfDay });
export const membershipOrderLine = z.object({
  ...commonLine,
  membership_id: id,
  package_id: z.nullish(id),
  start_date: calendarDate,
  /** The visitor meant to renew the membership already held (spec 000 §8). */
  is_renewal: zeroOrOne,
});
export const workshopOrderLine = z.object({
  ...commonLine,
  workshop_id: id,
  workshop_program_id: id,
  start_date: calendarDate,
  /** Weekday bit flags chosen per date range; unique within each range (spec 001 §5). */
  days: z.array(storedInt),
});
export const offerOrderLine = z.object({ ...commonLine, offer_id: id });
export const posOrderLine = z.object({ ...commonLine, outlet_id: id });

/**
 * The order's `product` field: the bookings grouped by kind (spec 001 §3, Order payload). Facility lines, per
 * capacity or not, travel under capacity_facility.
 */
export const orderProducts = z.object({
  capacity_facility: z._default(z.array(facilityOrderLine), []),
  event: z._default(z.array(eventOrderLine), []),
  membership: z._default(z.array(membershipOrderLine), []),
  workshop: z._default(z.array(workshopOrderLine), []),
  training: z._default(z.array(trainingOrderLine), []),
  offers: z._default(z.array(offerOrderLine), []),
  pos: z._default(z.array(posOrderLine), []),
});
export type OrderProducts = z.infer<typeof orderProducts>;

/** A multipart field as the form carries it: booleans as '1' or '0' (spec 000 §7), numbers as text. */
const formFlag = z.pipe(z.union([z.enum(['0', '1']), zeroOrOne, z.boolean()]), z.transform((v: '0' | '1' | 0 | 1 | boolean) => (v === '1' || v === 1 || v === true ? 1 : 0)));
const formId = z.nullish(queryId);
const formText = z.nullish(z.string());

/**
 * POST orders (multipart, bearer): the order payload exactly as spec 001 §3 lists it. `product` is the JSON text of
 * OrderProducts. The Idempotency-Key header (HEADERS.idempotencyKey) names the submission.
 */
export const orderPayload = z.object({
  cardId: formId,
  email: formText,
  first_name: formText,
  last_name: formText,
  gender: formText,
  mobile: formText,
  product: z.string(),
  customerId: formId,
  is_wallet: z._default(formFlag, 0),
  is_qpoints: z._default(formFlag, 0),
  save_card: z._default(formFlag, 0),
  order_notes: formText,
  is_anonymous: z._default(formFlag, 0),
  isBaps: z._default(formFlag, 0),
  /** A membership card whose benefits apply to this order. */
  card_number: formText,
});
export type OrderPayload = z.input<typeof orderPayload>;

/** The gateway type that takes a form post instead of a redirect (spec 001 §4, Order result). */
export const FORM_POST_GATEWAY = 'form_post';

export const orderResult = z.object({
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
});
export type OrderResult = z.infer<typeof orderResult>;
export const placeOrderCall = endpoint('POST', 'orders');
export const orderResponse = envelope(orderResult);

export const ORDER_STATUSES = ['pending_payment', 'paid', 'awaiting_approval', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** GET orders/{token}: what the payment-success page shows. */
export const orderSummary = z.object({
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
  /** Ticket codes (shown as QR codes). */
  tickets: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type OrderSummary = z.infer<typeof orderSummary>;
export const orderSummaryCall = endpoint('GET', 'orders/:token');
export const orderSummaryResponse = envelope(orderSummary);

// ---------------------------------------------------------------------------------------------------------------
// POST benefits/verify — promo codes and membership benefits; the server computes every discount.

export const benefitProduct = z.object({
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
});
export type BenefitProduct = z.infer<typeof benefitProduct>;

export const benefitsVerifyCall = endpoint('POST', 'benefits/verify');
export const benefitsVerifyBody = z.union([
  z.object({ products: z.array(benefitProduct).check(z.minLength(1)), mobile: z.nullish(z.string()), promotion_code: z.string().check(z.minLength(1)) }),
  z.object({ products: z.array(benefitProduct).check(z.minLength(1)), mobile: z.string(), card_number: z.string().check(z.minLength(1)) }),
]);
export type BenefitsVerifyBody = z.infer<typeof benefitsVerifyBody>;

/** Promotion state (spec 001 §3): code, type (promo or memberships), codes, discount, total. */
export const promotion = z.object({
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
});
export type Promotion = z.infer<typeof promotion>;
export const benefitsVerifyResponse = envelope(promotion);

/** GET customers/balances (bearer): what the checkout may spend besides a card. */
export const balances = z.object({
  wallet: money,
  qpoints: money,
  /** Partner (B2B) accounts only. */
  credit_limit: z.nullable(money),
  credit_used: z.nullable(money),
  saved_cards: z.array(z.object({ id, brand: z.string(), last4: z.string(), expiry: z.string() })),
});
export type Balances = z.infer<typeof balances>;
export const balancesCall = endpoint('GET', 'customers/balances');
export const balancesResponse = envelope(balances);
