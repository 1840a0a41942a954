import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bilingualText, requiredBilingualText } from './columns';
import { venueId } from './venue';

export const carouselItems = pgTable(
  'carousel_items',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    sort: integer('sort').notNull().default(0),
    ...requiredBilingualText('title'),
    ...bilingualText('subtitle'),
    image: text('image').notNull(),
    link: text('link'),
  },
  (t) => [index('carousel_items_venue_sort_idx').on(t.venueId, t.sort)],
);

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    slug: text('slug').notNull(),
    ...requiredBilingualText('title'),
    ...requiredBilingualText('content'),
    isDefault: boolean('is_default').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_venue_slug_idx').on(t.venueId, t.slug)],
);
