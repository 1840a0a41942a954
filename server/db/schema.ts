import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type SiteConfigInput } from '../../src/domain/contract/config';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const venueId = () =>
  integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' });
const price = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const venues = pgTable('venues', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  vtoken: text('vtoken').notNull().unique(),
  /** The SiteConfig input exactly as `GET config` serves it (validated on every write). */
  config: jsonb('config').$type<SiteConfigInput>().notNull(),
  createdAt: createdAt(),
});

export const carouselItems = pgTable(
  'carousel_items',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    sort: integer('sort').notNull().default(0),
    title: text('title').notNull(),
    arTitle: text('ar_title'),
    subtitle: text('subtitle'),
    arSubtitle: text('ar_subtitle'),
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
    title: text('title').notNull(),
    arTitle: text('ar_title'),
    content: text('content').notNull(),
    arContent: text('ar_content'),
    isDefault: boolean('is_default').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_venue_slug_idx').on(t.venueId, t.slug)],
);

/** Columns every searchable catalogue entry shares. */
const catalogueColumns = () => ({
  id: serial('id').primaryKey(),
  venueId: venueId(),
  name: text('name').notNull(),
  arName: text('ar_name'),
  description: text('description'),
  arDescription: text('ar_description'),
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
    location: text('location'),
    arLocation: text('ar_location'),
    price: price('price'),
  },
  (t) => [index('events_venue_idx').on(t.venueId, t.startDate)],
);

export const trainers = pgTable(
  'trainers',
  {
    ...catalogueColumns(),
    specialty: text('specialty'),
    arSpecialty: text('ar_specialty'),
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
    location: text('location'),
    arLocation: text('ar_location'),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    price: price('price'),
  },
  (t) => [index('academies_venue_idx').on(t.venueId, t.startDate)],
);

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email'),
  mobile: text('mobile'),
  countryCode: text('country_code').default('971'),
  b2bId: integer('b2b_id'),
  /** 'b2b' partner or 'b2e' employee. */
  b2bType: text('b2b_type', { enum: ['b2b', 'b2e'] }),
  membershipCardNumber: text('membership_card_number'),
  isAnonymous: boolean('is_anonymous').notNull().default(false),
  passwordHash: text('password_hash'),
  profileImage: text('profile_image'),
  dob: date('dob', { mode: 'string' }),
  gender: text('gender', { enum: ['Male', 'Female'] }),
  createdAt: createdAt(),
});

/** Bearer tokens are stored only as their sha256 hex digest. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_customer_idx').on(t.customerId)],
);

/** Notifications the development adapter "sends"; channel codes: ALL 1, SMS 2, EMAIL 3, WHATSAPP 4. */
export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  channel: integer('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});
