import * as z from 'zod/mini';
import { envelope } from './envelope';
import { siteConfig } from './config';
import { page } from './pages';
import { outboxMessage } from './dev';
import { user } from './session';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

export const devConfigCall = endpoint('POST', 'dev/config');
/** POST dev/config answers the merged, validated config. */
export const devConfigResponse = onFirstUse(() => envelope(siteConfig));

export const devResetCall = endpoint('POST', 'dev/reset');
/** POST dev/reset: every row dropped and the demo venue seeded again. */
export const devResetResponse = onFirstUse(() => envelope(z.null()));

export const outboxCall = endpoint('GET', 'dev/outbox');
/** GET dev/outbox: newest first. */
export const outboxResponse = onFirstUse(() => envelope(z.array(outboxMessage)));

/** POST dev/pages: creates or replaces the page with this slug in the venue. */
export const devPageInput = onFirstUse(() => z.object({
  slug: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes')),
  title: z.string().check(z.minLength(1)),
  ar_title: z.nullish(z.string()),
  content: z.string(),
  ar_content: z.nullish(z.string()),
  is_published: z._default(z.boolean(), true),
  is_default: z._default(z.boolean(), false),
}));
export type DevPageInput = z.input<typeof devPageInput>;
export const devPageCall = endpoint('POST', 'dev/pages');
export const devPageResponse = onFirstUse(() => envelope(page));

/** The seeded demo accounts a development token can be minted for. */
export const demoAccount = onFirstUse(() => z.enum(['customer', 'member', 'partner', 'employee', 'guest']));
export type DemoAccount = z.infer<typeof demoAccount>;

export const devTokenCall = endpoint('POST', 'dev/token');
/** POST dev/token: a bearer token for a demo account, until real login lands. */
export const devTokenRequest = onFirstUse(() => z.object({
  customer: demoAccount,
  ttl_seconds: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(30 * 24 * 3600))),
}));
export type DevTokenRequest = z.input<typeof devTokenRequest>;
export const devTokenResponse = onFirstUse(() => envelope(z.object({ token: z.string(), user })));

export const devAgeCodesCall = endpoint('POST', 'dev/one-time-codes/age');
/** POST dev/one-time-codes/age: every outstanding code is made `minutes` older (so it can expire in a test). */
export const devAgeCodesRequest = onFirstUse(() => z.object({ minutes: z.number().check(z.int(), z.minimum(1), z.maximum(24 * 60)) }));
export const devAgeCodesResponse = onFirstUse(() => envelope(z.object({ aged: z.number() })));
