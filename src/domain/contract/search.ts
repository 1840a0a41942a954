import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

export const searchResultType = onFirstUse(() => z.enum(['event', 'trainer', 'academy']));
export const searchResult = onFirstUse(() => z.object({
  type: searchResultType,
  id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  ar_description: z.nullish(z.string()),
  image_path: z.nullish(z.string()),
}));
export type SearchResult = z.infer<typeof searchResult>;

export const searchCall = endpoint('GET', 'search/global');
export const searchQuery = onFirstUse(() => z.object({ search: z.string().check(z.trim(), z.maxLength(100)) }));
/** GET search/global?search=: answers a `data.data` list. */
export const searchResponse = onFirstUse(() => envelope(z.object({ data: z.array(searchResult) })));
