import { z } from 'zod';
import { envelope } from './envelope';

/** A calendar date as `YYYY-MM-DD` in the venue's time zone. */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A time of day as `HH:mm:ss`. */
const timeOfDay = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

const catalogueEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  ar_name: z.string().nullish(),
  description: z.string().nullish(),
  ar_description: z.string().nullish(),
  /** Relative to the config's image_base_url. */
  image_path: z.string().nullish(),
});

export const eventSchedule = z.object({ start_time: timeOfDay, end_time: timeOfDay });

export const catalogueEvent = catalogueEntry.extend({
  start_date: calendarDate,
  end_date: calendarDate,
  event_schedules: z.array(eventSchedule).default([]),
  location: z.string().nullish(),
  ar_location: z.string().nullish(),
  /** Starting price in the venue currency, VAT included. */
  price: z.number().nullish(),
});
export type CatalogueEvent = z.infer<typeof catalogueEvent>;

export const trainer = catalogueEntry.extend({
  specialty: z.string().nullish(),
  ar_specialty: z.string().nullish(),
  session_minutes: z.number().int().nullish(),
  session_price: z.number().nullish(),
});
export type Trainer = z.infer<typeof trainer>;

export const academy = catalogueEntry.extend({
  start_date: calendarDate,
  end_date: calendarDate,
  location: z.string().nullish(),
  ar_location: z.string().nullish(),
  min_age: z.number().int().nullish(),
  max_age: z.number().int().nullish(),
  price: z.number().nullish(),
});
export type Academy = z.infer<typeof academy>;

/** Query of every catalogue list: 1-based page, 16 per page unless asked. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(16),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const catalogueIdParams = z.object({ id: z.coerce.number().int().positive() });

const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
  });

/** GET events | events/{id}. */
export const eventListResponse = envelope(paginated(catalogueEvent));
export const eventResponse = envelope(catalogueEvent);
/** GET trainers | trainers/{id}. */
export const trainerListResponse = envelope(paginated(trainer));
export const trainerResponse = envelope(trainer);
/** GET academies | academies/{id}. */
export const academyListResponse = envelope(paginated(academy));
export const academyResponse = envelope(academy);
