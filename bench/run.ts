/**
 * `npm run bench`: builds the PWA, serves it with the real server and measures it in Chromium.
 *
 * - JavaScript each route requests before it is interactive (before `<html data-ready>`), gzipped, and all it loads by network idle,
 *   with the home page held against its budget.
 * - Home page load time: cold (fresh context, no service worker) and warm (service worker controlling).
 *
 * It is a report, not a test: a route over budget is printed as OVER and the exit code stays 0.
 * The exit code is 1 only when the bench itself cannot run (no build, server does not start).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from '@playwright/test';
import { PROJECT_ROOT, startServer, stopServer } from '../server/testing/serverProcess';
import { CHROMIUM, median, printTable, stopServersOnSignal, withServiceWorkerPage } from './support';

const ROUTES = [
  '/',
  '/events',
  '/events/1',
  '/training',
  '/academies',
  '/memberships',
  '/blogs',
  '/cart',
  '/login',
  '/terms-and-conditions',
  '/about-us',
  '/404',
  '/profile/user',
];

const HOME_JS_BUDGET_KB = 130;
const TIMED_RUNS = 5;

const PAGE_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 15_000;

/** kB as Vite's build report prints them. */
const kB = (bytes: number) => bytes / 1000;

interface RouteWeight {
  route: string;
  /** JavaScript requested before the app marked the route interactive (`<html data-ready="true">`). */
  beforeReady: { files: number; rawBytes: number; gzipBytes: number };
  /** Everything the route loaded by network idle, including what the app loads after its first screen. */
  byIdle: { files: number; rawBytes: number; gzipBytes: number };
  /** Notes on a measurement that is not complete. */
  caveats: string[];
}

function isJavaScript(response: Response): boolean {
  const contentType = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(contentType);
}

function weigh(bodies: Buffer[]) {
  return {
    files: bodies.length,
    rawBytes: bodies.reduce((sum, body) => sum + body.length, 0),
    gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
  };
}

/**
 * The JavaScript a route needs before it is interactive, in a fresh context without a service worker: every
 * file whose request started (Resource Timing) before the app marked the route ready. What the app loads
 * after its first screen (device database, service worker, footer…) is reported separately.
 */
async function weighRoute(browser: Browser, baseUrl: string, route: string): Promise<RouteWeight> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await context.addInitScript(RECORD_READY_TIME);
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | null>>();
    page.on('response', (response) => {
      if (!isJavaScript(response) || response.status() !== 200 || bodies.has(response.url())) return;
      bodies.set(response.url(), response.body().catch(() => null));
    });
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    const ready = await page
      .waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS })
      .then(() => true, () => false);
    const idle = await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS }).then(
      () => true,
      () => false,
    );
    const requestedBeforeReady = new Set(
      await page.evaluate(() => {
        const readyAt = (window as unknown as { __benchReadyAt?: number }).__benchReadyAt ?? Number.POSITIVE_INFINITY;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < readyAt)
          .map((entry) => entry.name);
      }),
    );
    const read = await Promise.all([...bodies].map(async ([url, body]) => [url, await body] as const));
    const files = read.filter((entry): entry is readonly [string, Buffer] => entry[1] !== null);
    const caveats: string[] = [];
    if (!ready) caveats.push('the app never marked itself ready; every file counted as before ready');
    if (!idle) caveats.push(`network never idle; counted what loaded within ${PAGE_TIMEOUT_MS / 1000} s`);
    if (files.length < read.length) caveats.push(`${read.length - files.length} JS responses could not be read and are not counted`);
    return {
      route,
      beforeReady: weigh(files.filter(([url]) => !ready || requestedBeforeReady.has(url)).map(([, body]) => body)),
      byIdle: weigh(files.map(([, body]) => body)),
      caveats,
    };
  } finally {
    await context.close();
  }
}

/**
 * Records when the app marks the shell interactive (`<html data-ready="true">`), in ms since navigation
 * start. A string, not a function: tsx would add its `__name` helper to a function's source, which does
 * not exist in the page.
 */
const RECORD_READY_TIME = `
  new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && document.documentElement.dataset.ready === 'true') {
      window.__benchReadyAt = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
`;

interface LoadTiming {
  loadMs: number;
  /** null when the app never marked itself ready. */
  readyMs: number | null;
  controlled: boolean;
}

async function timeLoad(page: Page, navigate: () => Promise<unknown>): Promise<LoadTiming> {
  await navigate();
  await page.waitForFunction(
    () => ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0) > 0,
    undefined,
    { timeout: PAGE_TIMEOUT_MS },
  );
  const ready = await page
    .waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS })
    .then(
      () => true,
      () => false,
    );
  return page.evaluate((appMarkedReady) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const readyAt = (window as unknown as { __benchReadyAt?: number }).__benchReadyAt;
    return {
      loadMs: navigation.loadEventEnd,
      readyMs: appMarkedReady ? (readyAt ?? null) : null,
      controlled: Boolean(navigator.serviceWorker?.controller),
    };
  }, ready);
}

async function coldLoads(browser: Browser, baseUrl: string): Promise<LoadTiming[]> {
  const timings: LoadTiming[] = [];
  for (let run = 0; run < TIMED_RUNS; run += 1) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      await context.addInitScript(RECORD_READY_TIME);
      const page = await context.newPage();
      timings.push(await timeLoad(page, () => page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS })));
    } finally {
      await context.close();
    }
  }
  return timings;
}

/** Loads with the service worker controlling: one visit installs it, then each timed run reloads. */
function warmLoads(baseUrl: string): Promise<LoadTiming[] | string> {
  return withServiceWorkerPage(baseUrl, { initScript: RECORD_READY_TIME }, async (page) => {
    const timings: LoadTiming[] = [];
    for (let run = 0; run < TIMED_RUNS; run += 1) {
      timings.push(await timeLoad(page, () => page.reload({ waitUntil: 'load', timeout: PAGE_TIMEOUT_MS })));
    }
    return timings;
  });
}

function summarise(label: string, timings: LoadTiming[]): string[] {
  const load = timings.map((timing) => timing.loadMs);
  const ready = timings.map((timing) => timing.readyMs).filter((value): value is number => value !== null);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const readyCells =
    ready.length === timings.length ? [ms(median(ready)), ms(Math.min(...ready))] : ['n/a', `${timings.length - ready.length} runs never ready`];
  return [label, ms(median(load)), ms(Math.min(...load)), ...readyCells];
}

async function main(): Promise<void> {
  if (!existsSync(join(PROJECT_ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run bench` (it builds first) or `npx vite build`.');
  }
  console.log('Figures come from a shared, noisy machine over localhost: compare runs made on the same machine, and read');
  console.log('small differences as noise.\n');

  const server = await startServer();
  const removeSignalHandlers = stopServersOnSignal([server]);
  let browser: Browser | undefined;
  try {
    console.log(`Server: ${server.baseUrl} (server/main.ts --memory, serving dist/)\n`);
    browser = await chromium.launch(CHROMIUM);

    console.log('JavaScript per route (fresh context, no service worker; gzip = node:zlib at its default level; kB = 1024 bytes)');
    console.log('before ready: requested before the app marked the route interactive; by idle: everything until network idle\n');
    const weights: RouteWeight[] = [];
    for (const route of ROUTES) weights.push(await weighRoute(browser, server.baseUrl, route));
    printTable(
      ['route', 'files before ready', 'gzip kB before ready', 'files by idle', 'gzip kB by idle'],
      weights.map((weight) => [
        weight.route,
        String(weight.beforeReady.files),
        kB(weight.beforeReady.gzipBytes).toFixed(1),
        String(weight.byIdle.files),
        kB(weight.byIdle.gzipBytes).toFixed(1),
      ]),
    );
    for (const weight of weights) for (const caveat of weight.caveats) console.log(`${weight.route}: ${caveat}`);
    const home = weights.find((weight) => weight.route === '/');
    if (home) {
      const before = kB(home.beforeReady.gzipBytes);
      const verdict = before <= HOME_JS_BUDGET_KB ? 'PASS' : 'OVER';
      console.log(`\nHome page budget: ${before.toFixed(1)} kB of ${HOME_JS_BUDGET_KB} kB gzipped JS before interactive: ${verdict}`);
    }

    console.log(`\nHome page load, ${TIMED_RUNS} runs each (time since navigation start)\n`);
    const cold = await coldLoads(browser, server.baseUrl);
    const warm = await warmLoads(server.baseUrl);
    const rows = [summarise('cold (no service worker)', cold)];
    if (typeof warm !== 'string') rows.push(summarise('warm (service worker controlling)', warm));
    printTable(['', 'load median', 'load min', 'ready median', 'ready min'], rows);
    if (typeof warm === 'string') console.log(`warm: not measured: ${warm}`);
    else if (warm.some((timing) => !timing.controlled)) console.log('warm: some reloads were not controlled by the service worker');
    console.log('\nready = <html data-ready="true">, set by the app once the shell is interactive.');
  } finally {
    await browser?.close();
    await stopServer(server);
    removeSignalHandlers();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
