import { z } from 'zod';
import { envelope } from './envelope';

export const searchResultType = z.enum(['event', 'trainer', 'academy']);
export const searchResult = z.object({
  type: searchResultType,
  id: z.number().int(),
  name: z.string(),
  ar_name: z.string().nullish(),
  description: z.string().nullish(),
  ar_description: z.string().nullish(),
  image_path: z.string().nullish(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchQuery = z.object({ search: z.string().trim().max(100) });
/** GET search/global?search=: answers a `data.data` list. */
export const searchResponse = envelope(z.object({ data: z.array(searchResult) }));
