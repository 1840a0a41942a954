import {
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { type SiteConfigInput } from '../../src/domain/contract/config';
import { type AdditionalFieldValue, type FieldConfig } from '../../src/domain/contract/visitors';

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
    /** Places (tickets) sold for each session, a day at one of the schedules; null: no limit. */
    capacity: integer('capacity'),
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

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-case. */
    email: text('email'),
    /** '+<country code><number>', as normaliseMobile writes it (src/domain/validation/mobile.ts). */
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
    isTrainer: boolean('is_trainer').notNull().default(false),
    /** Partner sign-ups wait for an administrator; only approved accounts may log in. */
    approvalStatus: text('approval_status', { enum: ['approved', 'pending', 'rejected'] })
      .notNull()
      .default('approved'),
    nationality: text('nationality'),
    /** The partner's company, as given at partner sign-up. */
    entityName: text('entity_name'),
    entityType: text('entity_type'),
    contactPerson: text('contact_person'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  },
  (t) => [
    // Guests (anonymous) may reuse any address; registered accounts are found by e-mail or by mobile, so each is unique.
    uniqueIndex('customers_registered_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isAnonymous} = false`),
    uniqueIndex('customers_registered_mobile_idx')
      .on(t.countryCode, t.mobile)
      .where(sql`${t.isAnonymous} = false`),
  ],
);

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

export const oneTimeCodePurposes = ['login', 'password_reset', 'registration'] as const;
export type OneTimeCodePurpose = (typeof oneTimeCodePurposes)[number];

/**
 * Six-digit codes sent to a customer (or, for registration, to a mobile and e-mail not yet registered).
 * Only a salted digest is stored; a code dies when used, replaced by a newer one, expired or guessed wrong too often.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: oneTimeCodePurposes }).notNull(),
    /** Whom the code belongs to: `customer:<id>` or, before an account exists, `mobile:<+E.164>`; rate limits count by it. */
    accountKey: text('account_key').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email'),
    mobile: text('mobile'),
    codeHash: text('code_hash').notNull(),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Set when the code is used or replaced by a newer one. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_account_idx').on(t.accountKey, t.createdAt),
    index('one_time_codes_address_idx').on(t.clientAddress, t.createdAt),
  ],
);

/** A forgot-password request: its c_token (stored hashed) may set a new password once its code is verified. */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  codeId: integer('code_id')
    .notNull()
    .references(() => oneTimeCodes.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Wrong passwords, counted per account so guessing is throttled. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_account_idx').on(t.accountKey, t.createdAt)],
);

/** The built-in captcha: a small sum to solve, answered once. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    answer: integer('answer').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captcha_challenges_expires_idx').on(t.expiresAt)],
);

/** One-time tokens of the development identity provider, handed to the portal in the return address. */
export const identityTokens = pgTable('identity_tokens', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

// --- Facility booking -------------------------------------------------------------------------------------------

export const venueServices = pgTable(
  'venue_services',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    sort: integer('sort').notNull().default(0),
    name: text('name').notNull(),
    arName: text('ar_name'),
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
  name: text('name').notNull(),
  arName: text('ar_name'),
});

export const gameFormations = pgTable('game_formations', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  name: text('name').notNull(),
  arName: text('ar_name'),
});

export const facilities = pgTable(
  'facilities',
  {
    id: serial('id').primaryKey(),
    venueServiceId: integer('venue_service_id')
      .notNull()
      .references(() => venueServices.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    name: text('name').notNull(),
    arName: text('ar_name'),
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
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    gameFormationId: integer('game_formation_id')
      .notNull()
      .references(() => gameFormations.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('facility_formations_pk').on(t.facilityId, t.gameFormationId)],
);

/** Opening hours of a facility: weekdays as bit flags (Sunday 1 … Saturday 64), channels as bit flags (B2C 1, Members 2, Partners 4). */
export const facilityTimings = pgTable(
  'facility_timings',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
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
  name: text('name').notNull(),
  arName: text('ar_name'),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    /** 'rental' is added with a pitch, 'ticket' sold per participant, 'addon' sold on top. */
    kind: text('kind', { enum: ['rental', 'ticket', 'addon'] }).notNull(),
    productTypeId: integer('product_type_id').notNull().default(6),
    name: text('name').notNull(),
    arName: text('ar_name'),
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
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    startTime: text('start_time'),
    endTime: text('end_time'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('facility_products_pk').on(t.facilityId, t.productId)],
);

export const productDependencies = pgTable(
  'product_dependencies',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    dependsOnProductId: integer('depends_on_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 'D' the same day; otherwise overlapping time. */
    period: text('period').notNull().default('T'),
  },
  (t) => [uniqueIndex('product_dependencies_pk').on(t.productId, t.dependsOnProductId)],
);

export const facilityBookings = pgTable(
  'facility_bookings',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** Participants on a per-capacity facility; 1 for a pitch. */
    quantity: integer('quantity').notNull().default(1),
    statusId: integer('status_id').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('facility_bookings_day_idx').on(t.facilityId, t.date)],
);

/** Times a facility is closed for maintenance, events or workshop programmes. */
export const facilityBlocks = pgTable(
  'facility_blocks',
  {
    id: serial('id').primaryKey(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
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

/** Timed holds of cart lines (cart/sync), per browser session id. */
export const cartHolds = pgTable(
  'cart_holds',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    sessionId: text('session_id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cart_holds_facility_idx').on(t.facilityId, t.date), index('cart_holds_session_idx').on(t.sessionId)],
);

// --- Visitor details --------------------------------------------------------------------------------------------

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  arName: text('ar_name'),
});

export const customerTags = pgTable('customer_tags', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  name: text('name').notNull(),
  arName: text('ar_name'),
});

/**
 * Saved family members of a customer (customers-associated). Each member is a customer of their own (without a
 * login), so saved answers and bookings name one customer id whoever they belong to.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .unique()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    isIcpDown: boolean('is_icp_down').notNull().default(false),
    email: text('email'),
    mobile: text('mobile'),
    countryCode: text('country_code').default('971'),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: ['Male', 'Female'] }),
    nationality: integer('nationality'),
    idProofTypeId: integer('id_proof_type_id'),
    idProofNumber: text('id_proof_number'),
  },
  (t) => [index('family_members_owner_idx').on(t.ownerId)],
);

/** Additional-field answers kept for a customer or family member, per product type. */
export const customerAdditionalData = pgTable(
  'customer_additional_data',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull().default('facility'),
    fields: jsonb('fields').$type<AdditionalFieldValue[]>().notNull(),
  },
  (t) => [uniqueIndex('customer_additional_data_pk').on(t.customerId, t.productType)],
);

/** Files uploaded through file/save/data; stored on disk under a generated name. */
export const uploadedFiles = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  originalName: text('original_name').notNull(),
  storedName: text('stored_name').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

// --- Orders -----------------------------------------------------------------------------------------------------

export const orderStatuses = ['pending_payment', 'paid', 'awaiting_approval', 'failed', 'expired'] as const;
export const orderLineKinds = ['facility', 'event', 'membership', 'workshop', 'training', 'offer', 'pos'] as const;
export const paymentGateways = ['redirect', 'form_post'] as const;

/** How a venue takes card payments: a redirect to the hosted page, or a form post to it. */
export const venuePaymentSettings = pgTable('venue_payment_settings', {
  venueId: integer('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  gateway: text('gateway', { enum: paymentGateways }).notNull().default('redirect'),
});

/** Services or products whose orders wait for the venue's approval once paid. */
export const approvalRequirements = pgTable('approval_requirements', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  venueServiceId: integer('venue_service_id').references(() => venueServices.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
});

export const memberships = pgTable('memberships', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  name: text('name').notNull(),
  arName: text('ar_name'),
  description: text('description'),
  arDescription: text('ar_description'),
  price: price('price').notNull(),
  taxAmount: price('tax_amount').notNull(),
  durationDays: integer('duration_days').notNull(),
});

/** Which lines a promotion or benefit applies to: products by id and/or by product type; null means any. */
export type DiscountScope = { productIds: number[] | null; productTypeIds: number[] | null };

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    /** Stored upper-case. */
    code: text('code').notNull(),
    /** Either a percentage of each line, or an amount (tax included) off each unit. */
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    amount: price('amount'),
    scope: jsonb('scope').$type<DiscountScope>().notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** Orders that may use the code (unpaid ones count while they hold their places); null is unlimited. */
    usageLimit: integer('usage_limit'),
  },
  (t) => [uniqueIndex('promo_codes_venue_code_idx').on(t.venueId, t.code)],
);

/** What a membership card (by its number's prefix) takes off. */
export const membershipBenefits = pgTable('membership_benefits', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  cardPrefix: text('card_prefix').notNull(),
  membershipId: integer('membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
  percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  scope: jsonb('scope').$type<DiscountScope>().notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Unguessable: GET orders/{token} and /paymentsuccess/{token} need nothing else. */
    token: text('token').notNull().unique(),
    reference: text('reference').notNull().unique(),
    venueId: venueId(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    currency: text('currency').notNull(),
    subtotal: price('subtotal').notNull(),
    vat: price('vat').notNull(),
    discount: price('discount').notNull(),
    total: price('total').notNull(),
    paidByCard: price('paid_by_card').notNull().default(0),
    paidByWallet: price('paid_by_wallet').notNull().default(0),
    paidByQpoints: price('paid_by_qpoints').notNull().default(0),
    paidByCredit: price('paid_by_credit').notNull().default(0),
    /** The promo code or membership card whose discount the order carries. */
    promotionCode: text('promotion_code'),
    promotionType: text('promotion_type', { enum: ['promo', 'memberships'] }),
    notes: text('notes'),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** The X-Session-Id the order was placed from (its cart holds were released). */
    sessionId: text('session_id'),
    /** An unpaid order gives back its places at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('orders_customer_idx').on(t.customerId, t.createdAt), index('orders_unpaid_idx').on(t.status, t.expiresAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** An add-on's base line. */
    parentLineId: integer('parent_line_id'),
    kind: text('kind', { enum: orderLineKinds }).notNull(),
    /** The catalogue product (facility products and add-ons); other kinds name their item instead. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** What the line books: facility, event, membership, academy or trainer id. */
    itemId: integer('item_id'),
    facilityBookingId: integer('facility_booking_id').references(() => facilityBookings.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    arName: text('ar_name'),
    date: date('date', { mode: 'string' }),
    startTime: text('start_time'),
    endTime: text('end_time'),
    quantity: integer('quantity').notNull(),
    /** Per unit, from the server's catalogue. */
    unitPrice: price('unit_price').notNull(),
    unitTax: price('unit_tax').notNull(),
    /** Taken off the line (tax included). */
    discount: price('discount').notNull().default(0),
    total: price('total').notNull(),
    customers: jsonb('customers').$type<unknown[]>().notNull().default([]),
    ticketCode: text('ticket_code'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: paymentGateways }).notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    amount: price('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'declined'] }).notNull().default('pending'),
    savedCardId: integer('saved_card_id'),
    saveCard: boolean('save_card').notNull().default(false),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/** Wallet money in the venue currency: the balance is the sum of the entries and never goes below zero. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: price('amount').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_ledger_customer_idx').on(t.customerId)],
);

/** Loyalty points (one point is worth one unit of the venue currency); the balance never goes below zero. */
export const qpointsLedger = pgTable(
  'qpoints_ledger',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: price('amount').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('qpoints_ledger_customer_idx').on(t.customerId)],
);

/** A partner's credit facility: what is used is the sum of its unpaid invoices. */
export const partnerCreditAccounts = pgTable('partner_credit_accounts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  creditLimit: price('credit_limit').notNull(),
  /** Days an invoice may stay unpaid. */
  paymentTermDays: integer('payment_term_days').notNull().default(30),
});

export const creditInvoices = pgTable(
  'credit_invoices',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amount: price('amount').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_invoices_customer_idx').on(t.customerId)],
);

/** Cards kept by the payment gateway; only the gateway's token and what identifies the card to its owner. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** 'MM/YY'. */
    expiry: text('expiry').notNull(),
    gatewayToken: text('gateway_token').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_cards_customer_idx').on(t.customerId)],
);

/** The first answer to each order submission, kept at least IDEMPOTENCY_TTL so a retry gets it again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    /** Whose key: `customer:<id>` or `session:<X-Session-Id>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** json, not jsonb: a replay answers the first body byte for byte (jsonb would reorder its keys). */
    response: json('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key_idx').on(t.scope, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// --- Offers and outlets

/** Packages (offers) the /offers page sells; `price` before VAT, the order charges price + tax_amount per unit. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    name: text('name').notNull(),
    arName: text('ar_name'),
    description: text('description'),
    arDescription: text('ar_description'),
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
  name: text('name').notNull(),
  arName: text('ar_name'),
  description: text('description'),
  arDescription: text('ar_description'),
});

/** What an outlet sells; `price` before VAT. */
export const outletProducts = pgTable(
  'outlet_products',
  {
    id: serial('id').primaryKey(),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    arName: text('ar_name'),
    price: price('price').notNull(),
    taxAmount: price('tax_amount').notNull(),
  },
  (t) => [index('outlet_products_outlet_idx').on(t.outletId)],
);

// --- Kiosk terminals and leads

/**
 * A touch terminal of a venue, provisioned once by staff with its `code`. Only a scrypt digest of the staff
 * PIN is stored; wrong PINs count up to a lock (`lockedUntil`), a right one resets the count.
 */
export const terminals = pgTable(
  'terminals',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    /** What staff type or put in the provisioning link (`/kiosk/provision?code=`). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    arName: text('ar_name'),
    pinHash: text('pin_hash').notNull(),
    defaultLanguage: text('default_language').notNull().default('en'),
    /** Seconds without a touch before the 'Are you still there?' dialog. */
    idleSeconds: integer('idle_seconds').notNull().default(60),
    failedPins: integer('failed_pins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    provisionedAt: timestamp('provisioned_at', { withTimezone: true }),
    /**
     * SHA-256 of the device key handed to the device at its latest provisioning (a fresh provisioning replaces it).
     * The key vouches for leads the terminal queued while offline, whose captcha answers expire before they arrive.
     */
    deviceKeyHash: text('device_key_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('terminals_venue_code_idx').on(t.venueId, t.code)],
);

/** The lead-capture form of a venue (spec 001 §3 Lead form); `fields` as `GET leads` serves them. */
export const leadForms = pgTable('lead_forms', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  formName: text('form_name').notNull(),
  arFormName: text('ar_form_name'),
  formDescription: text('form_description'),
  arFormDescription: text('ar_form_description'),
  leadActionListId: integer('lead_action_list_id').notNull(),
  fields: jsonb('fields').$type<unknown[]>().notNull(),
});

/**
 * Submitted leads. A terminal that was offline sends its queued lead with an idempotency key, so a resend after
 * a lost answer stores it once.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    leadActionListId: integer('lead_action_list_id').notNull(),
    answers: jsonb('answers').$type<unknown>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** The terminal whose device key vouched for the lead instead of a captcha answer. */
    terminalId: integer('terminal_id').references(() => terminals.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('leads_venue_key_idx').on(t.venueId, t.idempotencyKey)],
);
