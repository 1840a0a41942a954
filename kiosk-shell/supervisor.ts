/**
 * Keeps one browser running: starts it, restarts it with back-off when it exits, kills and restarts it when its
 * DevTools endpoint stops answering (a hang), restarts it at the nightly time, and stops it for good on
 * `stop()`. Processes, time and the DevTools poll are injected, so the same code runs against Chromium, a
 * stand-in process or plain fakes.
 */
import { INITIAL_BACKOFF_STATE, nextRestart, type BackoffOptions, type BackoffState } from './backoff';
import type { WatchdogOptions } from './config';
import { checkNightly, nextOccurrence, type TimeOfDay } from './nightly';

export type ExitInfo = { code: number | null; signal: string | null; error?: string };

export interface BrowserProcess {
  readonly pid: number | undefined;
  /** Signals the browser and every process it started. */
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
  /** Called once, when the browser has exited or could not be started. */
  onExit(listener: (info: ExitInfo) => void): void;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type SupervisorDeps = {
  spawn(command: string, args: readonly string[]): BrowserProcess;
  clock: Clock;
  /** The DevTools version answer, or null when there was none within `timeoutMs`. Must settle by then. */
  probe(url: string, timeoutMs: number): Promise<{ browser: string | null } | null>;
  /** Runs before every launch (profile preferences, stale locks). A throw is logged and the launch goes on. */
  prepareLaunch?(): void;
};

export type NightlyOptions = {
  time: TimeOfDay;
  timeZone?: string;
  /** A restart is still made this long after its time (timers late, a short suspend); later it is skipped. */
  graceMs?: number;
  /** The schedule is checked at least this often, so a wall-clock change is noticed. */
  checkEveryMs?: number;
};

export type SupervisorOptions = {
  command: string;
  args: readonly string[];
  devtoolsUrl: string;
  backoff: BackoffOptions;
  watchdog: WatchdogOptions;
  stopTimeoutMs: number;
  nightly: NightlyOptions | null;
};

export type StopReason = 'exited' | 'hang' | 'nightly' | 'stop';

export type SupervisorEvent =
  | { event: 'start'; pid: number | null; launch: number }
  | { event: 'ready'; pid: number | null; browser: string | null; afterMs: number }
  | { event: 'exit'; pid: number | null; code: number | null; signal: string | null; ranMs: number; reason: StopReason; error?: string }
  | { event: 'restart-scheduled'; delayMs: number; failures: number; reason: StopReason }
  | { event: 'hang'; pid: number | null; missedPolls: number }
  | { event: 'kill'; pid: number | null; signal: 'SIGTERM' | 'SIGKILL'; reason: StopReason }
  | { event: 'nightly-scheduled'; at: string }
  | { event: 'nightly-restart'; pid: number | null; scheduledFor: string }
  | { event: 'nightly-missed'; scheduledFor: string }
  | { event: 'prepare-failed'; error: string }
  | { event: 'stopping' }
  | { event: 'stopped' };

export type SupervisorPhase = 'idle' | 'running' | 'waiting' | 'stopping' | 'stopped';

export interface Supervisor {
  start(): void;
  /** Stops the browser (SIGTERM, then SIGKILL after `stopTimeoutMs`) with no restart; resolves once it has exited. */
  stop(): Promise<void>;
  /** Kills the browser at once (a second Ctrl-C, or the shell itself exiting). */
  forceKill(): void;
  subscribe(listener: (event: SupervisorEvent) => void): () => void;
  readonly phase: SupervisorPhase;
}

const DEFAULT_NIGHTLY_GRACE_MS = 10 * 60_000;
const DEFAULT_NIGHTLY_CHECK_MS = 60_000;

export function createSupervisor(options: SupervisorOptions, deps: SupervisorDeps): Supervisor {
  const { clock } = deps;
  const listeners = new Set<(event: SupervisorEvent) => void>();
  const emit = (event: SupervisorEvent) => {
    for (const listener of listeners) listener(event);
  };

  let phase: SupervisorPhase = 'idle';
  let child: BrowserProcess | null = null;
  let startedAt = 0;
  let launches = 0;
  let ready = false;
  let missed = 0;
  let stopReason: StopReason | null = null;
  let backoff: BackoffState = INITIAL_BACKOFF_STATE;
  let pollTimer: unknown = null;
  let killTimer: unknown = null;
  let restartTimer: unknown = null;
  let nightlyTimer: unknown = null;
  let nightlyAt = 0;
  let stopped: Promise<void> | null = null;
  let resolveStopped: (() => void) | null = null;

  const pidOf = (browser: BrowserProcess | null) => browser?.pid ?? null;
  const clear = (timer: unknown) => {
    if (timer !== null) clock.clearTimeout(timer);
    return null;
  };

  function launch() {
    restartTimer = null;
    if (phase === 'stopping' || phase === 'stopped') return;
    try {
      deps.prepareLaunch?.();
    } catch (error) {
      emit({ event: 'prepare-failed', error: error instanceof Error ? error.message : String(error) });
    }
    launches += 1;
    ready = false;
    missed = 0;
    stopReason = null;
    startedAt = clock.now();
    phase = 'running';
    const browser = deps.spawn(options.command, options.args);
    child = browser;
    emit({ event: 'start', pid: pidOf(browser), launch: launches });
    browser.onExit((info) => exited(browser, info));
    if (child === browser) schedulePoll(browser);
  }

  function schedulePoll(browser: BrowserProcess) {
    pollTimer = clock.setTimeout(() => {
      pollTimer = null;
      void poll(browser);
    }, options.watchdog.pollIntervalMs);
  }

  async function poll(browser: BrowserProcess) {
    let answer: { browser: string | null } | null = null;
    try {
      answer = await deps.probe(options.devtoolsUrl, options.watchdog.pollTimeoutMs);
    } catch {
      answer = null;
    }
    // The browser may have exited, been killed or replaced while the poll was out.
    if (child !== browser || stopReason !== null || phase !== 'running') return;
    if (answer) {
      missed = 0;
      if (!ready) {
        ready = true;
        emit({ event: 'ready', pid: pidOf(browser), browser: answer.browser, afterMs: clock.now() - startedAt });
      }
    } else if (ready || clock.now() - startedAt >= options.watchdog.startupGraceMs) {
      missed += 1;
      if (missed >= options.watchdog.maxMissedPolls) {
        emit({ event: 'hang', pid: pidOf(browser), missedPolls: missed });
        stopReason = 'hang';
        // A hung browser may not act on SIGTERM; it gets no say.
        signal(browser, 'SIGKILL', 'hang');
        return;
      }
    }
    schedulePoll(browser);
  }

  function signal(browser: BrowserProcess, name: 'SIGTERM' | 'SIGKILL', reason: StopReason) {
    emit({ event: 'kill', pid: pidOf(browser), signal: name, reason });
    browser.kill(name);
  }

  /** SIGTERM, then SIGKILL if it is still there after `stopTimeoutMs`. */
  function terminate(browser: BrowserProcess, reason: StopReason) {
    stopReason = reason;
    pollTimer = clear(pollTimer);
    signal(browser, 'SIGTERM', reason);
    killTimer = clear(killTimer);
    killTimer = clock.setTimeout(() => {
      killTimer = null;
      if (child === browser) signal(browser, 'SIGKILL', reason);
    }, options.stopTimeoutMs);
  }

  function exited(browser: BrowserProcess, info: ExitInfo) {
    if (child !== browser) return;
    child = null;
    pollTimer = clear(pollTimer);
    killTimer = clear(killTimer);
    const reason = stopReason ?? 'exited';
    emit({
      event: 'exit',
      pid: pidOf(browser),
      code: info.code,
      signal: info.signal,
      ranMs: clock.now() - startedAt,
      reason,
      ...(info.error ? { error: info.error } : {}),
    });
    if (phase === 'stopping') {
      finishStop();
      return;
    }
    let delayMs: number;
    if (reason === 'nightly') {
      // A planned restart: at once, and the back-off starts afresh.
      backoff = INITIAL_BACKOFF_STATE;
      delayMs = 0;
    } else {
      const next = nextRestart(backoff, clock.now() - startedAt, options.backoff);
      backoff = next.state;
      delayMs = next.delayMs;
    }
    phase = 'waiting';
    emit({ event: 'restart-scheduled', delayMs, failures: backoff.failures, reason });
    restartTimer = clock.setTimeout(launch, delayMs);
  }

  function scheduleNightly(at: number) {
    const nightly = options.nightly;
    if (!nightly) return;
    if (at !== nightlyAt) emit({ event: 'nightly-scheduled', at: new Date(at).toISOString() });
    nightlyAt = at;
    const wait = Math.min(Math.max(0, at - clock.now()), nightly.checkEveryMs ?? DEFAULT_NIGHTLY_CHECK_MS);
    nightlyTimer = clock.setTimeout(nightlyTick, wait);
  }

  function nightlyTick() {
    nightlyTimer = null;
    const nightly = options.nightly;
    if (!nightly || phase === 'stopping' || phase === 'stopped') return;
    const check = checkNightly(clock.now(), nightlyAt, nightly.time, nightly.timeZone, nightly.graceMs ?? DEFAULT_NIGHTLY_GRACE_MS);
    if (check.kind === 'due') {
      emit({ event: 'nightly-restart', pid: pidOf(child), scheduledFor: new Date(nightlyAt).toISOString() });
      // A browser that is down is already waiting for its restart; only a running one is restarted.
      if (child && phase === 'running' && stopReason === null) terminate(child, 'nightly');
    } else if (check.kind === 'missed') {
      emit({ event: 'nightly-missed', scheduledFor: new Date(check.missed).toISOString() });
    }
    scheduleNightly(check.next);
  }

  function finishStop() {
    phase = 'stopped';
    killTimer = clear(killTimer);
    emit({ event: 'stopped' });
    resolveStopped?.();
  }

  return {
    get phase() {
      return phase;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (phase !== 'idle') return;
      launch();
      if (options.nightly) scheduleNightly(nextOccurrence(clock.now(), options.nightly.time, options.nightly.timeZone));
    },
    stop() {
      if (stopped) return stopped;
      stopped = new Promise<void>((resolve) => {
        resolveStopped = resolve;
      });
      const wasIdle = phase === 'idle';
      phase = 'stopping';
      emit({ event: 'stopping' });
      restartTimer = clear(restartTimer);
      nightlyTimer = clear(nightlyTimer);
      pollTimer = clear(pollTimer);
      if (child && !wasIdle) terminate(child, 'stop');
      else finishStop();
      return stopped;
    },
    forceKill() {
      if (child) signal(child, 'SIGKILL', stopReason ?? 'stop');
    },
  };
}
