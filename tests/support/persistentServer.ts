/**
 * A venue API whose database survives a restart (an embedded PGlite directory), for end-to-end tests that stop
 * the server for real and expect it to come back with its data, as a venue's server would. The shared test server
 * and DedicatedServer (tests/support/shell.ts) keep their data in memory, so a restart there starts from scratch.
 *
 * Run with `npx tsx tests/support/persistentServer.ts`; PORT and PGLITE_DIR are required, DIST_DIR is optional.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { seedDemoIfEmpty } from '../../server/seed/demo';
import { migratedPgliteImage } from '../../server/testing/testDatabase';

const port = Number(process.env.PORT);
const dataDir = process.env.PGLITE_DIR;
if (!Number.isInteger(port) || !dataDir) throw new Error('PORT and PGLITE_DIR must be set');

// A new directory starts from the migrated image the server tests load (server/testing/testDatabase.ts): creating and
// migrating a database on disk took 30-50 s of a loaded machine's CPU, near what a test waits for its server.
if (readdirSync(dataDir).length === 0) {
  const image = new PGlite(dataDir, { loadDataDir: await migratedPgliteImage() });
  await image.waitReady;
  await image.close();
}
const { db } = await openDatabase({ kind: 'pglite', dataDir });
await seedDemoIfEmpty(db, new Date());
const app = buildApp({
  db,
  devTools: true,
  ...(process.env.DIST_DIR ? { distDir: resolve(process.env.DIST_DIR) } : {}),
  // As server/main.ts: the test servers wait longer for a first-screen render (tests/support/shell.ts).
  ...(process.env.FIRST_SCREEN_TIME_LIMIT_MS ? { firstScreenTimeLimitMs: Number(process.env.FIRST_SCREEN_TIME_LIMIT_MS) } : {}),
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});
await app.listen({ port, host: '0.0.0.0' });
