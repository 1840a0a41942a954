import * as z from 'zod/mini';
import { onFirstUse } from '../onFirstUse';

/** Spec 000 §9: lists show 16 items a page unless a call asks otherwise. */
export const PAGE_SIZE = 16;
export const MAX_PAGE_SIZE = 100;

/**
 * `?page=&per_page=` of every list call: 1-based page, 1..100 a page. A value out of bounds or not a number falls
 * back to the default, so a hand-edited address still gets a list.
 */
export const pageQuery = onFirstUse(() => z.object({
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  per_page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)), PAGE_SIZE),
}));
export type PageQuery = z.infer<typeof pageQuery>;

/** The answer of every list call: one page of items and where it sits in the whole list. */
export const paginated = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.int(),
    total_pages: z.int(),
    current_page: z.int(),
    per_page: z.int(),
  });
export type Paginated<T> = { data: T[]; total: number; total_pages: number; current_page: number; per_page: number };
