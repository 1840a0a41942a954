import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../db/client';

/**
 * The PostgreSQL server the "postgres" vitest project runs the server tests on (vitest.config.ts sets it from
 * TEST_DATABASE_URL); unset, the tests use the embedded database. The role needs CREATEDB: every test app gets a
 * database of its own, copied from a migrated template, and drops it on close.
 */
export const testDatabaseUrl = (): string | null => process.env.TEST_DATABASE_URL?.trim() || null;

/** Session lock class that lets one test worker at a time build the template. */
const TEMPLATE_LOCK = 7391;
const DATABASE_PREFIX = 'venue_test';

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrations' digest: templates are named by it, so a schema change builds a new one and never reuses a stale one. */
function migrationsDigest(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).sort()) {
    digest.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return digest.digest('hex').slice(0, 16);
}

function templateName(): string {
  return `${DATABASE_PREFIX}_template_${migrationsDigest()}`;
}

/** PostgreSQL's "database is being accessed by other users". */
const OBJECT_IN_USE = '55006';

/**
 * A plain drop first: it also ends an autovacuum worker busy in the database, which `with (force)` refuses to end
 * for a role that is not a superuser ("must be a member of the role whose process is being terminated"). Force is
 * only for a session of the test's own role left open.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  try {
    await client.query(`drop database if exists "${name}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
    await client.query(`drop database if exists "${name}" with (force)`);
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
}

/**
 * The migrated template, built once per schema: under a session lock, in a database of another name that is
 * renamed only when the migrations have all run, so a run that died half-way never leaves a half-built template.
 */
async function ensureTemplate(serverUrl: string): Promise<string> {
  const name = templateName();
  const building = `${name}_building`;
  await onServer(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await databaseExists(client, name)) return;
      await dropDatabase(client, building);
      await client.query(`create database "${building}"`);
      const migrated = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building), poolSize: 1 });
      await migrated.close();
      await client.query(`alter database "${building}" rename to "${name}"`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

let template: Promise<string> | undefined;

export interface TestPostgresDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A database of its own on the test server: migrated (copied from the template) or, when asked, empty. */
export async function createTestPostgres(serverUrl: string, { empty = false } = {}): Promise<TestPostgresDatabase> {
  template ??= ensureTemplate(serverUrl);
  const source = empty ? 'template0' : await template;
  const name = `${DATABASE_PREFIX}_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}" template "${source}"`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, (client) => dropDatabase(client, name)),
  };
}

/** A fresh, migrated PostgreSQL database of its own on the test server; closing it drops it. */
async function openTestPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const created = await createTestPostgres(serverUrl);
  const { db, close } = await openDatabase({ kind: 'postgres', url: created.url });
  return {
    db,
    close: async () => {
      await close();
      await created.drop();
    },
  };
}

/** PGlite's own version (its package.json is not exported, so it is read beside its entry point). */
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * The embedded database with every migration run, as a PGlite data directory image in the system's temporary folder:
 * loading it costs about half as much CPU as migrating a new database, which every embedded test app did. Built by the
 * first test file that needs it (test files do not share modules) and written under another name, then renamed, so
 * two test workers building it at once never read half an image.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  // Named by PGlite's version too: an image another version wrote may not load.
  const path = join(tmpdir(), `${DATABASE_PREFIX}_pglite_${PGLITE_VERSION}_${migrationsDigest()}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const image = await client.dumpDataDir('none');
    const building = `${path}.${randomBytes(4).toString('hex')}`;
    await writeFile(building, new Uint8Array(await image.arrayBuffer()));
    await rename(building, path);
    return image;
  } finally {
    await client.close();
  }
}

let pgliteImage: Promise<Blob> | undefined;

/** A migrated embedded database in memory, of its own. */
async function openTestPglite(): Promise<DatabaseHandle> {
  pgliteImage ??= migratedPgliteImage();
  const client = new PGlite({ loadDataDir: await pgliteImage });
  return { db: drizzle({ client }), close: () => client.close() };
}

/** The database a test app runs on: its own PostgreSQL database in the "postgres" project, else embedded in memory. */
export function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testDatabaseUrl();
  return serverUrl ? openTestPostgres(serverUrl) : openTestPglite();
}
