import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** b2b marks a partner account, b2e an employee account. */
export const b2bType = onFirstUse(() => z.enum(['b2b', 'b2e']));

/** The logged-in customer as the venue API describes them (the session token travels separately). */
export const user = onFirstUse(() => z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.nullish(z.string()),
  mobile: z.nullish(z.string()),
  country_code: z.nullish(z.string()),
  b2b_id: z.nullish(z.int()),
  b2b_type: z.nullish(b2bType),
  membership_card_number: z.nullish(z.string()),
  /** A member (a membership card) sees the Members channel; optional so a login kept from before still reads. */
  is_member: z.optional(z.boolean()),
  is_anonymous: z.boolean(),
  profile_image: z.nullish(z.string()),
  dob: z.nullish(z.string()),
  gender: z.nullish(z.enum(['Male', 'Female'])),
}));
export type User = z.infer<typeof user>;

export const profileCall = endpoint('GET', 'customers/profile');
/** GET customers/profile (requires a bearer token). */
export const profileResponse = onFirstUse(() => envelope(user));
