/**
 * What the benchmarks share besides the server process (server/testing/serverProcess.ts): Chromium's launch
 * options, stopping the servers on Ctrl+C, and plain-text tables.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { startServer, stopServer, type RunningServer } from '../server/testing/serverProcess';

/** Debian's Chromium, quiet: no GPU, no background network, no first-run work. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
};

/**
 * The servers run in their own process groups, so Ctrl+C does not reach them: stops those in `servers` (as the list
 * stands when the signal comes) on SIGINT or SIGTERM and exits. Returns the function that removes the handlers again.
 */
export function stopServersOnSignal(servers: readonly RunningServer[]): () => void {
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void stopServers(servers).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  return () => {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  };
}

async function stopServers(servers: readonly RunningServer[]): Promise<void> {
  for (const server of servers) await stopServer(server);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

/**
 * Runs a benchmark against real servers: `start` adds each to the list as it starts; all are stopped after the
 * benchmark, also on Ctrl+C. A failure to run is printed and sets the exit code to 1.
 */
async function benchWithServersStartedBy(
  start: (servers: RunningServer[]) => Promise<void>,
  measure: (servers: RunningServer[]) => Promise<void>,
): Promise<void> {
  const servers: RunningServer[] = [];
  const removeSignalHandlers = stopServersOnSignal(servers);
  try {
    await start(servers);
    await measure(servers);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await stopServers(servers);
    removeSignalHandlers();
  }
}

/** Runs a benchmark against the real server (serving DIST_DIR when set, else dist/). */
export function benchWithServer(measure: (server: RunningServer) => Promise<void>): Promise<void> {
  return benchWithServersStartedBy(
    async (servers) => void servers.push(await startServer()),
    ([server]) => (server ? measure(server) : Promise.resolve()),
  );
}

/** Runs a benchmark against one real server per build (`dists`: build folders, each served as `DIST_DIR`). */
export function benchWithServersOf(dists: string[], measure: (servers: RunningServer[]) => Promise<void>): Promise<void> {
  return benchWithServersStartedBy(async (servers) => {
    for (const dist of dists) {
      process.env.DIST_DIR = resolve(dist);
      servers.push(await startServer());
    }
  }, measure);
}

const SERVICE_WORKER_PAGE_TIMEOUT_MS = 30_000;

/**
 * A page of a fresh browser profile whose service worker controls it: the first visit of `baseUrl` installs it.
 * Answers what `measure` answers, or why the service worker never took control.
 */
export async function withServiceWorkerPage<T>(
  baseUrl: string,
  { contextOptions = {}, initScript }: { contextOptions?: BrowserContextOptions; initScript: string },
  measure: (page: Page) => Promise<T>,
): Promise<T | string> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'venue-bench-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(userDataDir, { ...CHROMIUM, ...contextOptions, serviceWorkers: 'allow' });
    await context.addInitScript(initScript);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: SERVICE_WORKER_PAGE_TIMEOUT_MS });
    const controlled = await page
      .waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: SERVICE_WORKER_PAGE_TIMEOUT_MS })
      .then(
        () => true,
        () => false,
      );
    if (!controlled) {
      return `no service worker took control within ${SERVICE_WORKER_PAGE_TIMEOUT_MS / 1000} s (does the production build call registerServiceWorker()?)`;
    }
    return await measure(page);
  } finally {
    await context?.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
