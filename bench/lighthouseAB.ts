/**
 * Lighthouse 12 mobile against two or more builds served side by side, interleaved run by run (LH_DISTS=dir,dir),
 * for a before/after comparison in one sitting: score, TBT, LCP, FCP medians per route, and each run's long tasks
 * as Lighthouse lists them. `LH_ROUTES=/,/events,/events/1`, `LH_RUNS=3`. `LH_ORIGINS=http://host:port,...` compares servers
 * already running instead (say, two checkouts whose servers differ, not only their builds).
 */
import { benchWithServersOf, CHROMIUM, median, printTable } from './support';

const ORIGINS = process.env.LH_ORIGINS?.split(',');
const DISTS = ORIGINS ?? (process.env.LH_DISTS ?? 'dist').split(',');
const ROUTES = (process.env.LH_ROUTES ?? '/,/events,/events/1').split(',');
const RUNS = Number(process.env.LH_RUNS ?? 3);

interface Audit {
  errorMessage?: string;
  numericValue?: number;
  details?: { items?: { url?: string; duration?: number; startTime?: number }[] };
}
interface LighthouseResult {
  lhr: { categories: { performance?: { score: number | null } }; audits: Record<string, Audit>; runtimeError?: { code: string; message: string } };
}
type LighthouseRun = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

const lighthouse = ((await import('lighthouse')) as unknown as { default: LighthouseRun }).default;
const launcher = (await import('chrome-launcher')) as unknown as ChromeLauncher;

const benchWithServers = (measure: (servers: { baseUrl: string }[]) => Promise<void>) =>
  ORIGINS ? measure(ORIGINS.map((baseUrl) => ({ baseUrl }))) : benchWithServersOf(DISTS, measure);

await benchWithServers(async (servers) => {
  const figures = new Map<string, { score: number; tbt: number; lcp: number; fcp: number }[]>();
  for (let run = 0; run < RUNS; run += 1) {
    for (const route of ROUTES) {
      for (const [index, server] of servers.entries()) {
        const chrome = await launcher.launch({ chromePath: CHROMIUM.executablePath, chromeFlags: ['--headless=new', '--no-sandbox', ...CHROMIUM.args] });
        try {
          const result = await lighthouse(`${server.baseUrl}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
          const audits = result?.lhr.audits ?? {};
          const value = (id: string) => audits[id]?.numericValue ?? NaN;
          const entry = {
            score: Math.round((result?.lhr.categories.performance?.score ?? NaN) * 100),
            tbt: value('total-blocking-time'),
            lcp: value('largest-contentful-paint'),
            fcp: value('first-contentful-paint'),
          };
          const key = `${DISTS[index]} ${route}`;
          figures.set(key, [...(figures.get(key) ?? []), entry]);
          const tasks = (audits['long-tasks']?.details?.items ?? []).map((item) => `${Math.round(item.duration ?? 0)}@${Math.round(item.startTime ?? 0)} ${String(item.url ?? '').replace(/^.*\//, '')}`);
          console.log(`run ${run + 1} ${key}: score ${entry.score} TBT ${Math.round(entry.tbt)} LCP ${Math.round(entry.lcp)} FCP ${Math.round(entry.fcp)} | long tasks: ${tasks.join(', ')}`);
          // A run without a score says why: Lighthouse's own error, or the audits that could not be measured.
          if (Number.isNaN(entry.score)) {
            const failed = Object.entries(audits).flatMap(([id, audit]) => (audit.errorMessage ? [`${id}: ${audit.errorMessage}`] : []));
            console.log(`  no score: ${result?.lhr.runtimeError?.message ?? 'no runtime error'}; ${failed.slice(0, 3).join('; ') || 'no audit error'}`);
          }
        } finally {
          chrome.kill();
        }
      }
    }
  }
  console.log('');
  printTable(
    ['', 'score', 'TBT', 'LCP', 'FCP'],
    [...figures.entries()].map(([key, runs]) => [
      key,
      String(median(runs.map((run) => run.score))),
      `${Math.round(median(runs.map((run) => run.tbt)))} ms`,
      `${Math.round(median(runs.map((run) => run.lcp)))} ms`,
      `${Math.round(median(runs.map((run) => run.fcp)))} ms`,
    ]),
  );
});
