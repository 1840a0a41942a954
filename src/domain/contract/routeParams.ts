import * as z from 'zod/mini';
import { calendarDate, queryId } from './primitives';
import type { BookingListQuery } from './bookings';
import { onFirstUse } from '../onFirstUse';

/**
 * What the portal's own addresses carry. Each falls back instead of failing, so a mistyped or tampered address on a
 * kiosk shows a "not found" page or the first page of a list, never a crash.
 */

/** A record's id in a path: a whole number, or 0 (which names nothing) for anything else. */
export const recordId = onFirstUse(() => z.catch(queryId, 0));

/** The day an event page offers tickets for, as its date list writes it. */
export const eventSearch = onFirstUse(() => z.object({
  day: z.catch(z.optional(calendarDate), undefined),
}));

/** The page of a list in the query: a whole number from 1, or none (the first page). */
export const listSearch = onFirstUse(() => z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(100_000))), undefined),
}));

/** Spec 000 §9 range shortcuts: last week 7 days, last month 30, last 3 months 90; `all` is no range. */
export const bookingRanges = ['all', 'week', 'month', 'quarter'] as const;
export type BookingRange = (typeof bookingRanges)[number];

/** The sort choices a booking list offers, each one of the call's sort_by and sort_order pairs. */
export const bookingSorts = {
  date_desc: { sort_by: 'date', sort_order: 'desc' },
  date_asc: { sort_by: 'date', sort_order: 'asc' },
  created_desc: { sort_by: 'created_at', sort_order: 'desc' },
  created_asc: { sort_by: 'created_at', sort_order: 'asc' },
} as const satisfies Record<string, Pick<BookingListQuery, 'sort_by' | 'sort_order'>>;
export type BookingSort = keyof typeof bookingSorts;

/**
 * A booking list's own address: `?page=&range=&sort=`. Each falls back to its default (none) instead of failing, so a
 * hand-edited or stale address shows the first page of every booking, newest first.
 */
export const bookingListSearch = onFirstUse(() => z.object({
  ...listSearch.shape,
  range: z.catch(z.optional(z.enum(bookingRanges)), undefined),
  sort: z.catch(z.optional(z.enum(Object.keys(bookingSorts) as [BookingSort, ...BookingSort[]])), undefined),
}));
export type BookingListSearch = z.infer<typeof bookingListSearch>;

/** `?payment=paid|declined`, where the gateway sends the browser back. */
const paymentOutcome = onFirstUse(() => z.catch(z.optional(z.enum(['paid', 'declined'])), undefined));

/** The wallet's and q-points' addresses: `?page=&range=` (and `payment=` on the way back from the gateway). */
export const ledgerSearch = onFirstUse(() => z.object({ ...listSearch.shape, range: z.catch(z.optional(z.enum(bookingRanges)), undefined), payment: paymentOutcome }));
/** The partner page's address: `?page=` (and `payment=` on the way back from the gateway). */
export const partnerSearch = onFirstUse(() => z.object({ ...listSearch.shape, payment: paymentOutcome }));
