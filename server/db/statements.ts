import { type Database } from './client';

/** What the connection under a drizzle database or transaction answers to, with either driver (pg or PGlite). */
interface Connection {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The driver connection a database (the pool) or a transaction (its own connection) runs on. */
function connectionOf(db: Database): Connection {
  return (db as unknown as { session: { client: Connection } }).session.client;
}

/**
 * Runs SQL text written once (at module load, or once per shape) with its parameters on the caller's connection,
 * the transaction's own when `db` is one, skipping drizzle's query building and result mapping, which cost a
 * checkout more CPU than the database's work. On PostgreSQL the pool's client prepares each text once per
 * connection (`preparedStatements.ts`).
 *
 * Rows come as the driver reads them, so a statement selects only what both drivers read alike: integers, text,
 * booleans, json; dates, times and money cast to text (`::text`), counts to int (`::int`). Parameters go as the
 * driver sends them: instants as ISO text, json as text cast in the statement (`$1::json`).
 */
export async function runStatement<Row>(db: Database, text: string, params: readonly unknown[]): Promise<Row[]> {
  const { rows } = await connectionOf(db).query(text, [...params]);
  return rows as Row[];
}
