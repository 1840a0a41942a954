import * as z from 'zod/mini';
import { onFirstUse } from '../onFirstUse';

/** Every JSON answer of the venue API: `{ status, data, message }`. */
export const envelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ status: z.boolean(), data, message: z.optional(z.string()) });

/** The body of a failed call: a message fit to show, and sometimes details. */
export const errorBody = onFirstUse(() => z.object({
  status: z.literal(false),
  message: z.string(),
  data: z.optional(z.unknown()),
}));
export type ErrorBody = z.infer<typeof errorBody>;
