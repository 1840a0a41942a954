import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { readDeviceRow, writeDeviceRows } from './deviceDatabase';

/**
 * A port of this Playwright worker's own. Each worker runs its own venue API (tests/fixtures.ts) on E2E_PORT plus its
 * slot, so that no test sees another worker's switches, capacities, limits or dev clock; the specs' dedicated servers
 * sit `offset` above it (leads 1000, offline-resume 1100, offline 1200, booking-offline 1300), one a worker too.
 * The slot is the worker process's own number (TEST_WORKER_INDEX, set before any spec file loads), not its parallel
 * index: after a failure Playwright starts a new worker with the same parallel index while the old one's server may
 * still hold its port.
 */
export function workerPort(offset = 0): number {
  return Number(process.env.E2E_PORT ?? 8181) + offset + Number(process.env.TEST_WORKER_INDEX ?? 0);
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How long the test servers wait for a first-screen render before sending the plain shell (server/main.ts): longer than
 * a visitor's 300 ms, since these tests are about the rendered page and a busy test machine can pass the 300 ms.
 */
const FIRST_SCREEN_TIME_LIMIT_MS = 10_000;

/** The built PWA the test servers serve (`DIST_DIR` when a run serves a build of its own). */
export const DIST_ASSETS_DIR = `${process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : `${projectRoot}dist`}/assets`;

type Messages = { [key: string]: string | Messages };

const catalogues = new Map<string, Messages>();

/**
 * The text a visitor reads for a translation key, straight from the app's locale files, so the tests
 * check what each language really shows without copying every Arabic string by hand.
 * `key` is 'namespace:path.to.key' (the namespace defaults to common).
 */
/** `value` matched literally inside a RegExp. */
export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function copy(lang: 'en' | 'ar', key: string): string {
  const [namespace, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
  const file = `${lang}/${namespace}`;
  let messages = catalogues.get(file);
  if (!messages) {
    messages = JSON.parse(readFileSync(`${projectRoot}src/i18n/locales/${file}.json`, 'utf8')) as Messages;
    catalogues.set(file, messages);
  }
  let node: string | Messages | undefined = messages;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No ${lang} text for ${key}`);
  return node;
}

export type StoredSessionShape = { user?: Record<string, unknown> | null; lastUpdated?: number | null };

/** A login as the app keeps it in local storage, written before the first page script runs (once per test page). */
export async function storeSession(page: Page, stored: StoredSessionShape) {
  await page.addInitScript((value) => {
    // Written once only: later navigations and reloads must see what the app itself stored.
    if (sessionStorage.getItem('e2e.session-seeded')) return;
    sessionStorage.setItem('e2e.session-seeded', '1');
    localStorage.setItem('portal.session', value);
  }, JSON.stringify(stored));
}

export async function readStoredSession(page: Page): Promise<StoredSessionShape | null> {
  return page.evaluate(() => {
    const text = localStorage.getItem('portal.session');
    return text ? (JSON.parse(text) as StoredSessionShape) : null;
  });
}

/** A customer a server has never issued a token for. */
export const UNKNOWN_TOKEN_USER = { token: 'bogus', first_name: 'A', last_name: 'B', name: 'A B', is_anonymous: false } as const;

/**
 * Stops the page's (installed) fake clock from following real time, so that a busy machine cannot fire
 * a timer before the test means it to; from here on only runFor and friends move it.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}

/** The blocking dialogs (time discrepancy, new version) have no close button and so are alert dialogs. */
export function blockingDialog(page: Page, title: string): Locator {
  return page.getByRole('alertdialog', { name: title });
}

/** Every button and link in the site header that a visitor can see and touch. */
export async function visibleHeaderTargets(page: Page): Promise<{ name: string; height: number; width: number }[]> {
  return page.locator('header.shell-header').evaluate((header) => {
    const targets = [...header.querySelectorAll<HTMLElement>('a[href], button')];
    return targets
      .filter((target) => {
        const box = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !target.closest('[hidden], dialog:not([open])');
      })
      .map((target) => {
        const box = target.getBoundingClientRect();
        const name =
          target.getAttribute('aria-label') || target.textContent?.trim() || target.querySelector('img')?.alt || target.outerHTML.slice(0, 80);
        return { name, height: Math.round(box.height * 10) / 10, width: Math.round(box.width * 10) / 10 };
      });
  });
}

/** Whether the device holds a venue config the app can start from offline. */
export async function hasStoredConfig(page: Page): Promise<boolean> {
  return (await readDeviceRow(page, 'config', 'site')) !== undefined;
}

/** A terminal setting kept on the device (kiosk, defaultLanguage); undefined when never set. */
export async function storedTerminalSetting(page: Page, key: string): Promise<unknown> {
  const row = (await readDeviceRow(page, 'settings', key)) as { value?: unknown } | undefined;
  return row?.value;
}

/**
 * Waits until a service worker controls the page. With `reloadOnce`, a page the new worker did not claim
 * in time is reloaded once (the next load is always controlled).
 */
export async function waitForServiceWorkerControl(page: Page, { reloadOnce = true } = {}) {
  const ready = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]),
  );
  expect(ready, 'a service worker is active for the page').toBe(true);
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!reloadOnce) {
    await expect.poll(controlled, { timeout: 15_000 }).toBe(true);
    return;
  }
  try {
    await expect.poll(controlled, { timeout: 5000 }).toBe(true);
  } catch {
    await page.reload();
    await expect.poll(controlled, { timeout: 10_000 }).toBe(true);
  }
}

/**
 * A venue API of its own: each worker's shared server (tests/fixtures.ts), and the servers of tests that must really
 * stop and restart one. In memory by default (a restart starts from the seed); with `keepData` its database lives in a
 * directory of its own (tests/support/persistentServer.ts) and survives being killed, as a venue's server would:
 * logins, captcha questions and orders are still there. With `showErrors` its error output reaches the test run's.
 */
export class DedicatedServer {
  private child: ChildProcess | null = null;
  /** Made at the first start (a spec file is also loaded where no test of it runs). */
  private dataDir: string | null = null;

  constructor(
    readonly port: number,
    private readonly options: { keepData?: boolean; showErrors?: boolean } = {},
  ) {}

  get origin() {
    return `http://localhost:${this.port}`;
  }

  async start() {
    if (this.child) return;
    if (await this.answers()) throw new Error(`Something else already answers on port ${this.port}; stop it first`);
    const env = { ...process.env, PORT: String(this.port), NODE_ENV: 'test', DATABASE_URL: '', FIRST_SCREEN_TIME_LIMIT_MS: String(FIRST_SCREEN_TIME_LIMIT_MS) };
    if (this.options.keepData) this.dataDir ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
    const command = this.dataDir ? ['tsx', 'tests/support/persistentServer.ts'] : ['tsx', 'server/main.ts', '--memory'];
    const child = spawn('npx', command, {
      cwd: projectRoot,
      env: this.dataDir ? { ...env, PGLITE_DIR: this.dataDir } : env,
      // Its own process group, so stopping it also stops the tsx and node processes npx starts.
      detached: true,
      stdio: this.options.showErrors ? ['ignore', 'ignore', 'inherit'] : 'ignore',
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server on port ${this.port} exited with ${child.exitCode}`);
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The server on port ${this.port} did not answer within 60 s`);
  }

  /** Kills the server outright (no graceful shutdown), as a crash or a pulled cable would. */
  async stop() {
    const child = this.child;
    if (!child?.pid) return;
    this.child = null;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    if (child.exitCode === null && child.signalCode === null) await exited;
    const deadline = Date.now() + 10_000;
    while ((await this.answers()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (await this.answers()) throw new Error(`The server on port ${this.port} still answers after being killed`);
  }

  /** One test step: the server is killed and the network of `context` cut, not only emulated away. */
  async goAway(context: BrowserContext) {
    await test.step('the server is killed and the network cut', async () => {
      await this.stop();
      await context.setOffline(true);
    });
  }

  /** One test step: the server is started again and the network of `context` comes back. */
  async comeBack(context: BrowserContext) {
    await test.step('the server is restarted and the network back', async () => {
      await this.start();
      await context.setOffline(false);
    });
  }

  /** Stops the server and deletes its data, if it kept any. */
  async dispose() {
    await this.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
    this.dataDir = null;
  }

  async answers(): Promise<boolean> {
    try {
      const response = await fetch(`${this.origin}/api/v1/config`, { signal: AbortSignal.timeout(1000) });
      return response.ok;
    } catch {
      return false;
    }
  }
}

/** Writes a terminal setting straight into the device database, as the staff panel does. */
export async function putTerminalSetting(page: Page, key: string, value: unknown) {
  await writeDeviceRows(page, 'settings', [{ key, value }]);
}
