import { getTableColumns, type Table } from 'drizzle-orm';
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

/** How each kind of column is selected so both drivers answer it as drizzle would map it; other kinds are refused. */
const SELECTED_AS: Record<string, (column: string) => string> = {
  PgSerial: (column) => column,
  PgInteger: (column) => column,
  PgText: (column) => column,
  PgBoolean: (column) => column,
  PgJson: (column) => column,
  PgJsonb: (column) => column,
  PgNumericNumber: (column) => `${column}::float8`,
  PgDateString: (column) => `${column}::text`,
  // Both drivers read an instant into a Date, as drizzle maps it.
  PgTimestamp: (column) => column,
};

/**
 * A table's every column for a statement's select list, each under its field name (`f.venue_service_id as
 * "venueServiceId"`), made from the schema so the text follows it, and read as drizzle reads it (money as numbers,
 * days as text, instants as Dates). A table with a column of another kind is refused when the text is made.
 */
export function columnsAs(table: Table, alias: string): string {
  return Object.entries(getTableColumns(table))
    .map(([field, column]) => {
      const select = SELECTED_AS[column.columnType];
      if (!select) throw new Error(`columnsAs: ${column.name} is a ${column.columnType}, which the drivers do not read alike`);
      return `${select(`${alias}.${column.name}`)} as "${field}"`;
    })
    .join(', ');
}
