import { defineConfig, devices } from '@playwright/test';

/**
 * Two workers, one for each of CI's two cores (docs/decisions.md, "End-to-end workers"). Each worker starts its own venue API
 * on E2E_PORT plus its slot (tests/fixtures.ts), so there is no shared `webServer` and no `baseURL` here. Whole files
 * go to a worker: the offline specs start a server of their own in beforeAll, once a file rather than once a test.
 */
export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30000,
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
