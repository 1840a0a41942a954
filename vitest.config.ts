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

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'embedded',
      include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', SERVER_TESTS, 'kiosk-shell/**/*.test.ts'],
      env: { TEST_DATABASE_URL: '' },
    },
  },
  ...(postgresUrl ? [{ extends: true as const, test: { name: 'postgres', include: [SERVER_TESTS], env: { TEST_DATABASE_URL: postgresUrl } } }] : []),
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
