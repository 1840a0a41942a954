import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF } from './backoff';
import { DEFAULT_WATCHDOG, loadConfig, type LoadInput } from './config';

const HOME = '/home/kiosk';

function load(argv: string[], env: Record<string, string> = {}, files: Record<string, string> = {}) {
  const input: LoadInput = {
    argv,
    env,
    homeDir: HOME,
    readFile: (path) => {
      const content = files[path];
      if (content === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      return content;
    },
  };
  return loadConfig(input);
}

function config(argv: string[], env: Record<string, string> = {}, files: Record<string, string> = {}) {
  const result = load(argv, env, files);
  if (!result.ok || result.command === 'help') throw new Error(`expected a config, got ${JSON.stringify(result)}`);
  return result;
}

function errors(argv: string[], env: Record<string, string> = {}, files: Record<string, string> = {}): string[] {
  const result = load(argv, env, files);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result)}`);
  return result.errors;
}

describe('kiosk shell config', () => {
  it('needs only the portal address; everything else has a default', () => {
    const { config: loaded, command, warnings } = config(['--portal-url', 'https://portal.example.com']);
    expect(command).toBe('run');
    expect(warnings).toEqual([]);
    expect(loaded).toEqual({
      portalUrl: 'https://portal.example.com/',
      language: null,
      chromiumPath: '/usr/bin/chromium',
      userDataDir: `${HOME}/.local/state/venue-kiosk/chromium`,
      logFile: `${HOME}/.local/state/venue-kiosk/kiosk-shell.log`,
      nightlyRestart: null,
      timeZone: null,
      policyDir: '/etc/chromium/policies/managed',
      debuggingPort: 9222,
      extraArgs: [],
      extraPolicies: {},
      restart: DEFAULT_BACKOFF,
      watchdog: DEFAULT_WATCHDOG,
      stopTimeoutMs: 5_000,
    });
  });

  it('puts the profile and log under XDG_STATE_HOME when it is set', () => {
    const { config: loaded } = config([], { KIOSK_PORTAL_URL: 'https://p.example/', XDG_STATE_HOME: '/var/lib/venue-kiosk' });
    expect(loaded.userDataDir).toBe('/var/lib/venue-kiosk/venue-kiosk/chromium');
    expect(loaded.logFile).toBe('/var/lib/venue-kiosk/venue-kiosk/kiosk-shell.log');
  });

  it('reads the config file, then the environment, then flags, each winning over the one before', () => {
    const file = JSON.stringify({
      portalUrl: 'https://file.example/',
      language: 'en',
      nightlyRestart: '03:30',
      timeZone: 'Asia/Dubai',
      debuggingPort: 9300,
      extraArgs: ['--autoplay-policy=no-user-gesture-required'],
      extraPolicies: { AutoplayAllowed: true },
      restart: { initialDelayMs: 500 },
      watchdog: { maxMissedPolls: 5 },
      stopTimeoutMs: 2_000,
    });
    const { config: loaded, configFile } = config(
      ['--config', '/etc/venue-kiosk/kiosk.json', '--language', 'ar', '--', '--force-device-scale-factor=1.5'],
      { KIOSK_PORTAL_URL: 'https://env.example/', KIOSK_LANGUAGE: 'en', KIOSK_DEBUGGING_PORT: '9400' },
      { '/etc/venue-kiosk/kiosk.json': file },
    );
    expect(configFile).toBe('/etc/venue-kiosk/kiosk.json');
    expect(loaded).toMatchObject({
      portalUrl: 'https://env.example/',
      language: 'ar',
      nightlyRestart: '03:30',
      timeZone: 'Asia/Dubai',
      debuggingPort: 9400,
      extraArgs: ['--autoplay-policy=no-user-gesture-required', '--force-device-scale-factor=1.5'],
      extraPolicies: { AutoplayAllowed: true },
      restart: { ...DEFAULT_BACKOFF, initialDelayMs: 500 },
      watchdog: { ...DEFAULT_WATCHDOG, maxMissedPolls: 5 },
      stopTimeoutMs: 2_000,
    });
  });

  it('finds the config file through KIOSK_CONFIG and takes extra switches from KIOSK_EXTRA_ARGS', () => {
    const { config: loaded } = config([], { KIOSK_CONFIG: '/c.json', KIOSK_EXTRA_ARGS: ' --a=1   --b ' }, { '/c.json': '{"portalUrl":"https://p.example/"}' });
    expect(loaded.extraArgs).toEqual(['--a=1', '--b']);
  });

  it('takes "off" as no nightly restart and no language', () => {
    const { config: loaded } = config(['--portal-url', 'https://p.example/', '--nightly-restart', 'off', '--language', 'off']);
    expect(loaded.nightlyRestart).toBeNull();
    expect(loaded.language).toBeNull();
  });

  it('warns that a plain http portal on another machine gets no service worker', () => {
    expect(config(['--portal-url', 'http://192.168.1.20:8080/']).warnings).toEqual([expect.stringContaining('service worker')]);
    expect(config(['--portal-url', 'http://localhost:8080/']).warnings).toEqual([]);
  });

  it('accepts the example config shipped beside the README', () => {
    const example = fileURLToPath(new URL('./kiosk.example.json', import.meta.url));
    const { config: loaded } = config(['--config', example], {}, { [example]: readFileSync(example, 'utf8') });
    expect(loaded).toMatchObject({ portalUrl: 'https://portal.example.com/', nightlyRestart: '03:30', timeZone: 'Asia/Dubai', userDataDir: '/var/lib/venue-kiosk/chromium' });
  });

  it('answers --help without needing a portal address', () => {
    expect(load(['--help'])).toEqual({ ok: true, command: 'help' });
    expect(load(['-h'])).toEqual({ ok: true, command: 'help' });
  });

  it.each([
    ['--print-policy', 'print-policy'],
    ['--write-policy', 'write-policy'],
    ['--print-command', 'print-command'],
  ])('%s is a command of its own', (flag, command) => {
    expect(config([flag, '--portal-url', 'https://p.example/']).command).toBe(command);
  });
});

describe('kiosk shell config errors', () => {
  it('says the portal address is missing and where to set it', () => {
    expect(errors([])).toEqual([expect.stringMatching(/^portalUrl is required.*KIOSK_PORTAL_URL.*--portal-url/)]);
  });

  it('reports every problem at once, naming where each value came from', () => {
    const problems = errors(
      ['--config', '/k.json', '--nightly-restart', '3pm', '--debugging-port', '70000'],
      { KIOSK_LANGUAGE: 'fr' },
      { '/k.json': JSON.stringify({ portalUrl: 'ftp://p.example/', timeZone: 'Mars/Base', extraArgs: ['https://other.example/'] }) },
    );
    expect(problems).toEqual([
      'portalUrl (from config file /k.json) must be an http or https address, got "ftp://p.example/".',
      'language (from KIOSK_LANGUAGE) must be one of en, ar, got "fr".',
      'nightlyRestart (from --nightly-restart) must be a 24-hour time of day as HH:MM (e.g. "03:30") or "off", got "3pm".',
      'timeZone (from config file /k.json) must be an IANA time zone such as "Asia/Dubai", got "Mars/Base".',
      'debuggingPort (from --debugging-port) must be a whole number from 1 to 65535, got "70000".',
      'extraArgs (from config file /k.json) may hold only Chromium switches starting with "--" (the portal address is set by portalUrl), got ["https://other.example/"].',
    ]);
  });

  it('names an unknown setting in the file (a typo) and lists the known ones', () => {
    expect(errors(['--config', '/k.json'], {}, { '/k.json': '{"portalURL":"https://p.example/"}' })).toEqual([
      expect.stringMatching(/^Unknown setting "portalURL" in the config file \/k\.json; known settings: portalUrl, /),
      expect.stringMatching(/^portalUrl is required/),
    ]);
  });

  it('says when the file cannot be read or is not JSON', () => {
    expect(errors(['--config', '/missing.json', '--portal-url', 'https://p.example/'])).toEqual([
      expect.stringMatching(/^Cannot read the config file \/missing\.json: ENOENT/),
    ]);
    expect(errors(['--config', '/k.json', '--portal-url', 'https://p.example/'], {}, { '/k.json': '{ portalUrl: 1 }' })).toEqual([
      expect.stringMatching(/^The config file \/k\.json is not valid JSON: /),
    ]);
    expect(errors(['--config', '/k.json', '--portal-url', 'https://p.example/'], {}, { '/k.json': '[]' })).toEqual([
      'The config file /k.json must hold a JSON object of settings.',
    ]);
  });

  it('checks the timing settings and the extra policies', () => {
    const problems = errors(['--config', '/k.json'], {}, {
      '/k.json': JSON.stringify({
        portalUrl: 'https://p.example/',
        restart: { initialDelayMs: 5_000, maxDelayMs: 1_000, jitter: 1 },
        watchdog: { pollIntervalMs: 0.5, maxMissedPolls: 0 },
        stopTimeoutMs: '5s',
        extraPolicies: { Good: true, Bad: { nested: 1 } },
      }),
    });
    expect(problems).toEqual([
      'extraPolicies (from config file /k.json) values must be booleans, numbers, strings or lists of strings; check Bad.',
      'Unknown setting "restart.jitter" (from config file /k.json); known: initialDelayMs, maxDelayMs, stableAfterMs.',
      'restart.maxDelayMs (1000) must not be less than restart.initialDelayMs (5000).',
      'watchdog.pollIntervalMs (from config file /k.json) must be a whole number of at least 1, got 0.5.',
      'watchdog.maxMissedPolls (from config file /k.json) must be a whole number of at least 1, got 0.',
      'stopTimeoutMs (from config file /k.json) must be a whole number of milliseconds of at least 1, got "5s".',
    ]);
  });

  it('rejects unknown flags and stray arguments, pointing to --help', () => {
    expect(errors(['--portal', 'https://p.example/'])).toEqual([expect.stringMatching(/Unknown option '--portal'.*\(see --help\)$/)]);
    expect(errors(['https://p.example/'])).toEqual([expect.stringMatching(/positional argument.*\(see --help\)$/)]);
  });

  it('refuses two commands at once', () => {
    expect(errors(['--print-policy', '--write-policy', '--portal-url', 'https://p.example/'])).toEqual(['Choose one of --print-policy, --write-policy.']);
  });
});
