import * as z from 'zod/mini';
import { calendarDate, queryId } from './primitives';

/**
 * What the portal's own addresses carry. Each falls back instead of failing, so a mistyped or tampered address on a
 * kiosk shows a "not found" page or the first page of a list, never a crash.
 */

/** A record's id in a path: a whole number, or 0 (which names nothing) for anything else. */
export const recordId = z.catch(queryId, 0);

/** The day an event page offers tickets for, as its date list writes it. */
export const eventSearch = z.object({
  day: z.catch(z.optional(calendarDate), undefined),
});

/** The page of a list in the query: a whole number from 1, or none (the first page). */
export const listSearch = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(100_000))), undefined),
});
