/**
 * The launcher as the systemd unit runs it (`node --import tsx kiosk-shell/main.ts --config …`), with the
 * stand-in browser: it writes the policy and profile preferences, logs JSON lines, and on SIGTERM stops the
 * browser and exits 0 with nothing left running.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KIOSK_POLICY, POLICY_FILE_NAME } from './policy';
import { fakeBrowserExecutable, freePort, isRunning, waitUntil } from './testing/helpers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const launcher = (args: string[]) => [process.execPath, ['--import', 'tsx', MAIN, ...args]] as const;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-main-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

type LogLine = { time: string; event: string } & Record<string, unknown>;
const readLog = (file: string): LogLine[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine)
    : [];

describe('kiosk-shell main', () => {
  it('runs the browser from a config file, logs JSON lines, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const logFile = join(dir, 'log', 'kiosk-shell.log');
    const pidLog = join(dir, 'pids.log');
    const configFile = join(dir, 'kiosk.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        portalUrl: 'http://127.0.0.1:9/',
        language: 'ar',
        chromiumPath: fakeBrowserExecutable(dir),
        userDataDir: join(dir, 'profile'),
        logFile,
        policyDir: join(dir, 'policies', 'managed'),
        debuggingPort: port,
        nightlyRestart: '03:30',
        timeZone: 'Asia/Dubai',
        watchdog: { pollIntervalMs: 50, pollTimeoutMs: 1_000, maxMissedPolls: 5, startupGraceMs: 5_000 },
        stopTimeoutMs: 1_000,
      }),
    );
    const [node, args] = launcher(['--config', configFile]);
    const shell = spawn(node, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, FAKE_BROWSER_PID_LOG: pidLog } });
    let stderr = '';
    shell.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => shell.on('exit', (code, signal) => resolve({ code, signal })));

    try {
      const ready = await waitUntil('the browser to be ready in the log', () => readLog(logFile).find((line) => line.event === 'ready'));
      const log = readLog(logFile);
      expect(log[0]).toMatchObject({ event: 'launcher-start', configFile, portalUrl: 'http://127.0.0.1:9/' });
      expect(String(log[0]?.command)).toContain(`--remote-debugging-port=${port}`);
      expect(String(log[0]?.command)).toContain(`'http://127.0.0.1:9/?mode=kiosk&attract=1&lang=ar'`);
      expect(log.find((line) => line.event === 'policy')).toMatchObject({ status: 'written', file: join(dir, 'policies', 'managed', POLICY_FILE_NAME) });
      expect(log.find((line) => line.event === 'nightly-scheduled')).toMatchObject({ at: expect.stringMatching(/T23:30:00\.000Z$/) });
      expect(Number.isNaN(Date.parse(ready.time))).toBe(false);
      expect(JSON.parse(readFileSync(join(dir, 'policies', 'managed', POLICY_FILE_NAME), 'utf8'))).toEqual(KIOSK_POLICY);
      expect(JSON.parse(readFileSync(join(dir, 'profile', 'Default', 'Preferences'), 'utf8'))).toMatchObject({ credentials_enable_service: false });
    } finally {
      shell.kill('SIGTERM');
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(stderr).toBe('');
    const events = readLog(logFile).map((line) => line.event);
    expect(events.slice(-4)).toEqual(['stopping', 'kill', 'exit', 'stopped']);
    expect(events).toContain('signal');
    expect(events).not.toContain('restart-scheduled');
    const pids = readFileSync(pidLog, 'utf8').trim().split('\n').map((line) => Number(line.split(' ')[1]));
    expect(pids).toHaveLength(2);
    await waitUntil('the browser and its renderer to be gone', () => pids.filter(isRunning).length === 0, 3_000);
  });

  it('exits with status 2 and every problem when the config is wrong', () => {
    const [node, args] = launcher(['--portal-url', 'portal.example.com', '--nightly-restart', '25:00']);
    const result = spawnSync(node, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, KIOSK_CONFIG: '' } });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('venue-kiosk: the configuration has problems:');
    expect(result.stderr).toContain('portalUrl (from --portal-url) must be an absolute http or https address, got "portal.example.com".');
    expect(result.stderr).toContain('nightlyRestart (from --nightly-restart) must be a 24-hour time of day as HH:MM');
  });

  it('prints the policy for provisioning', () => {
    const [node, args] = launcher(['--print-policy', '--portal-url', 'https://p.example/']);
    const result = spawnSync(node, args, { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(KIOSK_POLICY);
  });
});
