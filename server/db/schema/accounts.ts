import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, partOf } from './columns';

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
    /** The profile's nationality, a row of the country list (registration's free-text `nationality` is kept as typed). */
    nationalityCountryId: integer('nationality_country_id'),
    /** One of the venue's configured religions (config `religions`). */
    religionId: integer('religion_id'),
    /** 32 Emirates ID, 33 passport. */
    idProofTypeId: integer('id_proof_type_id'),
    idProofNumber: text('id_proof_number'),
    idProofExpiry: date('id_proof_expiry', { mode: 'string' }),
    customerTagId: integer('customer_tag_id'),
    /** When the customer proved their identity with a code (verify-customer); the fields then known are locked. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedFields: jsonb('verified_fields').$type<string[]>().notNull().default([]),
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
    customerId: partOf('customer_id', () => customers.id),
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

export const oneTimeCodePurposes = ['login', 'password_reset', 'registration', 'contact_change', 'verify_customer'] as const;
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
  customerId: partOf('customer_id', () => customers.id),
  codeId: partOf('code_id', () => oneTimeCodes.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Password attempts counted per key (one account from one address, one address, one account) in fixed windows.
 * A login reserves its attempt here before the password is checked, so parallel guesses cannot all slip past
 * the limit; a right password gives its attempt back.
 */
export const loginAttemptCounters = pgTable(
  'login_attempt_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempt_counters_window_idx').on(t.windowEndsAt)],
);

/** Where an account last logged in from: these addresses may still try while strangers have used up the account's limit. */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    accountKey: text('account_key').notNull(),
    clientAddress: text('client_address').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.clientAddress] })],
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

/** Proof-of-work captcha answers already accepted (by challenge signature), kept until the challenge expires: each is good once. */
export const usedCaptchaSolutions = pgTable(
  'used_captcha_solutions',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captcha_solutions_expires_idx').on(t.expiresAt)],
);

/** Secrets the server makes up once and every server process on this database shares (e.g. the captcha's signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** One-time tokens of the development identity provider, handed to the portal in the return address. */
export const identityTokens = pgTable('identity_tokens', {
  id: serial('id').primaryKey(),
  customerId: partOf('customer_id', () => customers.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
