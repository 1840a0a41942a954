/**
 * `npm run bench` (memory over days): one kiosk terminal serving visitor after visitor, the way it runs for days.
 *
 * The real server (in-memory database, demo venue) serves the build; headless Chromium at kiosk size (1080×1920)
 * becomes a terminal (`/?mode=kiosk`), then runs N visitor sessions (100 unless `--sessions N` or
 * `BENCH_SESSIONS`): touch to start (every second visitor through the Arabic button), browse the events and an
 * event, add a ticket, book a pitch slot with an add-on from the home page, open the cart, then leave the kiosk
 * alone until the idle reset wipes the visitor and reloads the attract screen (Playwright's clock runs the idle
 * time and the countdown). At the attract screen after each session it forces garbage collection through CDP and
 * reads the renderer's counters (JS heap used, DOM nodes, JS event listeners, documents): these are counters of
 * the renderer process, so they span the documents each wipe reloads. It also reads the memory (PSS) of the
 * Chromium processes from /proc. The home page's lead form, which opens by itself, is closed whenever it is in the
 * way (also over the attract screen), and the report says how often that was.
 *
 * It is a report, not a test: a heap slope over the target is printed as OVER and the exit code stays 0.
 * The exit code is 1 only when the run itself fails (no build, server does not start, a session cannot finish).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect as baseExpect, type Browser, type CDPSession, type Page } from '@playwright/test';
import { ATTRACT_QUERY, DEFAULT_IDLE_SECONDS, IDLE_WARNING_SECONDS } from '../src/domain/kiosk/idle';
import { LANGUAGES, type Lang } from '../src/domain/lang';
import { KIOSK } from '../tests/helpers';
import { fb, venueDay } from '../tests/support/booking';
import { copy, storedTerminalSetting } from '../tests/support/shell';
import { PROJECT_ROOT, startServer, stopServer } from '../server/testing/serverProcess';
import { CHROMIUM, median, printTable, stopServersOnSignal } from './support';

const DEFAULT_SESSIONS = 100;
/** The heap may grow by at most this much per visitor (least-squares slope, KB = 1024 bytes). */
const HEAP_SLOPE_TARGET_KB = 50;
/** The terminal's language: the attract screen always comes back in it. */
const TERMINAL_LANG: Lang = 'en';
const GC_ROUNDS = 3;

const UI_TIMEOUT_MS = 30_000;
const NETWORK_IDLE_TIMEOUT_MS = 10_000;

const expect = baseExpect.configure({ timeout: UI_TIMEOUT_MS });

const KB = 1024;
const MB = 1024 * 1024;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

function sessionCount(): number {
  const argv = process.argv.slice(2);
  const flag = argv.findIndex((arg) => arg === '--sessions' || arg.startsWith('--sessions='));
  const raw = flag === -1 ? process.env.BENCH_SESSIONS : argv[flag]!.includes('=') ? argv[flag]!.split('=')[1] : argv[flag + 1];
  if (raw === undefined || raw === '') return DEFAULT_SESSIONS;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`The number of sessions must be a whole number of at least 1, got "${raw}"`);
  return count;
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface ProcessMemory {
  /** Proportional set size of every renderer process, summed (bytes). */
  rendererPss: number;
  /** Proportional set size of every Chromium process, summed (bytes). */
  totalPss: number;
  renderers: number;
}

interface Sample {
  session: number;
  lang: Lang | null;
  heapUsed: number;
  nodes: number;
  listeners: number;
  documents: number;
  /** The V8 isolate of the page (CDP Runtime.getIsolateId): the same one means the same renderer across documents. */
  isolate: string;
  processes: ProcessMemory | null;
  /** Wall time of the visitor's session, idle reset included (ms). */
  sessionMs: number;
}

/** Pss (else Rss) of a process in bytes, from /proc; null when it cannot be read. */
async function processPss(pid: number): Promise<number | null> {
  const field = (text: string, name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : null;
  };
  try {
    return field(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
  } catch {
    try {
      return field(await readFile(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
    } catch {
      return null;
    }
  }
}

/** The memory of Chromium's processes (CDP SystemInfo.getProcessInfo for the ids, /proc for the sizes). */
async function chromiumMemory(browserCdp: CDPSession): Promise<ProcessMemory | null> {
  const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
  const sizes = await Promise.all(processInfo.map(async (info) => ({ type: info.type, pss: await processPss(info.id) })));
  if (sizes.some((size) => size.pss === null)) return null;
  const renderers = sizes.filter((size) => size.type === 'renderer');
  return {
    rendererPss: renderers.reduce((sum, size) => sum + (size.pss ?? 0), 0),
    totalPss: sizes.reduce((sum, size) => sum + (size.pss ?? 0), 0),
    renderers: renderers.length,
  };
}

async function measure(cdp: CDPSession, browserCdp: CDPSession): Promise<Omit<Sample, 'session' | 'lang' | 'sessionMs'>> {
  for (let round = 0; round < GC_ROUNDS; round += 1) await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => {
    const found = metrics.find((entry) => entry.name === name);
    if (!found) throw new Error(`Performance.getMetrics has no ${name}`);
    return found.value;
  };
  return {
    heapUsed: metric('JSHeapUsedSize'),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    documents: metric('Documents'),
    isolate: (await cdp.send('Runtime.getIsolateId')).id,
    processes: await chromiumMemory(browserCdp),
  };
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return covariance / variance;
}

// ---------------------------------------------------------------------------------------------------------------
// Driving the kiosk

const attractPath = (lang: Lang) => `/?mode=kiosk&${ATTRACT_QUERY}=1&lang=${lang}`;
const attractDialog = (page: Page) => page.locator('dialog.attract[open]');
const touchToStart = (page: Page, lang: Lang) => page.getByRole('button', { name: copy(lang, 'kioskVisitor:attract.start'), exact: true });

/** The page's step now, for the message when a session cannot finish. */
let currentStep = 'start-up';

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  currentStep = name;
  return run();
}

/** Turns the browser context into a terminal the way staff do: one visit with `?mode=kiosk`, kept on the device. */
async function becomeKioskTerminal(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/?mode=kiosk&lang=${TERMINAL_LANG}`);
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached' });
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
  await expect.poll(() => storedTerminalSetting(page, 'kiosk')).toBe(true);
}

const leadDialog = (page: Page) => page.locator('dialog.lead-dialog[open]');

/** How often the bench closed the home page's lead form: on top of the attract screen, behind it, or during a visit. */
const leadFormClosed = { overAttract: 0, behindAttract: 0, visit: 0 };

/**
 * The home page's lead form opens by itself once it has loaded, also behind (or over) the attract screen and
 * possibly in the middle of another step: whenever it is in the way of an action or a check, the visitor closes it.
 */
async function closeLeadFormWhenShown(page: Page) {
  await page.addLocatorHandler(leadDialog(page), async (dialog) => {
    const where = await page.evaluate(() => {
      if (!document.querySelector('dialog.attract[open]')) return 'visit' as const;
      const top = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)?.closest('dialog');
      return top?.classList.contains('lead-dialog') ? ('overAttract' as const) : ('behindAttract' as const);
    });
    leadFormClosed[where] += 1;
    const lang = ((await page.locator('html').getAttribute('lang')) ?? TERMINAL_LANG) as Lang;
    await dialog.getByRole('button', { name: copy(lang, 'ui:close'), exact: true }).click();
  });
}

/**
 * The attract screen shown, the app ready, the network quiet and the home page's lead form settled (and closed when
 * it opened): the same state for every measurement.
 */
async function atAttractScreen(page: Page) {
  await expect(touchToStart(page, TERMINAL_LANG)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  // Images of the attract screen and the app's first requests; a busy network does not stop the run.
  await page.waitForLoadState('networkidle', { timeout: NETWORK_IDLE_TIMEOUT_MS }).catch(() => {});
  // A venue without a lead form has no section: then this gives up after a while and the run goes on.
  await page
    .locator('section.home-leads:not([data-state="loading"])')
    .waitFor({ state: 'attached', timeout: NETWORK_IDLE_TIMEOUT_MS })
    .catch(() => {});
  // Checked again, so that a lead form open over the attract screen is closed now (the handler above).
  await expect(touchToStart(page, TERMINAL_LANG)).toBeVisible();
  await expect(leadDialog(page)).toHaveCount(0);
}

async function startVisit(page: Page, lang: Lang) {
  const attract = attractDialog(page);
  if (lang === TERMINAL_LANG) await touchToStart(page, TERMINAL_LANG).click();
  else await attract.getByRole('button', { name: LANGUAGES.find((choice) => choice.code === lang)!.label, exact: true }).click();
  await expect(attract).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('main').getByRole('button', { name: fb(lang, 'button'), exact: true })).toBeVisible();
}

/** The events list, the first event, one ticket into the cart ('Yes, add more' stays on the page). */
async function browseAndBuyTicket(page: Page, lang: Lang) {
  const main = page.getByRole('main');
  await main.getByRole('link', { name: startsWith(copy(lang, 'pages:sections.events')) }).click();
  await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:sections.events'), exact: true })).toBeVisible();
  await main.getByRole('listitem').getByRole('link').first().click();
  const tickets = main.getByRole('region', { name: copy(lang, 'catalogue:tickets.title'), exact: true });
  await expect(tickets).toBeVisible();
  await tickets.getByRole('button', { name: copy(lang, 'catalogue:tickets.addToCart'), exact: true }).click();
  const confirmation = page.getByRole('dialog', { name: copy(lang, 'catalogue:confirmation.title'), exact: true });
  await confirmation.getByRole('button', { name: copy(lang, 'catalogue:confirmation.yes'), exact: true }).click();
  await expect(confirmation).toHaveCount(0);
}

/** Home, 'Book a Facility', tomorrow's first free slot of the default service, Continue, one add-on, done. */
async function bookFacility(page: Page, lang: Lang) {
  await page.getByRole('banner').locator('a[href^="/?"]').first().click();
  await page.getByRole('main').getByRole('button', { name: fb(lang, 'button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: fb(lang, 'title'), exact: true });
  await expect(dialog.getByRole('heading', { name: fb(lang, 'slots.title') })).toBeVisible();
  const date = dialog.getByLabel(fb(lang, 'filters.date'), { exact: true });
  await date.fill(venueDay(1));
  await expect(date).toHaveValue(venueDay(1));
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
  const slot = dialog.getByRole('group', { name: fb(lang, 'slots.title'), exact: true }).locator('button:enabled').first();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: fb(lang, 'footer.continue'), exact: true }).click();

  const addon = dialog.locator('article').first();
  const quantity = fb(lang, 'addons.quantity');
  await addon.getByRole('button', { name: fb(lang, 'stepper.increase', { label: quantity }), exact: true }).click();
  await expect(addon.getByRole('spinbutton', { name: quantity, exact: true })).toHaveValue('1');
  await addon.getByRole('button', { name: fb(lang, 'addons.addToCart'), exact: true }).click();
  await expect(addon.getByRole('spinbutton', { name: quantity, exact: true })).toHaveValue('0');

  await dialog.getByRole('button', { name: fb(lang, 'addons.done'), exact: true }).click();
  const more = page.getByRole('alertdialog', { name: fb(lang, 'confirm.title') });
  await more.getByRole('button', { name: fb(lang, 'confirm.no'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** The cart page with the ticket and the pitch. */
async function openCart(page: Page, lang: Lang) {
  await page.getByRole('banner').locator('a[href^="/cart"]').click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: copy(lang, 'pages:cart.title'), exact: true })).toBeVisible();
  const lines = main.getByRole('region', { name: copy(lang, 'cart:page.lines'), exact: true }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(lines).toHaveCount(2);
}

/** Nobody touches the screen: the idle time, 'Are you still there?', the countdown, the wipe and the reload. */
async function idleReset(page: Page, lang: Lang) {
  await page.clock.runFor(DEFAULT_IDLE_SECONDS * 1000);
  await expect(page.getByRole('alertdialog', { name: copy(lang, 'kioskVisitor:idle.title') })).toBeVisible();
  const restarted = page.waitForURL((url) => url.searchParams.has(ATTRACT_QUERY) && url.searchParams.get('lang') === TERMINAL_LANG, { timeout: UI_TIMEOUT_MS });
  await page.clock.runFor(IDLE_WARNING_SECONDS * 1000);
  await restarted;
  await expect(touchToStart(page, TERMINAL_LANG)).toBeVisible();
  // The page's clock ran ahead by the idle time and the countdown; bring it back to real time so that the app's
  // clock check never sees a device clock drifting away over many visitors.
  await page.clock.setSystemTime(Date.now());
}

async function visitorSession(page: Page, lang: Lang) {
  await step('touch to start', () => startVisit(page, lang));
  await step('browse events and add a ticket', () => browseAndBuyTicket(page, lang));
  await step('book a facility with an add-on', () => bookFacility(page, lang));
  await step('open the cart', () => openCart(page, lang));
  await step('idle reset', () => idleReset(page, lang));
  await step('attract screen settles', () => atAttractScreen(page));
}

/** Holds of cart sessions still on the pitch schedule of the day booked (the wipe should have released them all). */
async function holdsLeft(baseUrl: string): Promise<number | null> {
  const response = await fetch(`${baseUrl}/api/v1/facilities/schedule?venue_service_id=1&date=${venueDay(1)}`, { headers: { 'X-Session-Id': 'memory-bench-observer' } });
  if (!response.ok) return null;
  const { data } = (await response.json()) as { data: { facilities: { cart_items: unknown[] }[] } };
  return data.facilities.reduce((sum, facility) => sum + facility.cart_items.length, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

const mb = (bytes: number) => (bytes / MB).toFixed(2);
const signed = (value: number, digits = 0) => `${value > 0 ? '+' : ''}${value.toFixed(digits)}`;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function printSessions(samples: Sample[], baseline: Sample | undefined) {
  printTable(
    ['session', 'lang', 'heap MB', 'Δ heap KB', 'nodes', 'listeners', 'docs', 'renderers PSS MB', 'time s'],
    samples.map((sample) => [
      sample.session === 0 ? 'start' : String(sample.session),
      sample.lang ?? '-',
      mb(sample.heapUsed),
      baseline && sample.session > 0 ? signed((sample.heapUsed - baseline.heapUsed) / KB) : '-',
      String(sample.nodes),
      String(sample.listeners),
      String(sample.documents),
      sample.processes ? mb(sample.processes.rendererPss) : 'n/a',
      sample.session === 0 ? '-' : seconds(sample.sessionMs),
    ]),
  );
}

/** A renderer counter against its baseline: the median of the last ten sessions, so one late reading does not decide. */
function counterLine(label: string, baseline: number, values: number[]): string {
  const recent = median(values.slice(-10));
  const above = values.filter((value) => value > baseline).length;
  const verdict = recent <= baseline ? 'back to baseline' : `ABOVE baseline by ${recent - baseline}`;
  return `${label.padEnd(10)} baseline ${baseline}, last ten sessions median ${recent}, range ${Math.min(...values)}–${Math.max(...values)}, above baseline after ${above} of ${values.length} sessions: ${verdict}`;
}

function report(samples: Sample[], sessions: number, runMs: number, holds: number | null, errors: string[]) {
  const measured = samples.filter((sample) => sample.session > 0);
  const baseline = measured[0];
  console.log('\nPer session, at the attract screen after the idle reset, after forced garbage collection (KB = 1024 bytes)');
  console.log('heap = V8 heap used; nodes, listeners, docs = counters of the renderer process; renderers PSS = /proc of every renderer\n');
  printSessions(samples, baseline);
  if (!baseline) return;

  const last = measured[measured.length - 1]!;
  const heapSlope = slope(measured.map((sample) => ({ x: sample.session, y: sample.heapUsed }))) / KB;
  const later = measured.slice(Math.floor(measured.length / 2));
  const laterSlope = slope(later.map((sample) => ({ x: sample.session, y: sample.heapUsed }))) / KB;
  console.log(`\nBaseline (after session 1): heap ${mb(baseline.heapUsed)} MB, ${baseline.nodes} nodes, ${baseline.listeners} listeners, ${baseline.documents} documents`);
  if (measured.length < 3) {
    console.log(`Heap slope: n/a (${measured.length} session${measured.length === 1 ? '' : 's'}; at least 3 give a slope)`);
  } else {
    const verdict = heapSlope <= HEAP_SLOPE_TARGET_KB ? 'PASS' : 'OVER';
    console.log(
      `Heap slope: ${signed(heapSlope, 1)} KB per session over sessions 1–${last.session} (target under ${HEAP_SLOPE_TARGET_KB} KB): ${verdict}`,
    );
    console.log(`  second half only (sessions ${later[0]!.session}–${last.session}): ${signed(laterSlope, 1)} KB per session`);
    console.log(`  heap after session ${last.session}: ${mb(last.heapUsed)} MB (${signed((last.heapUsed - baseline.heapUsed) / KB)} KB against the baseline)`);
  }
  console.log(counterLine('nodes', baseline.nodes, measured.map((sample) => sample.nodes)));
  console.log(counterLine('listeners', baseline.listeners, measured.map((sample) => sample.listeners)));
  console.log(counterLine('documents', baseline.documents, measured.map((sample) => sample.documents)));
  const isolateChanges = samples.slice(1).filter((sample, index) => sample.isolate !== samples[index]!.isolate).length;
  console.log(
    isolateChanges === 0
      ? `One renderer (V8 isolate) served the attract screen and all ${measured.length} sessions, so heap and counters span the documents each wipe reloads.`
      : `The page moved to another renderer (V8 isolate) ${isolateChanges} times: heap and counters restart with each, so the slope understates growth across documents.`,
  );

  const withProcesses = measured.filter((sample): sample is Sample & { processes: ProcessMemory } => sample.processes !== null);
  if (withProcesses.length === measured.length && withProcesses.length >= 4) {
    const end = withProcesses[withProcesses.length - 1]!.processes;
    const line = (label: string, read: (memory: ProcessMemory) => number) => {
      const values = withProcesses.map((sample) => read(sample.processes));
      const all = slope(withProcesses.map((sample) => ({ x: sample.session, y: read(sample.processes) }))) / KB;
      const half = withProcesses.slice(Math.floor(withProcesses.length / 2));
      const halfSlope = slope(half.map((sample) => ({ x: sample.session, y: read(sample.processes) }))) / KB;
      console.log(
        `  ${label}: ${mb(values[0]!)} MB after session 1, ${mb(values[values.length - 1]!)} MB after session ${last.session}, range ${mb(Math.min(...values))}–${mb(Math.max(...values))} MB; slope ${signed(all, 1)} KB per session, second half ${signed(halfSlope, 1)} KB`,
      );
    };
    console.log('\nAcross documents (Chromium processes from CDP SystemInfo.getProcessInfo, PSS from /proc/<pid>/smaps_rollup; no target,');
    console.log('and noisier than the heap: PSS also moves with what other processes on the machine share and reclaim):');
    line(`renderer processes (${end.renderers} at the end)`, (memory) => memory.rendererPss);
    line('all Chromium processes', (memory) => memory.totalPss);
  } else if (withProcesses.length < measured.length) {
    console.log('\nAcross documents: the memory of the Chromium processes could not be read from /proc here; only the renderer counters above span the documents.');
  }

  const times = measured.map((sample) => sample.sessionMs);
  console.log(`\nRun time: ${seconds(runMs)} s for ${sessions} sessions (session median ${seconds(median(times))} s, slowest ${seconds(Math.max(...times))} s, idle reset included)`);
  const attractScreens = sessions + 1;
  console.log(
    `Lead form (home page): open on top of the attract screen on ${leadFormClosed.overAttract} and behind it on ${leadFormClosed.behindAttract} of ${attractScreens} attract screens, in the way during ${leadFormClosed.visit} visits; closed by the bench each time, as a visitor would have to`,
  );
  console.log(`Pitch holds left on the server after the last visitor: ${holds ?? 'could not be read'}${holds === 0 ? '' : ' (the wipe should release every hold)'}`);
  if (errors.length > 0) {
    const distinct = [...new Set(errors)];
    console.log(`Page errors during the run: ${errors.length} (${distinct.length} distinct), first ones:`);
    for (const error of distinct.slice(0, 5)) console.log(`  ${error.slice(0, 300)}`);
  } else {
    console.log('Page errors during the run: none');
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const sessions = sessionCount();
  const distDir = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(PROJECT_ROOT, 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`${join(distDir, 'index.html')} is missing: run \`npm run bench\` (it builds first) or \`npx vite build\`.`);
  }
  console.log('Memory over days: one kiosk terminal, visitor after visitor.');
  console.log('Figures come from a shared, noisy machine: the heap moves by some hundred KB from one reading to the next for');
  console.log('reasons of its own, so read the slope over many sessions, not single rows, and compare runs made on the same machine.\n');

  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  const server = await startServer(port === undefined ? {} : { port });
  const removeSignalHandlers = stopServersOnSignal([server]);
  let browser: Browser | undefined;
  const samples: Sample[] = [];
  const errors: string[] = [];
  let page: Page | undefined;
  try {
    console.log(`Server: ${server.baseUrl} (server/main.ts --memory, serving ${process.env.DIST_DIR ? distDir : 'dist/'})`);
    console.log(`Chromium ${CHROMIUM.executablePath}, headless, ${KIOSK.width}×${KIOSK.height}, service worker allowed; ${sessions} sessions\n`);
    browser = await chromium.launch(CHROMIUM);
    const context = await browser.newContext({ viewport: KIOSK, baseURL: server.baseUrl });
    page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const browserCdp = await browser.newBrowserCDPSession();

    const started = Date.now();
    await step('become a kiosk terminal', async () => {
      await page!.clock.install();
      await becomeKioskTerminal(page!, server.baseUrl);
      await closeLeadFormWhenShown(page!);
      await page!.goto(attractPath(TERMINAL_LANG));
      await atAttractScreen(page!);
    });
    samples.push({ session: 0, lang: null, sessionMs: 0, ...(await measure(cdp, browserCdp)) });

    for (let session = 1; session <= sessions; session += 1) {
      const lang: Lang = session % 2 === 1 ? 'en' : 'ar';
      const sessionStarted = Date.now();
      try {
        await visitorSession(page, lang);
      } catch (error) {
        throw new Error(`Session ${session} (${lang}) could not finish at "${currentStep}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      const sessionMs = Date.now() - sessionStarted;
      samples.push({ session, lang, sessionMs, ...(await measure(cdp, browserCdp)) });
      if (session % 10 === 0 || session === sessions) console.log(`… ${session} of ${sessions} sessions (${seconds(Date.now() - started)} s)`);
    }
    report(samples, sessions, Date.now() - started, await holdsLeft(server.baseUrl), errors);
  } catch (error) {
    if (samples.length > 0) {
      console.log('\nMeasured before the failure:');
      printSessions(samples, samples.find((sample) => sample.session === 1));
    }
    if (page && !page.isClosed()) {
      const screenshot = join(tmpdir(), `memory-bench-failure-${process.pid}.png`);
      const saved = await page.screenshot({ path: screenshot, timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (saved) console.log(`\nScreenshot of the page at the failure: ${screenshot}`);
    }
    if (errors.length > 0) console.log(`Page errors before the failure:\n  ${[...new Set(errors)].slice(0, 5).join('\n  ')}`);
    throw error;
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
