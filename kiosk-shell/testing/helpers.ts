/** Shared by the kiosk-shell tests that run real processes. */
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Supervisor, SupervisorEvent } from '../supervisor';

export const FAKE_BROWSER = fileURLToPath(new URL('./fake-browser.mjs', import.meta.url));

/**
 * An executable that starts the stand-in browser, the way /usr/bin/chromium is a shell script that execs the
 * real binary (so the supervisor's child is the stand-in itself).
 */
export function fakeBrowserExecutable(dir: string): string {
  const file = join(dir, 'fake-chromium');
  writeFileSync(file, `#!/bin/sh\nexec '${process.execPath}' '${FAKE_BROWSER}' "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether a process is running (a zombie waiting to be reaped has ended, so it does not count). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The pids of running processes whose command line contains `text`. */
export function processesWith(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(text) && Number(entry) !== process.pid && isRunning(Number(entry))) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** Polls `check` until it returns something other than undefined/false, or fails after `timeoutMs` naming `what`. */
export async function waitUntil<T>(what: string, check: () => T | Promise<T>, timeoutMs = 8_000, everyMs = 25): Promise<Exclude<T, false | undefined | null>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false && value !== null) return value as Exclude<T, false | undefined | null>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Records a supervisor's events; `next` reads them in order, like a log: each call returns the first matching
 * event after the one the previous call returned (waiting for it if it has not happened yet).
 */
export function recordEvents(supervisor: Supervisor) {
  const events: SupervisorEvent[] = [];
  let cursor = 0;
  let waiter: { match: (event: SupervisorEvent) => boolean; resolve: (event: SupervisorEvent) => void } | null = null;
  supervisor.subscribe((event) => {
    events.push(event);
    if (waiter?.match(event)) {
      cursor = events.length;
      const { resolve } = waiter;
      waiter = null;
      resolve(event);
    }
  });
  return {
    events,
    next<K extends SupervisorEvent['event']>(
      kind: K,
      match: (event: Extract<SupervisorEvent, { event: K }>) => boolean = () => true,
      timeoutMs = 8_000,
    ): Promise<Extract<SupervisorEvent, { event: K }>> {
      type Wanted = Extract<SupervisorEvent, { event: K }>;
      const matches = (event: SupervisorEvent): event is Wanted => event.event === kind && match(event as Wanted);
      const index = events.findIndex((event, i) => i >= cursor && matches(event));
      if (index !== -1) {
        cursor = index + 1;
        return Promise.resolve(events[index] as Wanted);
      }
      cursor = events.length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiter = null;
          reject(new Error(`Timed out after ${timeoutMs} ms waiting for a "${kind}" event; saw ${JSON.stringify(events.slice(-8))}`));
        }, timeoutMs);
        waiter = {
          match: matches,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event as Wanted);
          },
        };
      });
    },
  };
}
