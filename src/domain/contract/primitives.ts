import * as z from 'zod/mini';
import { dayNumber } from '../booking/dayTime';
import { onFirstUse } from '../onFirstUse';

/**
 * The values every call is built from. Ids and counts are stored as PostgreSQL `integer`, so anything past its
 * range is refused here with a message, not by the database with a server error.
 */

export const INTEGER_MAX = 2_147_483_647;
export const INTEGER_MIN = -2_147_483_648;

export const ID_OUT_OF_RANGE = `Ids are whole numbers from 1 to ${INTEGER_MAX}`;
export const NUMBER_OUT_OF_RANGE = `Numbers here are whole numbers from ${INTEGER_MIN} to ${INTEGER_MAX}`;
export const NOT_A_CALENDAR_DATE = 'Send a date that exists on the calendar, as YYYY-MM-DD';

/** A record's id as JSON carries it. */
export const id = onFirstUse(() => z.int().check(z.positive(ID_OUT_OF_RANGE), z.lte(INTEGER_MAX, ID_OUT_OF_RANGE)));

/** A record's id in an address or a query string, where it arrives as text. */
export const queryId = onFirstUse(() => z.coerce.number().check(z.int(ID_OUT_OF_RANGE), z.positive(ID_OUT_OF_RANGE), z.lte(INTEGER_MAX, ID_OUT_OF_RANGE)));

/** A whole number the database stores as `integer` (a type id, a position, a count). */
export const storedInt = onFirstUse(() => z.int().check(z.gte(INTEGER_MIN, NUMBER_OUT_OF_RANGE), z.lte(INTEGER_MAX, NUMBER_OUT_OF_RANGE)));

/** A count of things bought or held: from 1, within what the database stores. */
export const quantity = onFirstUse(() => z.int().check(z.positive(), z.lte(INTEGER_MAX, NUMBER_OUT_OF_RANGE)));

/** A calendar date as `YYYY-MM-DD` in the venue's time zone, naming a day that exists (no 2026-02-30). */
export const calendarDate = onFirstUse(() => z.string().check(z.refine((value) => dayNumber(value) !== null, NOT_A_CALENDAR_DATE)));
