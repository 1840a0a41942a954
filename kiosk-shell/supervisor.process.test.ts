/**
 * The real supervisor, real processes and real time, with a stand-in browser (testing/fake-browser.mjs) as the
 * "chromium": killed, it comes back with back-off; hung, it is killed and comes back; stopped, nothing is left.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chromiumArgs, devtoolsVersionUrl } from './flags';
import { probeDevtools, spawnBrowser, systemClock } from './processes';
import { createSupervisor, type Supervisor } from './supervisor';
import { fakeBrowserExecutable, freePort, isRunning, recordEvents, waitUntil } from './testing/helpers';

let dir: string;
let supervisor: Supervisor | null = null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-supervisor-'));
});
afterEach(async () => {
  await supervisor?.stop();
  supervisor = null;
  rmSync(dir, { recursive: true, force: true });
});

/** Every pid the stand-in browsers wrote down (each browser and its renderer). */
function startedPids(pidLog: string): { browsers: number[]; renderers: number[] } {
  const lines = readFileSync(pidLog, 'utf8').trim().split('\n');
  const pids = (kind: string) => lines.filter((line) => line.startsWith(`${kind} `)).map((line) => Number(line.split(' ')[1]));
  return { browsers: pids('browser'), renderers: pids('renderer') };
}

describe('supervisor with a stand-in browser process', () => {
  it('restarts a killed browser with back-off, kills and restarts a hung one, and leaves no process behind when stopped', async () => {
    const port = await freePort();
    const pidLog = join(dir, 'pids.log');
    const devtools = `http://127.0.0.1:${port}`;
    supervisor = createSupervisor(
      {
        command: fakeBrowserExecutable(dir),
        args: chromiumArgs({ portalUrl: 'http://127.0.0.1:9/', language: 'en', userDataDir: join(dir, 'profile'), debuggingPort: port, extraArgs: [] }, 1000),
        devtoolsUrl: devtoolsVersionUrl(port),
        backoff: { initialDelayMs: 100, maxDelayMs: 400, stableAfterMs: 60_000 },
        watchdog: { pollIntervalMs: 50, pollTimeoutMs: 500, maxMissedPolls: 3, startupGraceMs: 5_000 },
        stopTimeoutMs: 1_000,
        nightly: null,
      },
      {
        spawn: (command, args) => spawnBrowser(command, args, { stdio: 'ignore', env: { ...process.env, FAKE_BROWSER_PID_LOG: pidLog } }),
        clock: systemClock,
        probe: probeDevtools,
      },
    );
    const recorder = recordEvents(supervisor);
    supervisor.start();

    // 1. It starts and its DevTools endpoint answers.
    const first = await recorder.next('start');
    expect(first.pid).toEqual(expect.any(Number));
    await recorder.next('ready', (event) => event.pid === first.pid);

    // 2. Killed from outside (SIGKILL), it is restarted after the first back-off step, and its renderer is swept.
    process.kill(first.pid ?? 0, 'SIGKILL');
    expect(await recorder.next('exit')).toMatchObject({ pid: first.pid, signal: 'SIGKILL', reason: 'exited' });
    expect(await recorder.next('restart-scheduled')).toMatchObject({ delayMs: 100, reason: 'exited' });
    const second = await recorder.next('start');
    expect(second.pid).not.toBe(first.pid);
    await recorder.next('ready', (event) => event.pid === second.pid);
    const firstRenderer = startedPids(pidLog).renderers[0] ?? 0;
    await waitUntil('the first renderer to be gone', () => !isRunning(firstRenderer), 3_000);

    // 3. Exiting on its own with an error code, it comes back after a longer delay.
    await fetch(`${devtools}/fake/exit?code=3`);
    expect(await recorder.next('exit')).toMatchObject({ pid: second.pid, code: 3, signal: null, reason: 'exited' });
    expect(await recorder.next('restart-scheduled')).toMatchObject({ delayMs: 200 });
    const third = await recorder.next('start');
    await recorder.next('ready', (event) => event.pid === third.pid);

    // 4. Hung (answers nothing, ignores SIGTERM), it is found out by the watchdog, killed and restarted.
    await fetch(`${devtools}/fake/hang`);
    expect(await recorder.next('hang')).toEqual({ event: 'hang', pid: third.pid, missedPolls: 3 });
    expect(await recorder.next('exit')).toMatchObject({ pid: third.pid, signal: 'SIGKILL', reason: 'hang' });
    expect(await recorder.next('restart-scheduled')).toMatchObject({ delayMs: 400, reason: 'hang' });
    const fourth = await recorder.next('start');
    await recorder.next('ready', (event) => event.pid === fourth.pid);

    // 5. Stopped: SIGTERM, no restart, and not one of the browsers or renderers is still running.
    await supervisor.stop();
    expect(recorder.events.at(-2)).toMatchObject({ event: 'exit', pid: fourth.pid, reason: 'stop', code: 0 });
    expect(recorder.events.at(-1)).toEqual({ event: 'stopped' });
    const { browsers, renderers } = startedPids(pidLog);
    expect(browsers).toEqual([first.pid, second.pid, third.pid, fourth.pid]);
    expect(renderers).toHaveLength(4);
    // A signal takes effect a moment after it is sent; nothing may survive it.
    await waitUntil('every browser and renderer to be gone', () => [...browsers, ...renderers].filter(isRunning).length === 0, 3_000);
    expect(recorder.events.filter((event) => event.event === 'start')).toHaveLength(4);
  });

  it('kills a browser that ignores SIGTERM on stop, and its helpers with it', async () => {
    const port = await freePort();
    const pidLog = join(dir, 'pids.log');
    supervisor = createSupervisor(
      {
        command: fakeBrowserExecutable(dir),
        args: [`--remote-debugging-port=${port}`, 'http://127.0.0.1:9/?mode=kiosk'],
        devtoolsUrl: devtoolsVersionUrl(port),
        backoff: { initialDelayMs: 100, maxDelayMs: 400, stableAfterMs: 60_000 },
        watchdog: { pollIntervalMs: 50, pollTimeoutMs: 500, maxMissedPolls: 1_000, startupGraceMs: 5_000 },
        stopTimeoutMs: 300,
        nightly: null,
      },
      {
        spawn: (command, args) => spawnBrowser(command, args, { stdio: 'ignore', env: { ...process.env, FAKE_BROWSER_PID_LOG: pidLog } }),
        clock: systemClock,
        probe: probeDevtools,
      },
    );
    const recorder = recordEvents(supervisor);
    supervisor.start();
    const started = await recorder.next('ready');
    await fetch(`http://127.0.0.1:${port}/fake/hang`);
    await supervisor.stop();
    expect(recorder.events.filter((event) => event.event === 'kill').map((event) => event.event === 'kill' && event.signal)).toEqual(['SIGTERM', 'SIGKILL']);
    expect(recorder.events.at(-2)).toMatchObject({ event: 'exit', pid: started.pid, signal: 'SIGKILL', reason: 'stop' });
    const { browsers, renderers } = startedPids(pidLog);
    await waitUntil('the browser and its renderer to be gone', () => [...browsers, ...renderers].filter(isRunning).length === 0, 3_000);
  });
});
