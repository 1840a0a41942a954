import { logout } from '../api/auth';
import type { ApiClient } from '../api/client';
import { submitLead } from '../api/leads';
import { HEADERS } from '../domain/contract/headers';
import type { OutboxRow, PortalDb } from '../db/db';
import type { LeadSubmission } from '../domain/contract/leads';
import type { TerminalCredential } from '../domain/kiosk/deviceKey';
import { connectivity } from './apiInstance';
import { keptDataDb, portalDb } from './database';
import { getTerminalCredential } from './terminalSettings';

/**
 * The device's outbox (issue 6, offline tolerance): work that can wait for the network, kept in Dexie's `outbox`
 * table and sent in the order it was queued, each row under its own idempotency key so that a resend after a lost
 * answer is stored once by the server.
 *
 * - A row is deleted only once the server answered 2xx.
 * - No answer, a 5xx, 408, 425 or 429: the row waits; later rows wait behind it (order is kept). It is tried again
 *   when the venue can be reached again (`online`), and meanwhile on a timer that backs off (5 s, 10 s, 20 s … 5 min).
 * - Leads go with the terminal's credential when the device is a provisioned terminal (services/terminalSettings), so
 *   that a captcha answer which expired while the lead waited does not get it refused.
 * - Any other 4xx (a validation or captcha refusal) will never succeed: the row gets `failedAt` and the server's
 *   message in `lastError`, stays for the screens to show, and is not sent again.
 */

export type LeadDelivery = { body: LeadSubmission; key: string };

type Timers = { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
type OnlineEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export type OutboxOptions = {
  /** The device database; tests hand in their own. */
  database?: () => Promise<PortalDb>;
  now?: () => number;
  /** Whether the venue can be reached (services/connectivity); a false skips the network until `online`. */
  online?: () => boolean;
  /** Where `online` is heard: the app's connectivity. */
  events?: OnlineEvents | null;
  timers?: Timers;
  /** Runs one flush at a time across the tabs of the device (Web Locks), so two tabs do not send one row twice. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
};

export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;

/** The wait before retry number `failures` (1, 2, …): doubling from 5 s, never more than 5 minutes. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

const TRANSIENT_CLIENT_ERRORS: ReadonlySet<number> = new Set([408, 425, 429]);

/** A 4xx the server will answer again however often it is asked (validation, captcha, a conflict). */
export function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status);
}

export type FlushReport = {
  /** Rows the server took (deleted). */
  sent: number;
  /** Rows refused for good by this flush (kept with `failedAt`). */
  refused: number;
  /** Rows still to send (the first of them just failed for now). */
  waiting: number;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Sends the rows in order until one cannot be sent now. */
export async function flushOutbox(api: ApiClient, db: PortalDb, now: () => number = Date.now): Promise<FlushReport> {
  const rows = (await db.outbox.orderBy('id').toArray()).filter((row) => !row.failedAt);
  const report: FlushReport = { sent: 0, refused: 0, waiting: 0 };
  const terminal = rows.some((row) => row.kind === 'lead') ? await getTerminalCredential(db) : null;
  for (const [index, row] of rows.entries()) {
    const result = await deliver(api, row, terminal);
    const attempts = row.attempts + 1;
    // A token is never kept longer than needed: any final answer (a 401 means it is no longer valid anyway) ends it.
    const done = row.kind === 'revoke' ? result.status >= 200 && result.status < 500 && !TRANSIENT_CLIENT_ERRORS.has(result.status) : false;
    if (done || (result.status >= 200 && result.status < 300 && !(isRecord(result.body) && result.body.status === false))) {
      await db.outbox.delete(row.id!);
      report.sent += 1;
    } else if (result.status >= 200 && result.status < 300) {
      // A 2xx that says status false: the server looked at it and said no.
      await db.outbox.update(row.id!, { attempts, lastError: result.message, failedAt: now() });
      report.refused += 1;
    } else if (isPermanentRefusal(result.status)) {
      await db.outbox.update(row.id!, { attempts, lastError: result.message || `HTTP ${result.status}`, failedAt: now() });
      report.refused += 1;
    } else {
      await db.outbox.update(row.id!, { attempts, lastError: result.status === 0 ? 'network' : result.message || `HTTP ${result.status}` });
      report.waiting = rows.length - index;
      return report;
    }
  }
  return report;
}

async function deliver(api: ApiClient, row: OutboxRow, terminal: TerminalCredential | null): Promise<{ status: number; message: string; body: unknown }> {
  switch (row.kind) {
    case 'lead': {
      // A provisioned terminal vouches for its queued leads: their captcha answers last minutes, an outage may not.
      const result = await submitLead(api, row.body as LeadSubmission, row.idempotencyKey, terminal);
      return result.ok ? { status: result.status, message: result.message ?? '', body: result.data } : result;
    }
    case 'revoke': {
      const { token } = row.body as RevokeBody;
      const result = await logout(api, { [HEADERS.authorization]: `Bearer ${token}` }, { waitForNetwork: false });
      return result.ok ? { status: result.status, message: result.message ?? '', body: result.data } : result;
    }
  }
}

// Listeners: running outboxes want to hear about new rows; screens want to hear about any change.
const nudges = new Set<() => void>();
const watchers = new Set<() => void>();

function changed() {
  for (const watcher of [...watchers]) watcher();
}

/** Calls `listener` whenever rows are queued, sent or refused. Returns an unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  watchers.add(listener);
  return () => {
    watchers.delete(listener);
  };
}

/** Queues a lead submission under its key and asks the running outbox to send it as soon as it can. */
export async function enqueueLead(delivery: LeadDelivery, options: Pick<OutboxOptions, 'database' | 'now'> = {}): Promise<void> {
  const db = await (options.database ?? (() => portalDb('now')))();
  const now = options.now ?? Date.now;
  await db.outbox.add({ kind: 'lead', idempotencyKey: delivery.key, body: delivery.body, createdAt: now(), attempts: 0, lastError: null, failedAt: null });
  changed();
  for (const nudge of [...nudges]) nudge();
}

type RevokeBody = { token: string };

/** Queues the revocation of a wiped visitor's bearer token, for when the network returns. */
export async function enqueueTokenRevocation(token: string, options: Pick<OutboxOptions, 'database' | 'now'> = {}): Promise<void> {
  const db = await (options.database ?? (() => portalDb('now')))();
  const now = options.now ?? Date.now;
  const body: RevokeBody = { token };
  await db.outbox.add({ kind: 'revoke', idempotencyKey: crypto.randomUUID(), body, createdAt: now(), attempts: 0, lastError: null, failedAt: null });
  changed();
  for (const nudge of [...nudges]) nudge();
}

export type OutboxSummary = { waiting: number; failed: { createdAt: number; lastError: string | null }[] };

/** What the lead screens show: how many leads wait, and the ones the server refused for good (oldest first). */
export async function outboxSummary(options: Pick<OutboxOptions, 'database'> = {}): Promise<OutboxSummary> {
  const db = await (options.database ?? keptDataDb)();
  if (!db) return { waiting: 0, failed: [] };
  const rows = (await db.outbox.orderBy('id').toArray()).filter((row) => row.kind === 'lead');
  return {
    waiting: rows.filter((row) => !row.failedAt).length,
    failed: rows.filter((row) => row.failedAt).map((row) => ({ createdAt: row.createdAt, lastError: row.lastError })),
  };
}

const browserTimers: Timers = {
  set: (run, ms) => globalThis.setTimeout(run, ms),
  clear: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function webLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? (locks.request('portal-outbox', work) as Promise<T>) : work();
}

/**
 * Starts sending the queued rows: now, whenever the venue can be reached again, whenever a row is queued, and on a
 * backing-off timer while rows wait. Returns a stop function.
 */
export function startOutbox(api: ApiClient, options: OutboxOptions = {}): () => void {
  const database = options.database ?? (() => portalDb());
  const now = options.now ?? Date.now;
  const online = options.online ?? (() => connectivity.online);
  const events = options.events === undefined ? connectivity : options.events;
  const timers = options.timers ?? browserTimers;
  const exclusive = options.exclusive ?? webLock;

  let stopped = false;
  let running = false;
  let again = false;
  let failures = 0;
  let timer: unknown = null;

  const clearTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const retryLater = () => {
    clearTimer();
    failures += 1;
    timer = timers.set(() => {
      timer = null;
      void run();
    }, retryDelay(failures));
  };

  async function run(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const db = await database();
        if (!online()) {
          // Nothing can go out; the `online` event (or, should it never come, the timer) tries again.
          if ((await db.outbox.filter((row) => !row.failedAt).count()) > 0) retryLater();
          break;
        }
        const report = await exclusive(() => flushOutbox(api, db, now));
        if (report.sent > 0 || report.refused > 0) changed();
        if (report.waiting > 0) retryLater();
        else {
          failures = 0;
          clearTimer();
        }
      } while (again && !stopped);
    } catch (error) {
      console.warn('outbox: flush failed', error);
      if (!stopped) retryLater();
    } finally {
      running = false;
    }
  }

  const onOnline = () => {
    failures = 0;
    void run();
  };
  const nudge = () => void run();

  events?.addEventListener('online', onOnline);
  nudges.add(nudge);
  void run();

  return () => {
    stopped = true;
    clearTimer();
    events?.removeEventListener('online', onOnline);
    nudges.delete(nudge);
  };
}
