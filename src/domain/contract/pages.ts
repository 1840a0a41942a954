import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

export const page = onFirstUse(() => z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  ar_title: z.nullish(z.string()),
  /** HTML from the venue's content editor; the client sanitises it before rendering. */
  content: z.string(),
  ar_content: z.nullish(z.string()),
  is_default: z.union([z.literal(0), z.literal(1)]),
  updated_at: z.string(),
}));
export type Page = z.infer<typeof page>;

export const pageCall = endpoint('GET', 'pages/:slug');
/** GET pages/{slug}: 404 unknown, 409 a page that may not be shown. */
export const pageResponse = onFirstUse(() => envelope(page));
