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
 * Medians of FIRST_SCREEN_RUNS runs (default 5), with the element that was the largest paint in most runs and the
 * time the HTML's first byte came (so a late LCP can be told from a late page). A report, not a test: the exit code is
 * 1 only when it cannot run.
 *
 * `FIRST_SCREEN_DISTS=dir,dir` compares builds in one sitting: a server for each, their runs interleaved (each cold
 * load, warm start and kiosk restart of one build followed by the same of the next), a column per route and build;
 * Lighthouse is left to bench/lighthouseAB.ts then.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { PROJECT_ROOT, type RunningServer } from '../server/testing/serverProcess';
import { benchWithServersOf, CHROMIUM, median, printTable, withServiceWorkerPage } from './support';

const ROUTES = ['/', '/events', '/events/1'];
const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 5);
/** The builds to serve and compare (FIRST_SCREEN_DISTS), else dist/ alone. */
const DISTS = process.env.FIRST_SCREEN_DISTS?.split(',').map((dist) => resolve(dist)) ?? [join(PROJECT_ROOT, 'dist')];

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const CPU_SLOWDOWN = 4;
/** Bytes per second, as the DevTools protocol wants them. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const PAGE_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 30_000;
const NETWORK_QUIET_MS = 1_500;
const DIALOG_TIMEOUT_MS = 15_000;
const BROWSER_SETTLE_MS = 1_000;

const TARGETS = { coldLcpMs: 1000, warmLcpMs: 400, cls: 0.02, lighthouse: 90, dialogMs: 100, coldJsKb: 200 };

/**
 * Collects the paint and layout-shift entries from the first frame on (buffered), and the time of the frame that
 * first shows an open <dialog> after a pointerdown. A string, not a function: tsx would add its `__name` helper to a
 * function's source, which does not exist in the page.
 */
const OBSERVE_FIRST_SCREEN = `
  window.__firstScreen = { lcp: 0, lcpElement: '', fcp: 0, cls: 0, tapAt: null, dialogAt: null };
  const record = window.__firstScreen;
  const describe = (element) => !element ? '(removed)' : element.localName + (element.classList.length ? '.' + [...element.classList].join('.') : '');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      record.lcp = entry.renderTime || entry.loadTime || entry.startTime;
      record.lcpElement = describe(entry.element);
    }
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
  /** The largest paint's element as `tag.class.class`. */
  lcpElement: string;
  fcp: number;
  /** When the page's first byte came (from the service worker on a warm start). */
  responseStart: number;
  /** The server's render of the page, from its Server-Timing header (NaN without one). */
  serverRender: number;
  cls: number;
  tapAt: number | null;
  dialogAt: number | null;
}

const readRecord = (page: Page) =>
  page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      ...(window as unknown as { __firstScreen: FirstScreenRecord }).__firstScreen,
      responseStart: navigation?.responseStart ?? NaN,
      serverRender: navigation?.serverTiming.find((timing) => timing.name === 'render')?.duration ?? NaN,
    };
  });

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
    // A phone's browser is already running when the visitor opens the page. Here the tab's renderer would start with
    // the navigation and take the venue server's CPU (2 cores shared) while it renders the page: 0.1-0.4 s more
    // "server render" on /events than the same request alone. So the tab starts on a blank page and settles first,
    // as Lighthouse's runs do.
    await page.goto('about:blank');
    await page.waitForTimeout(BROWSER_SETTLE_MS);
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

/**
 * A service-worker page of its own (a fresh profile) for each base URL, opened one inside the other, so that runs on
 * several builds can alternate.
 */
function withServiceWorkerPages<T>(baseUrls: string[], options: Parameters<typeof withServiceWorkerPage>[1], measure: (pages: Page[]) => Promise<T>): Promise<T | string> {
  const open = (opened: Page[]): Promise<T | string> => {
    const next = baseUrls[opened.length];
    return next === undefined ? measure(opened) : withServiceWorkerPage(next, options, (page) => open([...opened, page])).then((result) => result);
  };
  return open([]);
}

/**
 * LCP with the service worker controlling, per build: one visit installs it, then each run opens the route again, the
 * builds taking turns.
 */
function warmLcps(baseUrls: string[]): Promise<Map<string, FirstScreenRecord[]>[] | string> {
  return withServiceWorkerPages(baseUrls, { contextOptions: PHONE, initScript: OBSERVE_FIRST_SCREEN }, async (pages) => {
    for (const [index, page] of pages.entries()) {
      // Every route once unthrottled, so the device holds what a kiosk that has shown them holds.
      for (const route of ROUTES) {
        await page.goto(`${baseUrls[index]}${route}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
        await waitForReady(page);
        await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS }).catch(() => undefined);
      }
      await throttle(page);
    }
    const records = pages.map(() => new Map<string, FirstScreenRecord[]>(ROUTES.map((route) => [route, []])));
    for (let run = 0; run < RUNS; run += 1) {
      for (const route of ROUTES) {
        for (const [index, page] of pages.entries()) {
          await page.goto(`${baseUrls[index]}${route}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
          await waitForReady(page);
          await page.waitForTimeout(NETWORK_QUIET_MS);
          records[index]?.get(route)?.push(await readRecord(page));
        }
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
 * LCP of a provisioned kiosk terminal's restart after a visitor's wipe, at 1080x1920, per build (taking turns): the
 * attract screen it reopens at after every visitor, so every visitor's first screen.
 */
function kioskWarmLcps(baseUrls: string[]): Promise<FirstScreenRecord[][] | string> {
  return withServiceWorkerPages(baseUrls, { contextOptions: KIOSK, initScript: OBSERVE_FIRST_SCREEN }, async (pages) => {
    for (const [index, page] of pages.entries()) {
      // Provisioned: one visit with ?mode=kiosk stores the setting, and the attract screen once shows its pictures.
      for (const address of ['/?mode=kiosk&lang=en', KIOSK_START]) {
        await page.goto(`${baseUrls[index]}${address}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
        await waitForReady(page);
        await page.waitForLoadState('networkidle', { timeout: PAGE_TIMEOUT_MS }).catch(() => undefined);
      }
      await throttle(page);
    }
    const records = pages.map((): FirstScreenRecord[] => []);
    for (let run = 0; run < RUNS; run += 1) {
      for (const [index, page] of pages.entries()) {
        await page.evaluate(WIPE_AND_KEEP_START_PAGE);
        await page.goto(`${baseUrls[index]}${KIOSK_START}`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
        await waitForReady(page);
        await page.waitForTimeout(NETWORK_QUIET_MS);
        records[index]?.push(await readRecord(page));
      }
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

const ms = (figures: number[]) => {
  const values = figures.filter(Number.isFinite);
  return values.length ? `${Math.round(median(values))} ms` : 'n/a';
};
const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

/** `FIRST_SCREEN_ONLY=warm`: the warm starts alone (web and kiosk), without the cold loads and Lighthouse. */
const WARM_ONLY = process.env.FIRST_SCREEN_ONLY === 'warm';

/** A build being measured: its server, and its name in the table when builds are compared (the dist directory's). */
interface Build {
  label: string;
  server: RunningServer;
}

/** The value most runs had, and in how many of them. */
function mostFrequent(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [value, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['n/a', 0];
  return `${value} (${count} of ${values.length})`;
}

async function measure(builds: Build[]): Promise<void> {
  const browser = await chromium.launch(CHROMIUM);
  const cold = builds.map(() => new Map<string, ColdRun[]>(ROUTES.map((route) => [route, []])));
  const dialogDelays = builds.map((): number[] => []);
  try {
    for (let run = 0; run < (WARM_ONLY ? 0 : RUNS); run += 1) {
      for (const route of ROUTES) {
        for (const [index, { server }] of builds.entries()) cold[index]?.get(route)?.push(await coldRun(browser, `${server.baseUrl}${route}`));
      }
      for (const [index, { server }] of builds.entries()) {
        const tapped = await coldRun(browser, `${server.baseUrl}/`, tapToDialog).catch(() => null);
        if (tapped?.record.tapAt != null && tapped.record.dialogAt != null) dialogDelays[index]?.push(tapped.record.dialogAt - tapped.record.tapAt);
      }
    }
  } finally {
    await browser.close();
  }
  const baseUrls = builds.map(({ server }) => server.baseUrl);
  const warm = await warmLcps(baseUrls);
  const kioskWarm = await kioskWarmLcps(baseUrls);
  const [onlyBuild] = builds;
  const lighthouse =
    WARM_ONLY ? 'not measured (FIRST_SCREEN_ONLY=warm)'
    : builds.length > 1 || !onlyBuild ? 'not measured when builds are compared (bench/lighthouseAB.ts compares them)'
    : await lighthouseScores(onlyBuild.server.baseUrl);

  // A column per route, or per route and build when builds are compared.
  const columns = ROUTES.flatMap((route) => builds.map((build, index) => ({ route, index, title: builds.length > 1 ? `${route} ${build.label}` : route })));
  const coldRow = (title: string, cell: (runs: ColdRun[]) => string) => [title, ...columns.map(({ route, index }) => cell(cold[index]?.get(route) ?? []))];
  const warmRow = (title: string, cell: (runs: FirstScreenRecord[]) => string) => [
    title,
    ...columns.map(({ route, index }) => (typeof warm === 'string' ? 'n/a' : cell(warm[index]?.get(route) ?? []))),
  ];
  const lighthouseRow = (title: string, cell: (runs: LighthouseFigures[]) => string) => [
    title,
    ...columns.map(({ route }) => (typeof lighthouse === 'string' ? 'n/a' : cell(lighthouse.get(route) ?? []))),
  ];

  console.log(`First screen on a throttled phone (${CPU_SLOWDOWN}x CPU, ${NETWORK.latency} ms, 1.6 Mbps down, 750 kbps up), median of ${RUNS} runs`);
  console.log('cold: fresh context, no service worker; transfer = bytes on the wire until the network is quiet');
  if (builds.length > 1) console.log(`builds, runs interleaved: ${builds.map(({ label }, index) => `${label} = ${DISTS[index]}`).join(', ')}`);
  console.log('');
  printTable(
    ['', ...columns.map(({ title }) => title)],
    [
      coldRow('cold LCP', (runs) => ms(runs.map((run) => run.record.lcp))),
      coldRow('cold FCP', (runs) => ms(runs.map((run) => run.record.fcp))),
      // The page's first byte: what the LCP cannot come before (a server render, a round trip).
      coldRow('cold HTML first byte', (runs) => ms(runs.map((run) => run.record.responseStart))),
      // What of it was the server's render (a build whose server sends no Server-Timing: n/a).
      coldRow('cold server render', (runs) => ms(runs.map((run) => run.record.serverRender))),
      coldRow('CLS', (runs) => median(runs.map((run) => run.record.cls)).toFixed(3)),
      warmRow('warm LCP (service worker)', (runs) => ms(runs.map((run) => run.lcp))),
      // LCP above FCP: the largest element painted later than the first paint (a render over the page, an image).
      warmRow('warm FCP (service worker)', (runs) => ms(runs.map((run) => run.fcp))),
      warmRow('warm HTML first byte', (runs) => ms(runs.map((run) => run.responseStart))),
      coldRow('cold transfer, all', (runs) => kB(median(runs.map((run) => run.transfer.bytes)))),
      coldRow('cold requests, all', (runs) => String(median(runs.map((run) => run.transfer.requests)))),
      coldRow('cold transfer, JavaScript', (runs) => kB(median(runs.map((run) => run.transfer.jsBytes)))),
      coldRow('cold requests, JavaScript', (runs) => String(median(runs.map((run) => run.transfer.jsRequests)))),
      lighthouseRow('Lighthouse 12 mobile score', (runs) => String(median(runs.map((run) => run.score)))),
      ...(['lcpMs', 'fcpMs', 'tbtMs'] as const).map((figure) => lighthouseRow(`Lighthouse ${figure.slice(0, 3).toUpperCase()}`, (runs) => ms(runs.map((run) => run[figure])))),
    ],
  );
  console.log('\nLargest paint, the element in most runs:');
  for (const { title, route, index } of columns) {
    const warmElement = typeof warm === 'string' ? 'n/a' : mostFrequent((warm[index]?.get(route) ?? []).map((run) => run.lcpElement));
    console.log(`  ${title}: cold ${mostFrequent((cold[index]?.get(route) ?? []).map((run) => run.record.lcpElement))}; warm ${warmElement}`);
  }
  for (const [index, { label }] of builds.entries()) {
    const named = builds.length > 1 ? ` [${label}]` : '';
    const delays = dialogDelays[index] ?? [];
    const kiosk = typeof kioskWarm === 'string' ? kioskWarm : (kioskWarm[index] ?? []);
    const dialog = WARM_ONLY ? 'not measured (FIRST_SCREEN_ONLY=warm)' : `${ms(delays)} (${delays.length} of ${RUNS} runs opened it)`;
    console.log(`\n"Book a Facility" tap to dialog shown (home, idle, cold)${named}: ${dialog}`);
    console.log(
      `Kiosk warm start after a visitor's wipe (1080x1920, ${KIOSK_START})${named}: ` +
        (typeof kiosk === 'string' ? kiosk : `LCP ${ms(kiosk.map((run) => run.lcp))}, FCP ${ms(kiosk.map((run) => run.fcp))}`),
    );
  }
  if (typeof warm === 'string') console.log(`warm: ${warm}`);
  if (typeof lighthouse === 'string') console.log(`Lighthouse: ${lighthouse}`);
  console.log(
    `\nTargets: cold LCP < ${TARGETS.coldLcpMs} ms, warm LCP < ${TARGETS.warmLcpMs} ms, CLS < ${TARGETS.cls}, Lighthouse >= ${TARGETS.lighthouse}, ` +
      `dialog < ${TARGETS.dialogMs} ms, cold JavaScript < ${TARGETS.coldJsKb} kB.`,
  );
}

const missing = DISTS.filter((dist) => !existsSync(join(dist, 'index.html')));
if (missing.length === 0) {
  await benchWithServersOf(DISTS, (servers) => measure(servers.map((server, index) => ({ label: basename(DISTS[index] ?? ''), server }))));
} else {
  console.error(`${missing.map((dist) => join(dist, 'index.html')).join(', ')} missing: run \`npm run bench\` (it builds first) or \`npx vite build\`.`);
  process.exitCode = 1;
}
