import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Database } from './client';
import { allTables } from './tables';

type Executor = Pick<Database, 'execute'>;

/** Empties every table of the schema and restarts its ids, so a re-seed gives the same ids again. */
export async function resetDatabase(db: Executor) {
  const tables = Object.values(allTables)
    .flatMap((value) => (is(value, PgTable) ? [`"${getTableName(value)}"`] : []));
  await db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}
