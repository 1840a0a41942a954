import * as z from 'zod/mini';
import { onFirstUse } from '../onFirstUse';

/** POST /api/v1/dev/config: a JSON patch merged (deeply, arrays replaced) into the venue's site config. */
export const devConfigPatch = onFirstUse(() => z.record(z.string(), z.unknown()));

export const outboxMessage = onFirstUse(() => z.object({
  id: z.int(),
  channel: z.int(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
}));
export type OutboxMessage = z.infer<typeof outboxMessage>;
