import { type FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { type Database } from '../db/client';
import { seedDemo } from '../seed/demo';
import { openTestDatabase } from './testDatabase';

export type TestApp = { app: FastifyInstance; db: Database; close: () => Promise<void> };

/** A fresh database of its own with the demo venue, and the app on top of it (no built PWA unless given). */
export async function createTestApp(options: Partial<Omit<BuildAppOptions, 'db'>> = {}): Promise<TestApp> {
  const { db, close } = await openTestDatabase();
  await seedDemo(db, options.now?.() ?? new Date());
  const app = buildApp({ db, distDir: null, devTools: true, ...options });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await close();
    },
  };
}
