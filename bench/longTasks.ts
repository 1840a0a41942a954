/**
 * The long tasks of a cold load, read from a Chromium trace with the first-screen bench's throttling (4x CPU, slow
 * line, phone): every main-thread task over LONG_TASK_MS (throttled time) from the first contentful paint on, with what
 * it ran (modules evaluated, functions called, timers, frames, garbage collection) and the functions that took its
 * time (the trace's CPU samples, self time). `LONG_TASKS_ROUTES=/events,/events/1`, `LONG_TASKS_RUNS=1`.
 * A report for finding where blocking time comes from, not a test.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { PROJECT_ROOT, type RunningServer } from '../server/testing/serverProcess';
import { benchWithServer, CHROMIUM } from './support';

const ROUTES = (process.env.LONG_TASKS_ROUTES ?? '/events,/events/1').split(',');
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 1);
const LONG_TASK_MS = Number(process.env.LONG_TASK_MS ?? 50);
const SAVE_TRACE = process.env.LONG_TASKS_SAVE ?? '';
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const short = (url: unknown) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');

function describe(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case 'v8.evaluateModule':
    case 'EvaluateScript':
    case 'v8.compileModule':
    case 'v8.compile':
      return `${event.name} ${short(data.url ?? event.args?.fileName)}`;
    case 'FunctionCall':
      return `FunctionCall ${String(data.functionName ?? '') || '(anonymous)'} ${short(data.url)}:${String(data.lineNumber ?? '')}`;
    case 'EventDispatch':
      return `EventDispatch ${String(data.type ?? '')}`;
    default:
      return event.name;
  }
}

const SHOWN = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'ParseAuthorStyleSheet',
  'HitTest',
]);

function report(events: TraceEvent[], label: string): void {
  // The page's own navigation (other renderers and frames navigate to about:blank).
  const navigation = events.find((event) => event.name === 'navigationStart' && String(event.args?.data?.documentLoaderURL ?? '').startsWith('http'));
  if (!navigation) return console.log(`${label}: no navigation in the trace`);
  const main = navigation;
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.args?.data?.navigationId === navigation.args?.data?.navigationId);
  const origin = navigation?.ts ?? onMain[0]?.ts ?? 0;
  const at = (ts: number) => `${((ts - origin) / 1000).toFixed(0)} ms`;

  // CPU samples of the main thread's profile, each with its time.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profileStart = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'Profile' && event.pid === main.pid) profileStart.set(String(event.id), Number((event.args?.data as { startTime?: number })?.startTime ?? event.ts));
  }
  const clock = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== main.pid) continue;
    const data = event.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let time = clock.get(String(event.id)) ?? profileStart.get(String(event.id)) ?? 0;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      time += deltas[index] ?? 0;
      samples.push({ ts: time, node });
    });
    clock.set(String(event.id), time);
  }
  samples.sort((a, b) => a.ts - b.ts);

  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ph === 'X' && (event.dur ?? 0) / 1000 > LONG_TASK_MS);
  const afterFcp = tasks.filter((task) => !fcp || task.ts + (task.dur ?? 0) > fcp.ts);
  const blocking = afterFcp.reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - 50), 0);
  console.log(`\n=== ${label}: FCP ${fcp ? at(fcp.ts) : '?'}; ${afterFcp.length} tasks over ${LONG_TASK_MS} ms after FCP, blocking ${blocking.toFixed(0)} ms (throttled trace, not Lighthouse)`);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((event) => event !== task && event.ph === 'X' && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && SHOWN.has(event.name));
    // Only the outermost interesting events: an evaluation's own function calls are its time, not a separate line.
    const outer = inside.filter((event) => !inside.some((other) => other !== event && other.ts <= event.ts && other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) && (other.dur ?? 0) > (event.dur ?? 0)));
    console.log(`- task at ${at(task.ts)}, ${((task.dur ?? 0) / 1000).toFixed(0)} ms${fcp && end <= fcp.ts ? ' (before FCP)' : ''}`);
    for (const event of outer.filter((candidate) => (candidate.dur ?? 0) >= 2000)) console.log(`    ${((event.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${describe(event)}`);
    const selfTime = new Map<string, number>();
    const byUrl = new Map<string, number>();
    let previous = task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const node = nodes.get(sample.node);
      const frame = node?.callFrame;
      const key = frame ? `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}` : '?';
      const spent = (sample.ts - previous) / 1000;
      previous = sample.ts;
      selfTime.set(key, (selfTime.get(key) ?? 0) + spent);
      const url = frame?.url ? short(frame.url) : (frame?.functionName ?? '?');
      byUrl.set(url, (byUrl.get(url) ?? 0) + spent);
    }
    const top = (map: Map<string, number>, count: number) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([key, value]) => `${value.toFixed(0)} ms ${key}`);
    if (selfTime.size) {
      console.log(`    by file: ${top(byUrl, 8).join(' | ')}`);
      console.log(`    by function (self): ${top(selfTime, 10).join(' | ')}`);
    }
  }
}

async function measure(server: RunningServer): Promise<void> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    for (let run = 0; run < RUNS; run += 1) {
      for (const route of ROUTES) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'block' });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORK);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await browser.startTracing(page, { categories: CATEGORIES });
        await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'load', timeout: 60_000 });
        await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: 30_000 }).catch(() => undefined);
        await page.waitForTimeout(3_000);
        const buffer = await browser.stopTracing();
        if (SAVE_TRACE) writeFileSync(`${SAVE_TRACE}${route.replace(/\W+/g, '_')}-${run}.json`, buffer);
        const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
        report(traceEvents, `${route} run ${run + 1}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

const distDir = process.env.DIST_DIR ?? join(PROJECT_ROOT, 'dist');
const savedTraces = process.env.LONG_TASKS_READ;
if (savedTraces) {
  for (const file of savedTraces.split(',')) report((JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents, file);
} else if (existsSync(join(distDir, 'index.html'))) await benchWithServer(measure);
else {
  console.error(`${distDir}/index.html is missing: build first.`);
  process.exitCode = 1;
}
