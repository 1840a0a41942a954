import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PreparingClient } from './preparedStatements';

/**
 * The one database type the app sees, whichever driver is underneath. It is made without drizzle's relational
 * schema: nothing uses `db.query`, and with a schema drizzle builds a query builder for every table each time a
 * transaction or savepoint starts (4-8% of the CPU profile of an on-sale checkout).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = { db: Database; close: () => Promise<void> };

/**
 * Where the data lives: a PostgreSQL connection string, an embedded PGlite directory,
 * or an embedded in-memory database (tests, `--memory`).
 */
export type DatabaseTarget = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string } | { kind: 'memory' };

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Connections one server process opens to PostgreSQL. An order holds its connection while it waits for the places
 * it takes, so a pool as small as pg's default (10) makes unrelated orders queue for a connection instead; 20 per
 * process leaves room for several processes within PostgreSQL's default 100 connections.
 */
export const DEFAULT_POOL_SIZE = 20;

/** Session lock class held while migrating. */
const MIGRATION_LOCK = 7389;

/**
 * Several server processes may start at once on one database: each migrates in turn (the later ones find nothing
 * left to do) instead of all applying the same migrations at once. The lock is held on a connection of its own.
 */
async function migrateAlone(url: string, migrate: () => Promise<void>): Promise<void> {
  const lockHolder = new pg.Client({ connectionString: url });
  await lockHolder.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lockHolder.end();
  }
}

/**
 * Ends the pool once every connection has really closed: pg's `end()` resolves as soon as it has asked them to, so
 * whatever comes next (renaming or dropping the database) could still meet them.
 */
function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    // A connection that never reports its close must not hold up a shutdown.
    setTimeout(resolve, 5_000).unref();
    pool.on('remove', () => {
      closed += 1;
      if (closed >= open) resolve();
    });
  });
  return pool.end().then(() => allClosed);
}

/** Opens the database and brings its schema up to date before anyone uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? DEFAULT_POOL_SIZE, Client: PreparingClient });
    // A connection the server closes while it sits idle (a restart, an administrator, a dropped database) is only
    // replaced on next use; without a listener its error would end the whole process.
    pool.on('error', (error) => console.warn(`An idle database connection was closed: ${error.message}`));
    const db = drizzlePg({ client: pool });
    try {
      await migrateAlone(target.url, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await endPool(pool);
      throw error;
    }
    return { db: db, close: () => endPool(pool) };
  }

  if (target.kind === 'pglite') mkdirSync(target.dataDir, { recursive: true });
  const client = target.kind === 'pglite' ? new PGlite(target.dataDir) : new PGlite();
  const db = drizzlePglite({ client });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db, close: () => client.close() };
}
