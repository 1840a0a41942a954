import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type FieldConfig } from '../../../src/domain/contract/visitors';
import { PRODUCT_TYPE } from '../../../src/domain/productTypes';
import { customers } from './accounts';
import { createdAt, price, requiredBilingualText, partOf } from './columns';
import { venueId } from './venue';

export const venueServices = pgTable(
  'venue_services',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    sort: integer('sort').notNull().default(0),
    ...requiredBilingualText('name'),
    isPublic: boolean('is_public').notNull().default(true),
    mapPin: text('map_pin'),
    /** 0 none, 1 facility, 2 product or ticket. */
    filterBy: integer('filter_by').notNull().default(0),
    /** null shows a filter; false hides it (is_game_formation_enabled, is_surface_enabled, is_outdoor_enabled). */
    gameFormationEnabled: boolean('game_formation_enabled'),
    surfaceEnabled: boolean('surface_enabled'),
    outdoorEnabled: boolean('outdoor_enabled'),
    minBookingTime: integer('min_booking_time').notNull().default(60),
    maxBookingTime: integer('max_booking_time'),
    timeIncrement: integer('time_increment').notNull().default(60),
    onlineBookingDelay: integer('online_booking_delay').notNull().default(0),
    advanceBookingDaysLimit: integer('advance_booking_days_limit'),
    perCapacity: boolean('per_capacity').notNull().default(false),
    /** The visitor fields this service asks for (FieldConfig without the country list). */
    fieldConfig: jsonb('field_config').$type<ServiceFieldConfig>(),
  },
  (t) => [index('venue_services_venue_idx').on(t.venueId, t.sort)],
);

/** What a service stores of `GET facilities/fieldConfig`; countries come from their own table. */
export type ServiceFieldConfig = Omit<FieldConfig, 'countries'>;

export const surfaces = pgTable('surfaces', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  ...requiredBilingualText('name'),
});

export const gameFormations = pgTable('game_formations', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  ...requiredBilingualText('name'),
});

export const facilities = pgTable(
  'facilities',
  {
    id: serial('id').primaryKey(),
    venueServiceId: partOf('venue_service_id', () => venueServices.id),
    sort: integer('sort').notNull().default(0),
    ...requiredBilingualText('name'),
    image: text('image'),
    perCapacity: boolean('per_capacity').notNull().default(false),
    /** Participants at once (per-capacity) or per day (with perDayCapacity). */
    capacity: integer('capacity').notNull().default(1),
    perDayCapacity: boolean('per_day_capacity').notNull().default(false),
    minBookingTime: integer('min_booking_time'),
    surfaceId: integer('surface_id').references(() => surfaces.id, { onDelete: 'set null' }),
    isOutdoor: boolean('is_outdoor').notNull().default(false),
    /** A part of a larger facility: booking either blocks the other. */
    parentFacilityId: integer('parent_facility_id'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('facilities_service_idx').on(t.venueServiceId, t.sort), index('facilities_parent_idx').on(t.parentFacilityId)],
);

export const facilityFormations = pgTable(
  'facility_formations',
  {
    facilityId: partOf('facility_id', () => facilities.id),
    gameFormationId: partOf('game_formation_id', () => gameFormations.id),
  },
  (t) => [uniqueIndex('facility_formations_pk').on(t.facilityId, t.gameFormationId)],
);

/** Opening hours of a facility: weekdays as bit flags (Sunday 1 … Saturday 64), channels as bit flags (B2C 1, Members 2, Partners 4). */
export const facilityTimings = pgTable(
  'facility_timings',
  {
    id: serial('id').primaryKey(),
    facilityId: partOf('facility_id', () => facilities.id),
    weekdays: integer('weekdays').notNull().default(127),
    channels: integer('channels').notNull().default(7),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [index('facility_timings_facility_idx').on(t.facilityId)],
);

export const addonCategories = pgTable('addon_categories', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  sort: integer('sort').notNull().default(0),
  ...requiredBilingualText('name'),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    /** 'rental' is added with a pitch, 'ticket' sold per participant, 'addon' sold on top. */
    kind: text('kind', { enum: ['rental', 'ticket', 'addon'] }).notNull(),
    productTypeId: integer('product_type_id').notNull().default(PRODUCT_TYPE.facility),
    ...requiredBilingualText('name'),
    image: text('image'),
    price: price('price').notNull(),
    taxAmount: price('tax_amount').notNull(),
    participantCount: integer('participant_count').notNull().default(1),
    /** Minutes one unit of a rental covers. */
    unitMinutes: integer('unit_minutes').notNull().default(60),
    inventoryEnable: boolean('inventory_enable').notNull().default(false),
    /** Tickets: per slot; add-ons: stock for the period. */
    inventoryCapacity: integer('inventory_capacity'),
    /** 'T' counts stock over all time; 'D' per day. */
    inventoryPeriod: text('inventory_period'),
    categoryId: integer('category_id').references(() => addonCategories.id, { onDelete: 'set null' }),
  },
  (t) => [index('products_venue_idx').on(t.venueId, t.kind)],
);

/** Which products a facility sells; rentals may be limited to a time of day (facility_rentals). */
export const facilityProducts = pgTable(
  'facility_products',
  {
    id: serial('id').primaryKey(),
    facilityId: partOf('facility_id', () => facilities.id),
    productId: partOf('product_id', () => products.id),
    startTime: text('start_time'),
    endTime: text('end_time'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('facility_products_pk').on(t.facilityId, t.productId)],
);

export const productDependencies = pgTable(
  'product_dependencies',
  {
    productId: partOf('product_id', () => products.id),
    dependsOnProductId: partOf('depends_on_product_id', () => products.id),
    /** 'D' the same day; otherwise overlapping time. */
    period: text('period').notNull().default('T'),
  },
  (t) => [uniqueIndex('product_dependencies_pk').on(t.productId, t.dependsOnProductId)],
);

export const facilityBookings = pgTable(
  'facility_bookings',
  {
    id: serial('id').primaryKey(),
    facilityId: partOf('facility_id', () => facilities.id),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** Participants on a per-capacity facility; 1 for a pitch. */
    quantity: integer('quantity').notNull().default(1),
    statusId: integer('status_id').notNull().default(1),
    /** Spec 000 §3/§4 approval flags: 0 pending, 1 approved, 2 rejected; null when the venue asks for no such check. */
    isBookingApproved: integer('is_booking_approved').notNull().default(1),
    cidApproved: integer('cid_approved'),
    isCidApproved: integer('is_cid_approved'),
    checkInTime: timestamp('check_in_time', { withTimezone: true }),
    checkOutTime: timestamp('check_out_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('facility_bookings_day_idx').on(t.facilityId, t.date)],
);

/** Times a facility is closed for maintenance, events or workshop programmes. */
export const facilityBlocks = pgTable(
  'facility_blocks',
  {
    id: serial('id').primaryKey(),
    facilityId: partOf('facility_id', () => facilities.id),
    kind: text('kind', { enum: ['maintenance', 'event', 'workshop'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Workshops repeat on these weekdays (bit flags); others apply every day of the range. */
    weekdays: integer('weekdays').notNull().default(127),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    note: text('note'),
  },
  (t) => [index('facility_blocks_facility_idx').on(t.facilityId, t.startDate)],
);

/**
 * Cart sessions the venue issued (POST cart/session): the id is an unguessable secret, and only an issued one may
 * hold or release. last_used_at lets sessions nobody uses any more be purged.
 */
export const cartSessions = pgTable(
  'cart_sessions',
  {
    id: text('id').primaryKey(),
    venueId: venueId(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cart_sessions_last_used_idx').on(t.lastUsedAt)],
);

/** Timed holds of cart lines (cart/sync), per issued cart session, with the address that asked (per-address caps). */
export const cartHolds = pgTable(
  'cart_holds',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    sessionId: text('session_id').notNull(),
    /** '' for holds made before addresses were kept (they lapse within HOLD_MINUTES). */
    clientAddress: text('client_address').notNull().default(''),
    facilityId: partOf('facility_id', () => facilities.id),
    productId: partOf('product_id', () => products.id),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('cart_holds_facility_idx').on(t.facilityId, t.date),
    index('cart_holds_session_idx').on(t.sessionId),
    index('cart_holds_address_idx').on(t.venueId, t.clientAddress),
  ],
);
