import { boolean, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type AdditionalFieldValue } from '../../../src/domain/contract/visitors';
import { customers } from './accounts';
import { createdAt, requiredBilingualText, partOf } from './columns';
import { orders } from './orders';
import { venueId } from './venue';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  ...requiredBilingualText('name'),
  iso2: text('iso_2'),
  iso3: text('iso_3'),
  diallingCode: text('dialling_code'),
  currencyName: text('currency_name'),
  currencyCode: text('currency_code'),
  currencySymbol: text('currency_symbol'),
});

export const customerTags = pgTable('customer_tags', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  ...requiredBilingualText('name'),
});

/**
 * Saved family members of a customer (customers-associated). Each member is a customer of their own (without a
 * login), so saved answers and bookings name one customer id whoever they belong to.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: serial('id').primaryKey(),
    ownerId: partOf('owner_id', () => customers.id),
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
    /** How the member is related to the owner (src/domain/contract/family.ts FAMILY_RELATIONS). */
    relation: text('relation'),
  },
  (t) => [index('family_members_owner_idx').on(t.ownerId)],
);

/** Additional-field answers kept for a customer or family member, per product type. */
export const customerAdditionalData = pgTable(
  'customer_additional_data',
  {
    id: serial('id').primaryKey(),
    customerId: partOf('customer_id', () => customers.id),
    productType: text('product_type').notNull().default('facility'),
    fields: jsonb('fields').$type<AdditionalFieldValue[]>().notNull(),
  },
  (t) => [uniqueIndex('customer_additional_data_pk').on(t.customerId, t.productType)],
);

/** Files uploaded through file/save/data; stored on disk under a generated name. */
/**
 * A visitor's uploaded document (ID card, passport). Only the customer who uploaded it (a guest session is a customer
 * too) may read it back; the order that uses it is noted so the file is kept with the booking.
 */
export const uploadedFiles = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  /** Null only for files kept before uploads had owners: nobody can read those through the API. */
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  originalName: text('original_name').notNull(),
  storedName: text('stored_name').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
