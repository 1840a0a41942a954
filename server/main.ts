import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase, type DatabaseTarget } from './db/client';
import { seedDemoIfEmpty } from './seed/demo';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

function poolSize(): number | undefined {
  const text = process.env.DATABASE_POOL_SIZE?.trim();
  if (!text) return undefined;
  const size = Number(text);
  if (!Number.isInteger(size) || size < 1) throw new Error(`DATABASE_POOL_SIZE must be a whole number of connections, got "${text}"`);
  return size;
}

function databaseTarget(): DatabaseTarget {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url, poolSize: poolSize() };
  if (process.argv.includes('--memory') || process.env.NODE_ENV === 'test') return { kind: 'memory' };
  return { kind: 'pglite', dataDir: resolve(projectRoot, 'data/pglite') };
}

function listenPort(): number {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  return port;
}

const port = listenPort();
const host = process.env.HOST?.trim() || '0.0.0.0';
const { db, close } = await openDatabase(databaseTarget());
await seedDemoIfEmpty(db, new Date());

const app = buildApp({
  db,
  devTools: process.env.NODE_ENV !== 'production',
  // A build of its own lets parallel test runs serve different builds (`vite build --outDir`).
  ...(process.env.DIST_DIR ? { distDir: resolve(process.env.DIST_DIR) } : {}),
  // The end-to-end tests' servers wait longer for a first-screen render than a visitor's would: on their busy 2-core
  // machines a render can pass the 300 ms limit, and the plain shell it then sends is not what those tests are about
  // (server/http/firstScreen.test.ts tests the limit itself).
  ...(process.env.FIRST_SCREEN_TIME_LIMIT_MS ? { firstScreenTimeLimitMs: Number(process.env.FIRST_SCREEN_TIME_LIMIT_MS) } : {}),
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});

let stopping = false;
async function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  try {
    await app.close();
    await close();
  } catch (error) {
    console.error(error);
    exitCode = 1;
  }
  process.exit(exitCode);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  await app.listen({ port, host });
} catch (error) {
  console.error(error);
  await stop(1);
}
console.log(`listening on http://localhost:${port}`);
