import { test as base, expect } from '@playwright/test';
import { skipLeadForm } from './support/leads';
import { DedicatedServer, workerPort } from './support/shell';

/**
 * The demo venue has a lead form, which opens by itself on the home page (spec 001 §4). Suites about other things
 * start with it dismissed for the session, as a visitor who closed it would; the lead form suite turns that off with
 * `test.use({ leadFormDismissed: false })`. Contexts a test opens itself (`browser.newContext`) call skipLeadForm.
 */
export const test = base.extend<{ leadFormDismissed: boolean }, { venueServer: DedicatedServer }>({
  leadFormDismissed: [true, { option: true }],
  // Each worker's own venue API on the memory database, so that tests running at once never see each other's
  // maintenance switches, capacities, limits or dev clock.
  venueServer: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = new DedicatedServer(workerPort(), { showErrors: true });
      await server.start();
      await provide(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ venueServer }, provide) => provide(venueServer.origin),
  context: async ({ context, leadFormDismissed }, provide) => {
    if (leadFormDismissed) await skipLeadForm(context);
    await provide(context);
  },
  // A key looked up before its namespace loaded (src/i18n/i18n.ts says so on the console): a screen's list misses it.
  page: async ({ page }, provide) => {
    const unlisted: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().startsWith('i18n:')) unlisted.push(message.text());
    });
    await provide(page);
    expect(unlisted, 'strings looked up before their namespace loaded').toEqual([]);
  },
});

export { expect };
