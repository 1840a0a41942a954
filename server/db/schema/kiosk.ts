import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bilingualText, createdAt, requiredBilingualText } from './columns';
import { venueId } from './venue';

/**
 * A touch terminal of a venue, provisioned once by staff with its `code`. Only a scrypt digest of the staff
 * PIN is stored; wrong PINs count up to a lock (`lockedUntil`), a right one resets the count.
 */
export const terminals = pgTable(
  'terminals',
  {
    id: serial('id').primaryKey(),
    /** The id the API and the device use: random, so it cannot be guessed from another terminal's. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    venueId: venueId(),
    /** What staff type or put in the provisioning link (`/kiosk/provision?code=`). */
    code: text('code').notNull(),
    ...requiredBilingualText('name'),
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

/**
 * A staff member's session on a terminal, opened by the right staff PIN: the token (only its SHA-256 kept here)
 * lets the staff panel read the venue's visitor uploads until `expiresAt`, or until the panel closes and ends it.
 * Kept in the database, not in a process, so any server process honours and ends it.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/** The lead-capture form of a venue (spec 001 §3 Lead form); `fields` as `GET leads` serves them. */
export const leadForms = pgTable('lead_forms', {
  id: serial('id').primaryKey(),
  venueId: venueId(),
  ...requiredBilingualText('formName'),
  ...bilingualText('formDescription'),
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

