import { jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { type SiteConfigInput } from '../../../src/domain/contract/config';
import { createdAt, partOf } from './columns';

export const venues = pgTable('venues', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  vtoken: text('vtoken').notNull().unique(),
  /** The SiteConfig input exactly as `GET config` serves it (validated on every write). */
  config: jsonb('config').$type<SiteConfigInput>().notNull(),
  createdAt: createdAt(),
});

/** The venue a row belongs to; deleting a venue deletes its rows. */
export const venueId = () =>
  partOf('venue_id', () => venues.id);
