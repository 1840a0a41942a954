/** The supervisor's decisions, driven by a fake clock, fake processes and a fake DevTools poll. */
import { describe, expect, it } from 'vitest';
import type { BackoffOptions } from './backoff';
import type { WatchdogOptions } from './config';
import { parseTimeOfDay } from './nightly';
import { createSupervisor, type BrowserProcess, type Clock, type ExitInfo, type SupervisorEvent, type SupervisorOptions } from './supervisor';

class FakeClock implements Clock {
  private timers: { id: number; at: number; callback: () => void }[] = [];
  private ids = 0;
  constructor(private time: number) {}
  now() {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number) {
    this.ids += 1;
    this.timers.push({ id: this.ids, at: this.time + ms, callback });
    return this.ids;
  }
  clearTimeout(handle: unknown) {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }
  /** Moves time forward, running each timer at its own time (and the promises it starts) in order. */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.callback();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

class FakeBrowser implements BrowserProcess {
  readonly signals: string[] = [];
  private listeners: ((info: ExitInfo) => void)[] = [];
  exited = false;
  /** Whether the DevTools endpoint answers. */
  answering = true;
  constructor(
    readonly pid: number,
    /** How the process reacts to a signal: exit, or ignore it. */
    private readonly onSignal: (signal: string) => 'exit' | 'ignore' = () => 'exit',
  ) {}
  kill(signal: 'SIGTERM' | 'SIGKILL') {
    this.signals.push(signal);
    if (!this.exited && (signal === 'SIGKILL' || this.onSignal(signal) === 'exit')) this.exit({ code: null, signal });
  }
  onExit(listener: (info: ExitInfo) => void) {
    this.listeners.push(listener);
  }
  exit(info: ExitInfo) {
    if (this.exited) return;
    this.exited = true;
    for (const listener of this.listeners) listener(info);
  }
}

const BACKOFF: BackoffOptions = { initialDelayMs: 1_000, maxDelayMs: 8_000, stableAfterMs: 60_000 };
const WATCHDOG: WatchdogOptions = { pollIntervalMs: 1_000, pollTimeoutMs: 500, maxMissedPolls: 3, startupGraceMs: 10_000 };

function setup(overrides: Partial<SupervisorOptions> = {}, start = Date.parse('2025-03-10T12:00:00Z'), behaviour?: (signal: string) => 'exit' | 'ignore') {
  const clock = new FakeClock(start);
  const browsers: FakeBrowser[] = [];
  const events: SupervisorEvent[] = [];
  const spawned: { command: string; args: readonly string[] }[] = [];
  let prepared = 0;
  const supervisor = createSupervisor(
    {
      command: '/usr/bin/chromium',
      args: ['--kiosk', 'https://p.example/?mode=kiosk'],
      devtoolsUrl: 'http://127.0.0.1:9222/json/version',
      backoff: BACKOFF,
      watchdog: WATCHDOG,
      stopTimeoutMs: 5_000,
      nightly: null,
      ...overrides,
    },
    {
      clock,
      spawn: (command, args) => {
        spawned.push({ command, args });
        const browser = new FakeBrowser(100 + browsers.length, behaviour);
        browsers.push(browser);
        return browser;
      },
      probe: async () => ((browsers.at(-1)?.answering ?? false) ? { browser: 'Chromium/156' } : null),
      prepareLaunch: () => {
        prepared += 1;
      },
    },
  );
  supervisor.subscribe((event) => events.push(event));
  const current = () => {
    const browser = browsers.at(-1);
    if (!browser) throw new Error('no browser started');
    return browser;
  };
  const of = <K extends SupervisorEvent['event']>(kind: K) => events.filter((event): event is Extract<SupervisorEvent, { event: K }> => event.event === kind);
  return { clock, supervisor, browsers, events, spawned, current, of, prepared: () => prepared };
}

describe('supervisor', () => {
  it('starts the browser with the command and flags, prepares the profile first, and reports it ready', async () => {
    const { supervisor, spawned, of, clock, prepared } = setup();
    supervisor.start();
    expect(spawned).toEqual([{ command: '/usr/bin/chromium', args: ['--kiosk', 'https://p.example/?mode=kiosk'] }]);
    expect(prepared()).toBe(1);
    expect(of('start')).toEqual([{ event: 'start', pid: 100, launch: 1 }]);
    await clock.advance(1_000);
    expect(of('ready')).toEqual([{ event: 'ready', pid: 100, browser: 'Chromium/156', afterMs: 1_000 }]);
    expect(supervisor.phase).toBe('running');
  });

  it('restarts a browser that exits, waiting 1 s, 2 s, 4 s, 8 s, 8 s while it keeps failing', async () => {
    const { supervisor, browsers, current, of, clock } = setup();
    supervisor.start();
    for (const delay of [1_000, 2_000, 4_000, 8_000, 8_000]) {
      const launches = browsers.length;
      current().exit({ code: 1, signal: null });
      expect(of('restart-scheduled').at(-1)).toMatchObject({ delayMs: delay, reason: 'exited' });
      expect(supervisor.phase).toBe('waiting');
      await clock.advance(delay - 1);
      expect(browsers).toHaveLength(launches);
      await clock.advance(1);
      expect(browsers).toHaveLength(launches + 1);
    }
    expect(of('exit')[0]).toMatchObject({ pid: 100, code: 1, signal: null, reason: 'exited', ranMs: 0 });
  });

  it('goes back to a 1 s restart after the browser ran stably', async () => {
    const { supervisor, current, of, clock } = setup();
    supervisor.start();
    current().exit({ code: 1, signal: null });
    await clock.advance(1_000);
    current().exit({ code: 1, signal: null });
    await clock.advance(2_000);
    await clock.advance(BACKOFF.stableAfterMs);
    current().exit({ code: null, signal: 'SIGSEGV' });
    expect(of('restart-scheduled').map((event) => event.delayMs)).toEqual([1_000, 2_000, 1_000]);
  });

  it('kills a browser whose DevTools endpoint stops answering (hang) and restarts it', async () => {
    const { supervisor, browsers, current, of, clock } = setup();
    supervisor.start();
    await clock.advance(1_000);
    expect(of('ready')).toHaveLength(1);
    const hung = current();
    hung.answering = false;
    await clock.advance(2_000);
    expect(of('hang')).toEqual([]);
    await clock.advance(1_000);
    expect(of('hang')).toEqual([{ event: 'hang', pid: 100, missedPolls: 3 }]);
    expect(hung.signals).toEqual(['SIGKILL']);
    expect(of('exit').at(-1)).toMatchObject({ reason: 'hang', signal: 'SIGKILL' });
    await clock.advance(1_000);
    expect(browsers).toHaveLength(2);
  });

  it('counts a missed poll again only in a row: one answer in between resets the count', async () => {
    const { supervisor, current, of, clock } = setup();
    supervisor.start();
    await clock.advance(1_000);
    current().answering = false;
    await clock.advance(2_000);
    current().answering = true;
    await clock.advance(1_000);
    current().answering = false;
    await clock.advance(2_000);
    expect(of('hang')).toEqual([]);
  });

  it('lets a starting browser stay silent for the start-up grace period, then counts its misses', async () => {
    const { supervisor, current, of, clock } = setup();
    supervisor.start();
    current().answering = false;
    await clock.advance(WATCHDOG.startupGraceMs - 1);
    expect(of('hang')).toEqual([]);
    await clock.advance(3_000);
    expect(of('hang')).toHaveLength(1);
  });

  it('restarts a browser that could not be started at all (missing executable), with back-off', async () => {
    const { supervisor, current, of, clock, browsers } = setup();
    supervisor.start();
    current().exit({ code: null, signal: null, error: 'spawn /usr/bin/chromium ENOENT' });
    expect(of('exit')[0]).toMatchObject({ error: 'spawn /usr/bin/chromium ENOENT' });
    await clock.advance(1_000);
    expect(browsers).toHaveLength(2);
  });

  it('stops for good on stop(): SIGTERM, no restart after the exit', async () => {
    const { supervisor, current, of, clock, browsers } = setup();
    supervisor.start();
    await clock.advance(1_000);
    const stopped = supervisor.stop();
    expect(current().signals).toEqual(['SIGTERM']);
    await stopped;
    expect(supervisor.phase).toBe('stopped');
    expect(of('exit').at(-1)).toMatchObject({ reason: 'stop' });
    expect(of('restart-scheduled')).toEqual([]);
    await clock.advance(120_000);
    expect(browsers).toHaveLength(1);
    expect(of('stopped')).toHaveLength(1);
  });

  it('kills a browser that ignores SIGTERM once stopTimeoutMs has passed', async () => {
    const { supervisor, current, clock } = setup({}, undefined, () => 'ignore');
    supervisor.start();
    let done = false;
    void supervisor.stop().then(() => {
      done = true;
    });
    await clock.advance(4_999);
    expect(done).toBe(false);
    await clock.advance(1);
    expect(current().signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(done).toBe(true);
  });

  it('stopped while waiting to restart, it starts nothing more', async () => {
    const { supervisor, current, clock, browsers } = setup();
    supervisor.start();
    current().exit({ code: 1, signal: null });
    await supervisor.stop();
    await clock.advance(60_000);
    expect(browsers).toHaveLength(1);
  });

  it('restarts the browser at the nightly time in the configured zone, at once and with the back-off reset', async () => {
    const time = parseTimeOfDay('03:30');
    if (!time) throw new Error('time');
    // 03:29 in Dubai (23:29 UTC).
    const { supervisor, browsers, current, of, clock } = setup({ nightly: { time, timeZone: 'Asia/Dubai' } }, Date.parse('2025-03-10T23:29:00Z'));
    supervisor.start();
    expect(of('nightly-scheduled')).toEqual([{ event: 'nightly-scheduled', at: '2025-03-10T23:30:00.000Z' }]);
    // A couple of quick failures first, so the back-off is up.
    current().exit({ code: 1, signal: null });
    await clock.advance(1_000);
    current().exit({ code: 1, signal: null });
    await clock.advance(2_000);
    const before = current();
    await clock.advance(57_000);
    expect(of('nightly-restart')).toEqual([{ event: 'nightly-restart', pid: before.pid, scheduledFor: '2025-03-10T23:30:00.000Z' }]);
    expect(before.signals).toEqual(['SIGTERM']);
    expect(of('restart-scheduled').at(-1)).toMatchObject({ delayMs: 0, reason: 'nightly' });
    await clock.advance(0);
    expect(browsers).toHaveLength(4);
    expect(of('nightly-scheduled').at(-1)).toEqual({ event: 'nightly-scheduled', at: '2025-03-11T23:30:00.000Z' });
    // The next failure after a nightly restart starts the back-off from 1 s again.
    current().exit({ code: 1, signal: null });
    expect(of('restart-scheduled').at(-1)).toMatchObject({ delayMs: 1_000 });
  });

  it('restarts once a night, every night', async () => {
    const time = parseTimeOfDay('03:30');
    if (!time) throw new Error('time');
    const { supervisor, of, clock } = setup({ nightly: { time, timeZone: 'Asia/Dubai' }, watchdog: { ...WATCHDOG, pollIntervalMs: 600_000 } }, Date.parse('2025-03-10T20:00:00Z'));
    supervisor.start();
    await clock.advance(3 * 86_400_000);
    expect(of('nightly-restart').map((event) => event.scheduledFor)).toEqual([
      '2025-03-10T23:30:00.000Z',
      '2025-03-11T23:30:00.000Z',
      '2025-03-12T23:30:00.000Z',
    ]);
  });
});
