import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { ORDER_STATUSES } from './orders';
import { onFirstUse } from '../onFirstUse';

const money = onFirstUse(() => z.number().check(z.nonnegative()));
const bilingualName = { name: z.string(), ar_name: z.nullable(z.string()) };

/**
 * What a ticket is worth at the gate: `valid`; `awaiting_approval` (the venue has not approved the order yet);
 * `cancelled` (the customer gave it up; it has no QR code any more); `past` (its time is over).
 */
export const ticketStatuses = ['valid', 'awaiting_approval', 'cancelled', 'past'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** The kinds of order line (server/db/schema/orders.ts orderLineKinds). */
export const ticketKinds = ['facility', 'event', 'membership', 'workshop', 'training', 'offer', 'pos'] as const;

/**
 * One ticket: one person a booked line of an order admits (add-ons ride on their line's tickets), with the code its
 * QR code carries; a line of several people has one ticket each, with the same line_id.
 */
export const orderTicket = onFirstUse(() => z.object({
  code: z.string(),
  /** The order line (the booking) it admits to. */
  line_id: z.int(),
  kind: z.enum(ticketKinds),
  ...bilingualName,
  /** Where: the facility, the event's or academy's location, the outlet; null when the line names no place. */
  place: z.nullable(z.object(bilingualName)),
  /** When, in the venue's time zone (`YYYY-MM-DD`, `HH:mm:ss`); null for what has no date. */
  date: z.nullable(z.string()),
  start_time: z.nullable(z.string()),
  end_time: z.nullable(z.string()),
  /** 1 for a person; what is collected on it for goods from an outlet. */
  quantity: z.int(),
  /** Whom it admits: a visitor named on the line, else the customer who bought it. */
  holder: z.string(),
  status: z.enum(ticketStatuses),
}));
export type OrderTicket = z.infer<typeof orderTicket>;

export const paymentMethods = ['card', 'wallet', 'qpoints', 'credit'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** `returned`: wallet, q-points or credit given back because the order was never paid (declined or expired). */
export const paymentStatuses = ['paid', 'pending', 'declined', 'returned'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const orderPayment = onFirstUse(() => z.object({
  method: z.enum(paymentMethods),
  amount: money,
  status: z.enum(paymentStatuses),
  at: z.string(),
}));
export type OrderPayment = z.infer<typeof orderPayment>;

/** Spec 000 §9: a refund to the card stays `requested` until the gateway confirms it (within 7 business days). */
export const orderRefund = onFirstUse(() => z.object({
  id: z.int(),
  amount: money,
  method: z.enum(['wallet', 'card']),
  status: z.enum(['requested', 'refunded']),
  reason: z.enum(['cancelled', 'rescheduled']),
  /** The booking given up, when the refund is for one line. */
  line: z.nullable(z.object(bilingualName)),
  created_at: z.string(),
  settled_at: z.nullable(z.string()),
}));
export type OrderRefund = z.infer<typeof orderRefund>;

/** Spec 000 interface text on transactions: ref id, amount paid, pending amount, status; with each payment and refund. */
export const orderTransaction = onFirstUse(() => z.object({
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  subtotal: money,
  vat: money,
  discount: money,
  total: money,
  amount_paid: money,
  pending_amount: money,
  refunded_amount: money,
  refund_requested_amount: money,
  payments: z.array(orderPayment),
  refunds: z.array(orderRefund),
}));
export type OrderTransaction = z.infer<typeof orderTransaction>;

export const orderLineSummary = onFirstUse(() => z.object({
  ...bilingualName,
  kind: z.enum(ticketKinds),
  quantity: z.int(),
  /** Per unit, before VAT. */
  unit_price: money,
  vat: money,
  discount: money,
  total: money,
  is_addon: z.boolean(),
  cancelled: z.boolean(),
}));

/** GET customers/orders/:orderId/tickets (bearer, owner only): the order's tickets and its transaction details. */
export const orderDocuments = onFirstUse(() => z.object({
  order_id: z.int(),
  reference: z.string(),
  created_at: z.string(),
  lines: z.array(orderLineSummary),
  tickets: z.array(orderTicket),
  transaction: orderTransaction,
}));
export type OrderDocuments = z.infer<typeof orderDocuments>;
export const orderDocumentsCall = endpoint('GET', 'customers/orders/:orderId/tickets');
export const orderDocumentsResponse = onFirstUse(() => envelope(orderDocuments));

/** `?lang=` of a PDF: its language (else the Accept-Language header's, else English). */
export const documentQuery = onFirstUse(() => z.object({ lang: z.catch(z.optional(z.enum(['en', 'ar'])), undefined) }));

/** GET customers/orders/:orderId/tickets.pdf and receipt.pdf (bearer, owner only): application/pdf attachments. */
export const ticketsPdfCall = endpoint('GET', 'customers/orders/:orderId/tickets.pdf');
export const receiptPdfCall = endpoint('GET', 'customers/orders/:orderId/receipt.pdf');
export type OrderDocumentKind = 'tickets' | 'receipt';

/** The file name a downloaded PDF is saved under: the kind and the order reference. */
export function documentFileName(kind: OrderDocumentKind, reference: string): string {
  return `${kind}-${reference.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** At most this many upcoming tickets are kept on a customer's device, the soonest first. */
export const UPCOMING_TICKETS_MAX = 60;

/** An upcoming ticket with the order it belongs to, as a customer's device keeps it for use with no network. */
export const upcomingTicket = onFirstUse(() => z.object({
  order_id: z.int(),
  reference: z.string(),
  ticket: orderTicket,
}));
export type UpcomingTicket = z.infer<typeof upcomingTicket>;

/** GET customers/tickets/upcoming (bearer): the customer's tickets still to be used, soonest first, at most UPCOMING_TICKETS_MAX. */
export const upcomingTicketsCall = endpoint('GET', 'customers/tickets/upcoming');
export const upcomingTicketsResponse = onFirstUse(() => envelope(z.array(upcomingTicket).check(z.maxLength(UPCOMING_TICKETS_MAX))));
