import * as z from 'zod/mini';

/** POST /api/v1/dev/config: a JSON patch merged (deeply, arrays replaced) into the venue's site config. */
export const devConfigPatch = z.record(z.string(), z.unknown());

export const outboxMessage = z.object({
  id: z.int(),
  channel: z.int(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
