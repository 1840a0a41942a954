import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE } from './constants';
import { DEFAULT_LANG, type Lang } from './lang';

export const SESSION_MAX_AGE_MS = 12 * 3600 * 1000;

const optionalText = z.nullish(z.string());
const optionalId = z.nullish(z.union([z.number(), z.string()]));

export const userSchema = z.object({
  token: z.string(),
  b2b_id: optionalId,
  /** 'b2e' marks an employee account. */
  b2b_type: optionalText,
  membership_card_number: optionalText,
  is_anonymous: z.nullish(
    z.pipe(
      z.union([z.boolean(), z.literal(0), z.literal(1)]),
      z.transform((v: boolean | 0 | 1) => v === true || v === 1),
    ),
  ),
  first_name: optionalText,
  last_name: optionalText,
  name: optionalText,
  profile_image: optionalText,
  email: optionalText,
  preferred_username: optionalText,
  mobile: optionalText,
  country_id: optionalId,
  dob: optionalText,
  gender: optionalText,
});
export type User = z.output<typeof userSchema>;

export const storedSessionSchema = z.object({
  user: z._default(z.nullable(userSchema), null),
  lastUpdated: z._default(z.nullable(z.number()), null),
});
export type StoredSession = { user: User | null; lastUpdated: number | null };

export type SessionRestore = StoredSession & { outcome: 'reset' | 'expired' | 'loggedIn' | 'empty' };

const RESET: SessionRestore = { user: null, lastUpdated: null, outcome: 'reset' };

/**
 * What a stored login is worth on start-up: nothing stored is empty; an unreadable shape, a missing
 * last-updated time or a guest start over; a login idle for over 12 hours loses its user.
 */
export function restoreSession(stored: unknown, now: number): SessionRestore {
  if (stored === null || stored === undefined) return { user: null, lastUpdated: null, outcome: 'empty' };
  let raw = stored;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return RESET;
    }
  }
  const parsed = storedSessionSchema.safeParse(raw);
  if (!parsed.success) return RESET;
  const { user, lastUpdated } = parsed.data;
  if (lastUpdated === null) return RESET;
  if (user === null) return { user: null, lastUpdated, outcome: 'empty' };
  if (user.is_anonymous) return RESET;
  if (now - lastUpdated > SESSION_MAX_AGE_MS) return { user: null, lastUpdated, outcome: 'expired' };
  return { user, lastUpdated, outcome: 'loggedIn' };
}

export type UserKinds = { partner: boolean; employee: boolean; member: boolean; guest: boolean };

const isSet = (v: string | number | null | undefined) => v !== null && v !== undefined && String(v).trim() !== '';

/** Any account-like record will do: a session user or a loaded profile. */
export type UserKindFields = Partial<Pick<User, 'b2b_id' | 'b2b_type' | 'membership_card_number' | 'is_anonymous'>>;

export function userKinds(user: UserKindFields | null): UserKinds {
  return {
    partner: isSet(user?.b2b_id),
    employee: user?.b2b_type?.trim().toLowerCase() === 'b2e',
    member: isSet(user?.membership_card_number),
    guest: user?.is_anonymous === true,
  };
}

/** The name to greet with: the full name, else first and last name, else whatever identifies the account. */
export type DisplayNameFields = Partial<
  Pick<User, 'name' | 'first_name' | 'last_name' | 'email' | 'preferred_username' | 'mobile'>
>;

export function displayName(user: DisplayNameFields | null): string {
  if (!user) return '';
  const fullName = user.name?.trim();
  if (fullName) return fullName;
  const parts = [user.first_name, user.last_name].map((part) => part?.trim()).filter(Boolean);
  if (parts.length > 0) return parts.join(' ');
  return [user.email, user.preferred_username, user.mobile].map((v) => v?.trim()).find(Boolean) ?? '';
}

export type SortOrder = 'asc' | 'desc';

export type Page<T = unknown> = { data: T[]; total: number; total_pages: number; current_page: number };

export type SessionState = StoredSession & {
  bookings: Page & { sortBy: string | null; sort_order: SortOrder };
  membershipCards: unknown[];
  workshops: unknown[];
  financialTransactions: Page;
  preferences: { pageSize: number; language: Lang };
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Frozen: copy before changing (spread or structuredClone). */
export const SESSION_DEFAULTS: SessionState = deepFreeze({
  user: null,
  lastUpdated: null,
  bookings: { data: [], total: 0, total_pages: 0, current_page: 1, sortBy: null, sort_order: 'desc' },
  membershipCards: [],
  workshops: [],
  financialTransactions: { data: [], total: 0, total_pages: 0, current_page: 1 },
  preferences: { pageSize: DEFAULT_PAGE_SIZE, language: DEFAULT_LANG },
});
