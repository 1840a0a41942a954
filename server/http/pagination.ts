import { count, type SQL } from 'drizzle-orm';
import { type PgTable } from 'drizzle-orm/pg-core';
import { pageQuery, type Paginated } from '../../src/domain/contract/pagination';
import { type Database } from '../db/client';

type List<T extends PgTable, Item> = {
  table: T;
  /** The rows the list holds. */
  where: SQL | undefined;
  /** The list's order; ends with a unique column so that pages never overlap. */
  orderBy: SQL[];
  toItem: (row: T['$inferSelect']) => Item;
};

/** How to read one page of a list whose rows come from a query of their own (joins, computed columns). */
type QueriedList<Item> = {
  count: () => Promise<number>;
  /** The rows of the page, in the list's order (ending with a unique column, so that pages never overlap). */
  rows: (limit: number, offset: number) => Promise<Item[]>;
};

/** The page of a list that `?page=&per_page=` asks for (bad values fall back to the first page of 16), with its totals. */
export async function queriedPage<Item>(query: unknown, list: QueriedList<Item>): Promise<Paginated<Item>> {
  const { page, per_page } = pageQuery.parse(query ?? {});
  const [total, data] = await Promise.all([list.count(), list.rows(per_page, (page - 1) * per_page)]);
  return { data, total, total_pages: Math.ceil(total / per_page), current_page: page, per_page };
}

/**
 * The page of a list that `?page=&per_page=` asks for (bad values fall back to the first page of 16), with the
 * list's totals: one count and one offset/limit read.
 */
export async function listPage<T extends PgTable, Item>(db: Database, query: unknown, list: List<T, Item>): Promise<Paginated<Item>> {
  const table: PgTable = list.table;
  return queriedPage(query, {
    count: async () => (await db.select({ total: count() }).from(table).where(list.where))[0]?.total ?? 0,
    rows: async (limit, offset) =>
      (await db.select().from(table).where(list.where).orderBy(...list.orderBy).limit(limit).offset(offset)).map((row) => list.toItem(row as T['$inferSelect'])),
  });
}
