/**
 * Smoke test with the real browser: Debian's /usr/bin/chromium, headless, with every kiosk flag and a fresh
 * profile, pointed at a tiny local portal. It starts, its DevTools endpoint answers, the portal page is open
 * with ?mode=kiosk, and it stops with nothing left running. Skipped only where /usr/bin/chromium is absent.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chromiumArgs, devtoolsVersionUrl } from './flags';
import { probeDevtools, spawnBrowser, systemClock } from './processes';
import { applyKioskPreferences, clearProfileLocks, preferencesFile } from './profile';
import { createSupervisor, type Supervisor } from './supervisor';
import { freePort, processesWith, recordEvents, waitUntil } from './testing/helpers';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`Skipping the Chromium smoke test: ${CHROMIUM} is not installed (apt-get install chromium).`);

let dir: string;
let server: Server;
let portalPort: number;
const requests: string[] = [];
let supervisor: Supervisor | null = null;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-chromium-'));
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url?.startsWith('/favicon')) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Venue portal</title><p>Portal</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  portalPort = typeof address === 'object' && address ? address.port : 0;
});

afterEach(async () => {
  await supervisor?.stop();
  supervisor = null;
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)('Chromium kiosk smoke test', () => {
  it('starts headless Chromium with the kiosk flags at the portal with ?mode=kiosk, then shuts it down cleanly', async () => {
    const debuggingPort = await freePort();
    const userDataDir = join(dir, 'profile');
    const args = chromiumArgs(
      { portalUrl: `http://127.0.0.1:${portalPort}/`, language: 'ar', userDataDir, debuggingPort, extraArgs: ['--headless=new'] },
      process.getuid?.() ?? null,
    );
    supervisor = createSupervisor(
      {
        command: CHROMIUM,
        args,
        devtoolsUrl: devtoolsVersionUrl(debuggingPort),
        backoff: { initialDelayMs: 500, maxDelayMs: 2_000, stableAfterMs: 60_000 },
        watchdog: { pollIntervalMs: 100, pollTimeoutMs: 1_000, maxMissedPolls: 5, startupGraceMs: 15_000 },
        stopTimeoutMs: 5_000,
        nightly: null,
      },
      {
        spawn: (command, spawnArgs) => spawnBrowser(command, spawnArgs, { stdio: 'ignore' }),
        clock: systemClock,
        probe: probeDevtools,
        prepareLaunch: () => {
          applyKioskPreferences(userDataDir);
          clearProfileLocks(userDataDir);
        },
      },
    );
    const recorder = recordEvents(supervisor);
    supervisor.start();

    const ready = await recorder.next('ready', () => true, 15_000);
    expect(ready.browser).toMatch(/Chrom(e|ium)\//);

    const portal = `http://127.0.0.1:${portalPort}/?mode=kiosk&attract=1&lang=ar`;
    // Loaded, not just navigating: the page's own title shows in the target list.
    const page = await waitUntil('the loaded portal page in /json/list', async () => {
      const response = await fetch(`http://127.0.0.1:${debuggingPort}/json/list`);
      const targets = (await response.json()) as { type: string; url: string; title: string }[];
      return targets.find((target) => target.type === 'page' && target.url === portal && target.title === 'Venue portal');
    }, 10_000);
    expect(page.url).toBe(portal);
    expect(requests).toContain('/?mode=kiosk&attract=1&lang=ar');
    expect(processesWith(userDataDir).length).toBeGreaterThan(0);

    await supervisor.stop();
    expect(recorder.events.filter((event) => event.event === 'start')).toHaveLength(1);
    expect(recorder.events.filter((event) => event.event === 'restart-scheduled')).toEqual([]);
    expect(recorder.events.at(-2)).toMatchObject({ event: 'exit', reason: 'stop' });
    await waitUntil('every Chromium process of the profile to be gone', () => processesWith(userDataDir).length === 0, 5_000);
    // The kiosk preferences written before the launch are still in the profile after Chromium ran and exited.
    expect(JSON.parse(readFileSync(preferencesFile(userDataDir), 'utf8'))).toMatchObject({
      credentials_enable_service: false,
      autofill: { profile_enabled: false, credit_card_enabled: false },
      translate: { enabled: false },
    });
  });
});
