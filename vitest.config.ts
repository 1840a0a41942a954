import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server tests run twice: on the embedded database, and on the PostgreSQL server TEST_DATABASE_URL names (a role
 * that may create databases; .ci/run sets one up). CI must run both, so there a missing URL fails the run; on a
 * developer machine without PostgreSQL the second run is left out, and says so.
 */
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() ?? '';
const inCi = process.env.CI === 'true' || process.env.CI === '1';
if (!postgresUrl) {
  const note = 'TEST_DATABASE_URL is not set: the server tests run on the embedded database only, not on PostgreSQL.';
  if (inCi) throw new Error(`${note} CI runs them on both (see .ci/run).`);
  console.warn(`${note} See README, "Test it".`);
}

const SERVER_TESTS = 'server/**/*.test.ts';

/**
 * Server test files that need a module graph of their own: they mock a module the server imports (`vi.mock`), which
 * a graph shared with earlier files would already hold unmocked.
 */
const OWN_MODULE_GRAPH = ['server/routes/visitors/files.test.ts'];

/**
 * The server tests share one module graph per worker (`isolate: false`): each file builds its own app over its own
 * database, and nothing the server keeps in module scope belongs to one app. Importing the server afresh for every
 * file was ~45% of their CPU (docs/decisions.md, "Server test files share a module graph").
 */
const serverProjects = (database: 'embedded' | 'postgres', url: string): TestProjectInlineConfiguration[] => [
  { extends: true, test: { name: database, include: [SERVER_TESTS], exclude: OWN_MODULE_GRAPH, isolate: false, env: { TEST_DATABASE_URL: url } } },
  { extends: true, test: { name: `${database}-own-graph`, include: OWN_MODULE_GRAPH, env: { TEST_DATABASE_URL: url } } },
];

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'client', include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'kiosk-shell/**/*.test.ts'], env: { TEST_DATABASE_URL: '' } } },
  ...serverProjects('embedded', ''),
  ...(postgresUrl ? serverProjects('postgres', postgresUrl) : []),
];

export default defineConfig({
  test: {
    environment: 'node',
    // Both of CI's two cores (vitest's default is cores - 1): a server test's file waits on its database half the
    // time, so two files at once keep both cores busy (docs/decisions.md, "vitest workers").
    maxWorkers: 2,
    testTimeout: 20000,
    // A server test file's setup builds an app and signs several people in: seconds of CPU, shared with the other worker.
    hookTimeout: 60000,
    projects,
  },
});
