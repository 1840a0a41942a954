import * as z from 'zod/mini';
import { calendarDate, id } from './primitives';
import { WEEKDAY_FLAGS } from '../weekdays';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

const weekdayFlag = onFirstUse(() => z.int().check(z.refine((flag) => Object.values(WEEKDAY_FLAGS).includes(flag), 'Choose days from Sunday to Saturday')));

/** Spec 001 §5: the workshop day selections must be unique within each date range. */
export const WORKSHOP_DAYS_REPEAT = 'Some days are repeating, make sure that all selected days under each date range are unique';

export const workshopCheckCall = endpoint('POST', 'workshops/check');
/** POST workshops/check: a programme of a workshop from `start_date` on the chosen weekdays (bit flags, at least one). */
/** The weekdays of a workshop place: at least one, each once (so at most seven). */
export const workshopDays = onFirstUse(() => z.array(weekdayFlag).check(
  z.minLength(1, 'Choose at least one day'),
  z.maxLength(Object.keys(WEEKDAY_FLAGS).length, WORKSHOP_DAYS_REPEAT),
  z.refine((days) => new Set(days).size === days.length, WORKSHOP_DAYS_REPEAT),
));

export const workshopCheckRequest = onFirstUse(() => z.object({
  workshop_program_id: id,
  product_id: id,
  start_date: calendarDate,
  days: workshopDays,
}));
export type WorkshopCheckRequest = z.infer<typeof workshopCheckRequest>;

/** The price of one place before VAT and the VAT on it, as the order will charge them. */
export const workshopCheckResponse = onFirstUse(() => envelope(z.object({ price: z.number(), tax: z.number() })));
