/**
 * `npm run bench`, second part: how fast the first screen shows on a phone, for `/`, `/events` and `/events/1`, in
 * Chromium with real throttling through the DevTools protocol (4x CPU, 150 ms latency, 1.6 Mbps down, 750 kbps up):
 *
 * - cold: a fresh context without a service worker: LCP, FCP and CLS (PerformanceObserver, buffered entries), and
 *   what the load transferred by network idle (bytes on the wire and requests, JavaScript on its own);
 * - warm: LCP again with the service worker controlling, on a phone; and a kiosk terminal's restart after a visitor's
 *   wipe (1080x1920, the attract screen), the first screen of every visitor at a kiosk;
 * - the delay from a tap on "Book a Facility" (home page, idle) to the frame that shows the dialog;
 * - Lighthouse 12 mobile performance scores, when the lighthouse package is installed (it is optional).
 *
 * Medians of FIRST_SCREEN_RUNS runs (default 5). A report, not a test: the exit code is 1 only when it cannot run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { PROJECT_ROOT, type RunningServer } from '../server/testing/serverProcess';
import { benchWithServer, CHROMIUM, median, printTable, withServiceWorkerPage } from './support';

const ROUTES = ['/', '/events', '/events/1'];
const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 5);

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const CPU_SLOWDOWN = 4;
/** Bytes per second, as the DevTools protocol wants them. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const PAGE_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 30_000;
const NETWORK_QUIET_MS = 1_500;
const DIALOG_TIMEOUT_MS = 15_000;

const TARGETS = { coldLcpMs: 1000, warmLcpMs: 400, cls: 0.02, lighthouse: 90, dialogMs: 100, coldJsKb: 200 };

/**
 * Collects the paint and layout-shift entries from the first frame on (buffered), and the time of the frame that
 * first shows an open <dialog> after a pointerdown. A string, not a function: tsx would add its `__name` helper to a
 * function's source, which does not exist in the page.
 */
const OBSERVE_FIRST_SCREEN = `
  window.__firstScreen = { lcp: 0, fcp: 0, cls: 0, tapAt: null, dialogAt: null };
  const record = window.__firstScreen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') record.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) record.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  addEventListener('pointerdown', (event) => {
    if (record.tapAt !== null) return;
    record.tapAt = event.timeStamp;
    const watch = (frameTime) => {
      if ([...document.querySelectorAll('dialog[open]')].some((dialog) => dialog.checkVisibility())) record.dialogAt = frameTime;
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }, { capture: true });
`;

/** The home page opens the demo venue's lead form by itself (spec 001 §4); the tap runs start with it dismissed. */
const SKIP_LEAD_FORM = `sessionStorage.setItem('portal.leadForm.dismissed', '1');`;

interface FirstScreenRecord {
  lcp: number;
  fcp: number;
  cls: number;
  tapAt: number | null;
  dialogAt: number | null;
}

const readRecord = (page: Page) => page.evaluate(() => (window as unknown as { __firstScreen: FirstScreenRecord }).__firstScreen);

/** What went over the wire, counted from the DevTools protocol's own figures (compressed bytes, headers included). */
class TransferCount {
  bytes = 0;
  requests = 0;
  jsBytes = 0;
  jsRequests = 0;
  private readonly types = new Map<string, string>();
  private lastActivity = Date.now();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      this.lastActivity = Date.now();
      this.types.set(event.requestId, event.type ?? '');
    });
    cdp.on('Network.responseReceived', (event) => {
      this.types.set(event.requestId, event.type);
      // Served by the service worker or the memory cache: nothing crossed the network.
      if (event.response.fromServiceWorker || event.response.fromDiskCache) this.types.set(event.requestId, 'local');
    });
    cdp.on('Network.loadingFinished', (event) => {
      this.lastActivity = Date.now();
      const type = this.types.get(event.requestId);
      if (type === 'local') return;
      this.bytes += event.encodedDataLength;
      this.requests += 1;
      if (type === 'Script') {
        this.jsBytes += event.encodedDataLength;
        this.jsRequests += 1;
      }
    });
  }

  /** Waits until nothing has been requested or finished for NETWORK_QUIET_MS. */
  async quiet(): Promise<void> {
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    while (Date.now() - this.lastActivity < NETWORK_QUIET_MS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

async function waitForReady(page: Page): Promise<void> {
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT_MS }).catch(() => undefined);
}

interface ColdRun {
  record: FirstScreenRecord;
  transfer: TransferCount;
}

async function coldRun(browser: Browser, url: string, act?: (page: Page) => Promise<void>): Promise<ColdRun> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    await context.addInitScript(OBSERVE_FIRST_SCREEN);
    if (act) await context.addInitScript(SKIP_LEAD_FORM);
    const page = await context.newPage();
    const cdp = await throttle(page);
    const transfer = new TransferCount(cdp);
    await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await waitForReady(page);
    await transfer.quiet();
    await act?.(page);
    return { record: await readRecord(page), transfer };
  } finally {
    await context.close();
  }
}

/** Taps "Book a Facility" once the home page is idle and returns the ms from the tap to the frame that shows the dialog. */
async function tapToDialog(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await page.getByRole('button', { name: 'Book a Facility' }).tap({ timeout: DIALOG_TIMEOUT_MS });
  await page.waitForFunction(() => (window as unknown as { __firstScreen: FirstScreenRecord }).__firstScreen.dialogAt !== null, undefined, {
    timeout: DIALOG_TIMEOUT_MS,
  });
}

/** LCP with the service worker controlling: one visit installs it, then each run opens the route again. */
function warmLcps(baseUrl: string): Promise<Map<string, FirstScreenRecord[]> | string> {
  return withServiceWorkerPage(baseUrl, { contextOptions: PHONE, initScript: OBSERVE_FIRST_SCREEN }, async (page) => {
    // Every route once unthrottled, so the device holds what a kiosk that has shown them holds.
    for (const route of ROUTES) {
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      await waitForReady(page);
      await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS }).catch(() => undefined);
    }
    await throttle(page);
    const records = new Map<string, FirstScreenRecord[]>(ROUTES.map((route) => [route, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const route of ROUTES) {
        await page.goto(`${baseUrl}${route}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
        await waitForReady(page);
        await page.waitForTimeout(NETWORK_QUIET_MS);
        records.get(route)?.push(await readRecord(page));
      }
    }
    return records;
  });
}

const KIOSK = { viewport: { width: 1080, height: 1920 }, hasTouch: true };
/** The address a terminal restarts at after every visitor's wipe (src/features/kiosk/kioskRuntime.ts, attractUrl). */
const KIOSK_START = '/?mode=kiosk&attract=1&lang=en';
const KEEP_START_PAGE_WAIT_MS = 10_000;

/**
 * What a terminal's visitor wipe leaves and does before its restart (src/features/kiosk/kioskRuntime.ts): the visitor's
 * caches and the kept pages deleted, then the service worker asked to keep the start page (it answers at once when it
 * holds it; a build whose worker does not know KEEP_START_PAGE never answers, and the restart goes ahead after the
 * wait). Builds before 2026-11-27 also deleted the start page in the wipe, so their restart waited for a fresh one:
 * that wait is before the navigation, outside the LCP measured here. A string, as above.
 */
const WIPE_AND_KEEP_START_PAGE = `(async () => {
  for (const name of await caches.keys()) if (/^(personal-|kept-pages-)/.test(name)) await caches.delete(name);
  await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    navigator.serviceWorker.controller.postMessage({ type: 'KEEP_START_PAGE', url: location.origin + ${JSON.stringify(KIOSK_START)}, lang: 'en' }, [channel.port2]);
    setTimeout(resolve, ${KEEP_START_PAGE_WAIT_MS});
  });
})()`;

/**
 * LCP of a provisioned kiosk terminal's restart after a visitor's wipe, at 1080x1920: the attract screen it reopens at
 * after every visitor, so every visitor's first screen.
 */
function kioskWarmLcps(baseUrl: string): Promise<FirstScreenRecord[] | string> {
  return withServiceWorkerPage(baseUrl, { contextOptions: KIOSK, initScript: OBSERVE_FIRST_SCREEN }, async (page) => {
    // Provisioned: one visit with ?mode=kiosk stores the setting, and the attract screen once shows its pictures.
    for (const address of ['/?mode=kiosk&lang=en', KIOSK_START]) {
      await page.goto(`${baseUrl}${address}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      await waitForReady(page);
      await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS }).catch(() => undefined);
    }
    await throttle(page);
    const records: FirstScreenRecord[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.evaluate(WIPE_AND_KEEP_START_PAGE);
      await page.goto(`${baseUrl}${KIOSK_START}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      await waitForReady(page);
      await page.waitForTimeout(NETWORK_QUIET_MS);
      records.push(await readRecord(page));
    }
    return records;
  });
}

interface LighthouseResult {
  lhr: { categories: { performance?: { score: number | null } }; audits: Record<string, { numericValue?: number }> };
}
type LighthouseRun = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

/** One Lighthouse run's score and the metrics that weigh most in it (TBT 30%, LCP 25%, FCP 10%). */
interface LighthouseFigures {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
}

/**
 * Lighthouse's mobile preset (its own simulated throttling) against the routes, when the optional lighthouse package
 * is installed; the module names are variables so the bench type-checks and runs without it.
 */
async function lighthouseScores(baseUrl: string): Promise<Map<string, LighthouseFigures[]> | string> {
  const lighthouseModule = 'lighthouse';
  const launcherModule = 'chrome-launcher';
  let lighthouse: LighthouseRun;
  let launcher: ChromeLauncher;
  try {
    lighthouse = ((await import(lighthouseModule)) as { default: LighthouseRun }).default;
    launcher = (await import(launcherModule)) as ChromeLauncher;
  } catch {
    return 'not measured: lighthouse is not installed (npm i -D -E lighthouse@12.2.3)';
  }
  const scores = new Map<string, LighthouseFigures[]>(ROUTES.map((route) => [route, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const route of ROUTES) {
      const chrome = await launcher.launch({ chromePath: CHROMIUM.executablePath, chromeFlags: ['--headless=new', '--no-sandbox', ...CHROMIUM.args] });
      try {
        const result = await lighthouse(`${baseUrl}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const score = result?.lhr.categories.performance?.score;
        if (typeof score === 'number') {
          const audit = (id: string) => result?.lhr.audits[id]?.numericValue ?? NaN;
          scores.get(route)?.push({ score: Math.round(score * 100), lcpMs: audit('largest-contentful-paint'), fcpMs: audit('first-contentful-paint'), tbtMs: audit('total-blocking-time') });
        }
      } finally {
        chrome.kill();
      }
    }
  }
  return scores;
}

const ms = (values: number[]) => (values.length ? `${Math.round(median(values))} ms` : 'n/a');
const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

/** `FIRST_SCREEN_ONLY=warm`: the warm starts alone (web and kiosk), without the cold loads and Lighthouse. */
const WARM_ONLY = process.env.FIRST_SCREEN_ONLY === 'warm';

async function measure(server: RunningServer): Promise<void> {
  const browser = await chromium.launch(CHROMIUM);
  const cold = new Map<string, ColdRun[]>();
  const dialogDelays: number[] = [];
  try {
    for (let run = 0; run < (WARM_ONLY ? 0 : RUNS); run += 1) {
      for (const route of ROUTES) {
        const runs = cold.get(route) ?? [];
        runs.push(await coldRun(browser, `${server.baseUrl}${route}`));
        cold.set(route, runs);
      }
      const tapped = await coldRun(browser, `${server.baseUrl}/`, tapToDialog).catch(() => null);
      if (tapped?.record.tapAt != null && tapped.record.dialogAt != null) dialogDelays.push(tapped.record.dialogAt - tapped.record.tapAt);
    }
  } finally {
    await browser.close();
  }
  const warm = await warmLcps(server.baseUrl);
  const kioskWarm = await kioskWarmLcps(server.baseUrl);
  const lighthouse = WARM_ONLY ? 'not measured (FIRST_SCREEN_ONLY=warm)' : await lighthouseScores(server.baseUrl);

  console.log(`First screen on a throttled phone (${CPU_SLOWDOWN}x CPU, ${NETWORK.latency} ms, 1.6 Mbps down, 750 kbps up), median of ${RUNS} runs`);
  console.log('cold: fresh context, no service worker; transfer = bytes on the wire until the network is quiet\n');
  printTable(
    ['', ...ROUTES],
    [
      ['cold LCP', ...ROUTES.map((route) => ms((cold.get(route) ?? []).map((run) => run.record.lcp)))],
      ['cold FCP', ...ROUTES.map((route) => ms((cold.get(route) ?? []).map((run) => run.record.fcp)))],
      ['CLS', ...ROUTES.map((route) => median((cold.get(route) ?? []).map((run) => run.record.cls)).toFixed(3))],
      ['warm LCP (service worker)', ...ROUTES.map((route) => (typeof warm === 'string' ? 'n/a' : ms((warm.get(route) ?? []).map((run) => run.lcp))))],
      // LCP above FCP: the largest element painted later than the first paint (a render over the page, an image).
      ['warm FCP (service worker)', ...ROUTES.map((route) => (typeof warm === 'string' ? 'n/a' : ms((warm.get(route) ?? []).map((run) => run.fcp))))],
      ['cold transfer, all', ...ROUTES.map((route) => kB(median((cold.get(route) ?? []).map((run) => run.transfer.bytes))))],
      ['cold requests, all', ...ROUTES.map((route) => String(median((cold.get(route) ?? []).map((run) => run.transfer.requests))))],
      ['cold transfer, JavaScript', ...ROUTES.map((route) => kB(median((cold.get(route) ?? []).map((run) => run.transfer.jsBytes))))],
      ['cold requests, JavaScript', ...ROUTES.map((route) => String(median((cold.get(route) ?? []).map((run) => run.transfer.jsRequests))))],
      [
        'Lighthouse 12 mobile score',
        ...ROUTES.map((route) => (typeof lighthouse === 'string' ? 'n/a' : String(median((lighthouse.get(route) ?? []).map((run) => run.score))))),
      ],
      ...(['lcpMs', 'fcpMs', 'tbtMs'] as const).map((figure) => [
        `Lighthouse ${figure.slice(0, 3).toUpperCase()}`,
        ...ROUTES.map((route) => (typeof lighthouse === 'string' ? 'n/a' : ms((lighthouse.get(route) ?? []).map((run) => run[figure])))),
      ]),
    ],
  );
  console.log(`\n"Book a Facility" tap to dialog shown (home, idle, cold): ${ms(dialogDelays)} (${dialogDelays.length} of ${RUNS} runs opened it)`);
  console.log(
    `Kiosk warm start after a visitor's wipe (1080x1920, ${KIOSK_START}): ` +
      (typeof kioskWarm === 'string' ? kioskWarm : `LCP ${ms(kioskWarm.map((run) => run.lcp))}, FCP ${ms(kioskWarm.map((run) => run.fcp))}`),
  );
  if (typeof warm === 'string') console.log(`warm: ${warm}`);
  if (typeof lighthouse === 'string') console.log(`Lighthouse: ${lighthouse}`);
  console.log(
    `\nTargets: cold LCP < ${TARGETS.coldLcpMs} ms, warm LCP < ${TARGETS.warmLcpMs} ms, CLS < ${TARGETS.cls}, Lighthouse >= ${TARGETS.lighthouse}, ` +
      `dialog < ${TARGETS.dialogMs} ms, cold JavaScript < ${TARGETS.coldJsKb} kB.`,
  );
}

if (existsSync(join(PROJECT_ROOT, 'dist', 'index.html'))) await benchWithServer(measure);
else {
  console.error('dist/index.html is missing: run `npm run bench` (it builds first) or `npx vite build`.');
  process.exitCode = 1;
}
