import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** POST client-errors: one uncaught error of the portal, as the error-reporting service receives it. */
export const clientErrorReport = onFirstUse(() => z.object({
  kind: z.enum(['error', 'unhandledrejection']),
  message: z.string().check(z.maxLength(500)),
  stack: z.optional(z.string().check(z.maxLength(4000))),
  url: z.string().check(z.maxLength(500)),
  occurred_at: z.string().check(z.maxLength(40)),
}));
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

export const clientErrorCall = endpoint('POST', 'client-errors');
export const clientErrorResponse = onFirstUse(() => envelope(z.object({ received: z.boolean() })));
