import { z } from 'zod';
import { envelope } from './envelope';

/** b2b marks a partner account, b2e an employee account. */
export const b2bType = z.enum(['b2b', 'b2e']);

/** The logged-in customer as the venue API describes them (the session token travels separately). */
export const user = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string().nullish(),
  mobile: z.string().nullish(),
  country_code: z.string().nullish(),
  b2b_id: z.number().int().nullish(),
  b2b_type: b2bType.nullish(),
  membership_card_number: z.string().nullish(),
  is_anonymous: z.boolean(),
  profile_image: z.string().nullish(),
  dob: z.string().nullish(),
  gender: z.enum(['Male', 'Female']).nullish(),
});
export type User = z.infer<typeof user>;

/** GET customers/profile (requires a bearer token). */
export const profileResponse = envelope(user);
