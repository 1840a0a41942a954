import * as z from 'zod/mini';
import { queryId } from './primitives';
import { envelope } from './envelope';
import { paginated } from './pagination';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** A membership plan of the venue (GET memberships). Prices per unit in the venue currency. */
export const membership = onFirstUse(() => z.object({
  id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  ar_description: z.nullish(z.string()),
  /** Before VAT; the order charges price + tax_amount. */
  price: z.number(),
  tax_amount: z.number(),
  duration_days: z.int().check(z.positive()),
}));
export type Membership = z.infer<typeof membership>;

export const membershipIdParams = onFirstUse(() => z.object({ id: queryId }));

export const membershipListCall = endpoint('GET', 'memberships');
export const membershipCall = endpoint('GET', 'memberships/:id');
/** GET memberships: every plan of the venue, cheapest first. */
export const membershipListResponse = onFirstUse(() => envelope(paginated(membership)));
/** GET memberships/{id}. */
export const membershipResponse = onFirstUse(() => envelope(membership));
