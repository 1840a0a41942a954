import { index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { products, venueServices } from './facilities';
import { orderLineKinds } from './orders';
import { venueId } from './venue';

/**
 * A venue's cancellation terms (src/domain/bookingActions/policy.ts) for what it sells. A row names a product, an
 * item of a kind (an event, trainer or academy by id), a facility service, a kind of line, or nothing (the whole
 * venue); the most specific row that matches a booking applies, and without any the default policy does.
 */
export const bookingPolicies = pgTable(
  'booking_policies',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    lineKind: text('line_kind', { enum: orderLineKinds }),
    venueServiceId: integer('venue_service_id').references(() => venueServices.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    /** With lineKind: the event, trainer or academy the terms are for. */
    itemId: integer('item_id'),
    freeUntilHours: integer('free_until_hours').notNull(),
    feePercent: numeric('fee_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    noCancelWithinHours: integer('no_cancel_within_hours').notNull(),
  },
  (t) => [index('booking_policies_venue_idx').on(t.venueId)],
);
