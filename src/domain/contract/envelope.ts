import { z } from 'zod';

/** Every JSON answer of the venue API: `{ status, data, message }`. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.boolean(), data, message: z.string().optional() });

/** The body of a failed call: a message fit to show, and sometimes details. */
export const errorBody = z.object({
  status: z.literal(false),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
