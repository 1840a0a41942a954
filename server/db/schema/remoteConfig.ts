import { boolean, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { venueId } from './venue';

/** A venue's remote config flags; a venue without a row has every flag off. */
export const remoteConfigFlags = pgTable('remote_config_flags', {
  venueId: venueId().primaryKey(),
  maintenance: boolean('maintenance').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
