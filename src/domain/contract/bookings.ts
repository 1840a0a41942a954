import * as z from 'zod/mini';
import { queryId } from './primitives';
import { paginated, pageQuery } from './pagination';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { bookingRanges } from './routeParams';
import { onFirstUse } from '../onFirstUse';

/** The profile's booking lists, one per kind of thing bought (spec 000 §1 profile routes). */
export const bookingKinds = ['facility', 'event', 'training', 'academy', 'membership', 'retail'] as const;
export type BookingKind = (typeof bookingKinds)[number];

/** Spec 000 §4: the status labels shown to users. */
export const bookingStatuses = [
  'completed',
  'pending',
  'approved',
  'expired',
  'rejected',
  'cancelled',
  'refund_requested',
  'sold_out',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];


/** Spec 000 §3: bookings are sorted by `sortBy`, `sort_order` desc unless asked otherwise. */
export const bookingSortFields = ['date', 'created_at'] as const;

/** `?page=&per_page=&range=&sort_by=&sort_order=` of a booking list; a bad value falls back, as pageQuery's do. */
export const bookingListQuery = onFirstUse(() => z.object({
  ...pageQuery.shape,
  range: z.catch(z.enum(bookingRanges), 'all'),
  sort_by: z.catch(z.enum(bookingSortFields), 'date'),
  sort_order: z.catch(z.enum(['asc', 'desc']), 'desc'),
}));
export type BookingListQuery = z.infer<typeof bookingListQuery>;

const approvalFlag = onFirstUse(() => z.nullable(z.int()));

/** Spec 000 §3 "Facility booking (as listed in profile)": the fields its display status is worked out from. */
export const facilityBookingFields = onFirstUse(() => z.object({
  is_booking_approved: approvalFlag,
  cid_approved: approvalFlag,
  is_cid_approved: approvalFlag,
  status_id: z.int(),
  check_in_time: z.nullable(z.string()),
  check_out_time: z.nullable(z.string()),
  facility_date: z.string(),
  facility_end_time: z.string(),
}));

/** One booking: one line of a paid (or once placed) order, seen by the customer who placed it. */
export const bookingListItem = onFirstUse(() => z.object({
  /** The order line's id: what the booking's details, cancel and reschedule calls name. */
  id: z.int(),
  kind: z.enum(bookingKinds),
  order_id: z.int(),
  order_reference: z.string(),
  name: z.string(),
  ar_name: z.nullable(z.string()),
  /** Where: the facility, hall or outlet, when the line names one. */
  place: z.nullable(z.object({ name: z.string(), ar_name: z.nullable(z.string()) })),
  /** When, in the venue's time zone: `YYYY-MM-DD` and `HH:mm`; null for what has no date (a retail product). */
  date: z.nullable(z.string()),
  start_time: z.nullable(z.string()),
  end_time: z.nullable(z.string()),
  quantity: z.int(),
  /** What the booking cost, tax and discount included, its add-ons with it, in `currency`. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(bookingStatuses),
  /** Set for facility bookings only. */
  facility: z.nullable(facilityBookingFields),
  awaiting_approval: z.boolean(),
  /** Its end is behind the venue's current time. */
  is_past: z.boolean(),
  created_at: z.string(),
  /** Its order is paid (or waits for the venue's approval) and it is not cancelled: its tickets are there to show. */
  tickets_issued: z.optional(z.boolean()),
}));
export type BookingListItem = z.infer<typeof bookingListItem>;

/** GET customers/bookings/:kind (bearer): the customer's own bookings of one kind, a page at a time. */
export const bookingListCall = endpoint('GET', 'customers/bookings/:kind');
export const bookingListResponse = onFirstUse(() => envelope(paginated(bookingListItem)));

/** The `:kind` of a booking list or details address; anything else answers 400 with the kinds there are. */
export const bookingKindParams = onFirstUse(() => z.object({ kind: z.enum(bookingKinds) }));
export const bookingDetailsParams = onFirstUse(() => z.object({ kind: z.enum(bookingKinds), id: queryId }));

const bilingualName = onFirstUse(() => z.object({ name: z.string(), ar_name: z.nullable(z.string()) }));

/** Everything about one booking, for its details page: the list item and what the list leaves out. */
export const bookingDetails = onFirstUse(() => z.object({
  ...bookingListItem.shape,
  /** The order's own status (ORDER_STATUSES) and what paid it. */
  order_status: z.string(),
  order_total: z.number(),
  paid_by_card: z.number(),
  paid_by_wallet: z.number(),
  paid_by_qpoints: z.number(),
  paid_by_credit: z.number(),
  unit_price: z.number(),
  unit_tax: z.number(),
  discount: z.number(),
  /** What was booked on top: equipment, food and drinks. */
  addons: z.array(z.object({ ...bilingualName.shape, quantity: z.int(), amount: z.number() })),
  /** The names of the visitors the booking was made for. */
  visitors: z.array(z.string()),
  /** About what was booked: its catalogue description, a trainer's specialty, an academy's dates and ages, a membership's validity. */
  description: z.nullable(z.string()),
  ar_description: z.nullable(z.string()),
  specialty: z.nullable(z.string()),
  ar_specialty: z.nullable(z.string()),
  first_day: z.nullable(z.string()),
  last_day: z.nullable(z.string()),
  min_age: z.nullable(z.int()),
  max_age: z.nullable(z.int()),
  session_minutes: z.nullable(z.int()),
  cancelled_at: z.nullable(z.string()),
  refunds: z.array(z.object({ amount: z.number(), method: z.enum(['wallet', 'card']), status: z.enum(['requested', 'refunded']), created_at: z.string() })),
}));
export type BookingDetails = z.infer<typeof bookingDetails>;

/** GET customers/bookings/:kind/:id (bearer): one of the customer's own bookings; another's is not found (404). */
export const bookingDetailsCall = endpoint('GET', 'customers/bookings/:kind/:id');
export const bookingDetailsResponse = onFirstUse(() => envelope(bookingDetails));


