import * as z from 'zod/mini';
import { calendarDate, queryId } from './primitives';
import { envelope } from './envelope';
import { paginated } from './pagination';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** A time of day as `HH:mm:ss`. */
const timeOfDay = onFirstUse(() => z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/)));

const catalogueEntry = onFirstUse(() => z.object({
  id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  ar_description: z.nullish(z.string()),
  /** Relative to the config's image_base_url. */
  image_path: z.nullish(z.string()),
}));

export const eventSchedule = onFirstUse(() => z.object({ start_time: timeOfDay, end_time: timeOfDay }));

export const catalogueEvent = onFirstUse(() => z.extend(catalogueEntry, {
  start_date: calendarDate,
  end_date: calendarDate,
  event_schedules: z._default(z.array(eventSchedule), []),
  location: z.nullish(z.string()),
  ar_location: z.nullish(z.string()),
  /** Price in the venue currency before VAT; orders add the venue's VAT on top. */
  price: z.nullish(z.number()),
  /** Tickets sold for each session (a day at one schedule); absent or null: no limit. */
  capacity: z.nullish(z.int().check(z.nonnegative())),
}));
export type CatalogueEvent = z.infer<typeof catalogueEvent>;

export const eventPlacesCall = endpoint('GET', 'events/:id/places');
/** GET events/{id}/places?date=: how many places each of the event's schedules has left on one day. */
export const eventPlacesQuery = onFirstUse(() => z.object({ date: calendarDate }));
export type EventPlacesQuery = z.infer<typeof eventPlacesQuery>;

export const eventSessionPlaces = onFirstUse(() => z.extend(eventSchedule, {
  /** Tickets of paid, awaiting-approval and unexpired unpaid orders. */
  taken: z.int().check(z.nonnegative()),
  /** Null when the event sets no capacity. */
  remaining: z.nullable(z.int().check(z.nonnegative())),
}));
export type EventSessionPlaces = z.infer<typeof eventSessionPlaces>;

export const eventPlacesResponse = onFirstUse(() => envelope(
  z.object({
    date: calendarDate,
    capacity: z.nullable(z.int().check(z.nonnegative())),
    sessions: z.array(eventSessionPlaces),
  }),
));
export type EventPlaces = z.output<typeof eventPlacesResponse>['data'];

export const trainer = onFirstUse(() => z.extend(catalogueEntry, {
  specialty: z.nullish(z.string()),
  ar_specialty: z.nullish(z.string()),
  session_minutes: z.nullish(z.int()),
  session_price: z.nullish(z.number()),
}));
export type Trainer = z.infer<typeof trainer>;

export const academy = onFirstUse(() => z.extend(catalogueEntry, {
  start_date: calendarDate,
  end_date: calendarDate,
  /** Its time slots (S0-3.31). */
  schedules: z._default(z.array(eventSchedule), []),
  location: z.nullish(z.string()),
  ar_location: z.nullish(z.string()),
  min_age: z.nullish(z.int()),
  max_age: z.nullish(z.int()),
  price: z.nullish(z.number()),
}));
export type Academy = z.infer<typeof academy>;

export const catalogueIdParams = onFirstUse(() => z.object({ id: queryId }));

export const eventListCall = endpoint('GET', 'events');
export const eventCall = endpoint('GET', 'events/:id');
/** GET events | events/{id}. */
export const eventListResponse = onFirstUse(() => envelope(paginated(catalogueEvent)));
export const eventResponse = onFirstUse(() => envelope(catalogueEvent));
export const trainerListCall = endpoint('GET', 'trainers');
export const trainerCall = endpoint('GET', 'trainers/:id');
/** GET trainers | trainers/{id}. */
export const trainerListResponse = onFirstUse(() => envelope(paginated(trainer)));
export const trainerResponse = onFirstUse(() => envelope(trainer));
export const academyListCall = endpoint('GET', 'academies');
export const academyCall = endpoint('GET', 'academies/:id');
/** GET academies | academies/{id}. */
export const academyListResponse = onFirstUse(() => envelope(paginated(academy)));
export const academyResponse = onFirstUse(() => envelope(academy));
