import { count, type SQL } from 'drizzle-orm';
import { type PgTable } from 'drizzle-orm/pg-core';
import { pageQuery, type Paginated } from '../../src/domain/contract/pagination';
import { type Database } from '../db/client';

type PageSource<Item> = {
  /** How many items the whole list has. */
  total: () => Promise<number>;
  /** The items of one page, in the list's order. */
  items: (limit: number, offset: number) => Promise<Item[]>;
};

/** The page `?page=&per_page=` asks for (bad values fall back to the first page of 16), with the list's totals. */
export async function paginate<Item>(query: unknown, source: PageSource<Item>): Promise<Paginated<Item>> {
  const { page, per_page } = pageQuery.parse(query ?? {});
  const [total, data] = await Promise.all([source.total(), source.items(per_page, (page - 1) * per_page)]);
  return { data, total, total_pages: Math.ceil(total / per_page), current_page: page, per_page };
}

/** The number of rows of `table` that `where` keeps. */
export async function countRows(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}
