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

/**
 * The page of a list that `?page=&per_page=` asks for (bad values fall back to the first page of 16), with the
 * list's totals: one count and one offset/limit read.
 */
export async function listPage<T extends PgTable, Item>(db: Database, query: unknown, list: List<T, Item>): Promise<Paginated<Item>> {
  const { page, per_page } = pageQuery.parse(query ?? {});
  const table: PgTable = list.table;
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(table).where(list.where),
    db
      .select()
      .from(table)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(per_page)
      .offset((page - 1) * per_page),
  ]);
  const total = counted?.total ?? 0;
  return {
    data: rows.map((row) => list.toItem(row as T['$inferSelect'])),
    total,
    total_pages: Math.ceil(total / per_page),
    current_page: page,
    per_page,
  };
}
