import { date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bilingualText, price, requiredBilingualText, partOf } from './columns';
import { venueId } from './venue';

/** Columns every searchable catalogue entry shares. */
const catalogueColumns = () => ({
  id: serial('id').primaryKey(),
  venueId: venueId(),
  ...requiredBilingualText('name'),
  ...bilingualText('description'),
  imagePath: text('image_path'),
});

export type EventScheduleRow = { start_time: string; end_time: string };

export const events = pgTable(
  'events',
  {
    ...catalogueColumns(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    schedules: jsonb('schedules').$type<EventScheduleRow[]>().notNull().default([]),
    ...bilingualText('location'),
    price: price('price'),
    /** Places (tickets) sold for each session, a day at one of the schedules; null: no limit. */
    capacity: integer('capacity'),
  },
  (t) => [index('events_venue_idx').on(t.venueId, t.startDate)],
);

export const trainers = pgTable(
  'trainers',
  {
    ...catalogueColumns(),
    ...bilingualText('specialty'),
    sessionMinutes: integer('session_minutes'),
    sessionPrice: price('session_price'),
  },
  (t) => [index('trainers_venue_idx').on(t.venueId)],
);

export const academies = pgTable(
  'academies',
  {
    ...catalogueColumns(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The times of day its sessions run, on whichever weekdays a place is booked for. */
    schedules: jsonb('schedules').$type<EventScheduleRow[]>().notNull().default([]),
    ...bilingualText('location'),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    price: price('price'),
  },
  (t) => [index('academies_venue_idx').on(t.venueId, t.startDate)],
);

export const memberships = pgTable('memberships', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  ...requiredBilingualText('name'),
  ...bilingualText('description'),
  price: price('price').notNull(),
  taxAmount: price('tax_amount').notNull(),
  durationDays: integer('duration_days').notNull(),
});

/** Packages (offers) the /offers page sells; `price` before VAT, the order charges price + tax_amount per unit. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    ...requiredBilingualText('name'),
    ...bilingualText('description'),
    price: price('price').notNull(),
    taxAmount: price('tax_amount').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
  },
  (t) => [index('offers_venue_idx').on(t.venueId, t.validTo)],
);

/** Points of sale (cafés, shops) of a venue; one order buys from one outlet. */
export const outlets = pgTable('outlets', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  ...requiredBilingualText('name'),
  ...bilingualText('description'),
});

/** What an outlet sells; `price` before VAT. */
export const outletProducts = pgTable(
  'outlet_products',
  {
    id: serial('id').primaryKey(),
    outletId: partOf('outlet_id', () => outlets.id),
    ...requiredBilingualText('name'),
    price: price('price').notNull(),
    taxAmount: price('tax_amount').notNull(),
  },
  (t) => [index('outlet_products_outlet_idx').on(t.outletId)],
);
