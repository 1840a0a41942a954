/**
 * The terminal's settings: defaults, then a JSON file (`--config` or KIOSK_CONFIG), then environment
 * variables, then command-line flags, each later one winning. Every problem is reported at once, in words
 * that say where the value came from and what would be accepted.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isLang, LANGUAGES, type Lang } from '../src/domain/lang';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { isTimeZone, parseTimeOfDay } from './nightly';
import { DEFAULT_POLICY_DIR, type Policy } from './policy';

export type WatchdogOptions = {
  /** Time between two polls of the DevTools endpoint. */
  pollIntervalMs: number;
  /** A poll not answered within this counts as missed. */
  pollTimeoutMs: number;
  /** This many missed polls in a row mean the browser hangs: it is killed and started again. */
  maxMissedPolls: number;
  /** Before its first answer a starting browser may stay silent this long without counting misses. */
  startupGraceMs: number;
};

export const DEFAULT_WATCHDOG: WatchdogOptions = { pollIntervalMs: 5_000, pollTimeoutMs: 3_000, maxMissedPolls: 3, startupGraceMs: 30_000 };

export type KioskConfig = {
  portalUrl: string;
  /** Appended as `lang=`; null leaves the language to the portal (the one saved on the terminal). */
  language: Lang | null;
  chromiumPath: string;
  userDataDir: string;
  logFile: string;
  /** "HH:MM" local time of the nightly browser restart; null for none. */
  nightlyRestart: string | null;
  /** IANA zone of the nightly restart time; null for the system's zone. */
  timeZone: string | null;
  policyDir: string;
  debuggingPort: number;
  extraArgs: string[];
  extraPolicies: Policy;
  restart: BackoffOptions;
  watchdog: WatchdogOptions;
  /** After SIGTERM the browser has this long to exit before SIGKILL. */
  stopTimeoutMs: number;
};

export type Command = 'run' | 'help' | 'print-policy' | 'write-policy' | 'print-command';

export type LoadResult =
  | { ok: true; command: Command; config: KioskConfig; warnings: string[]; configFile: string | null }
  | { ok: true; command: 'help' }
  | { ok: false; errors: string[] };

export type LoadInput = {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  /** Reads the config file; throws as fs.readFileSync does. */
  readFile: (path: string) => string;
};

type Key = Exclude<keyof KioskConfig, 'restart' | 'watchdog'> | 'restart' | 'watchdog';

/** Where each plain setting may come from besides the config file. */
const SOURCES: Record<Exclude<Key, 'restart' | 'watchdog' | 'extraPolicies' | 'stopTimeoutMs'>, { flag: string; env: string }> = {
  portalUrl: { flag: 'portal-url', env: 'KIOSK_PORTAL_URL' },
  language: { flag: 'language', env: 'KIOSK_LANGUAGE' },
  chromiumPath: { flag: 'chromium', env: 'KIOSK_CHROMIUM' },
  userDataDir: { flag: 'user-data-dir', env: 'KIOSK_USER_DATA_DIR' },
  logFile: { flag: 'log-file', env: 'KIOSK_LOG_FILE' },
  nightlyRestart: { flag: 'nightly-restart', env: 'KIOSK_NIGHTLY_RESTART' },
  timeZone: { flag: 'time-zone', env: 'KIOSK_TIME_ZONE' },
  policyDir: { flag: 'policy-dir', env: 'KIOSK_POLICY_DIR' },
  debuggingPort: { flag: 'debugging-port', env: 'KIOSK_DEBUGGING_PORT' },
  extraArgs: { flag: 'extra-arg', env: 'KIOSK_EXTRA_ARGS' },
};

const FILE_KEYS: readonly Key[] = [...(Object.keys(SOURCES) as Key[]), 'extraPolicies', 'restart', 'watchdog', 'stopTimeoutMs'];

export const USAGE = `venue-kiosk: runs Chromium in kiosk mode at the venue portal and keeps it running.

Usage: tsx kiosk-shell/main.ts [options] [-- <extra Chromium switches>]

Options (each also settable in the JSON config file under the name in brackets, or by environment variable):
  --config <file>            JSON config file                                   KIOSK_CONFIG
  --portal-url <url>         portal address, http(s) [portalUrl] (required)     KIOSK_PORTAL_URL
  --language <en|ar>         append lang= to the portal address [language]      KIOSK_LANGUAGE
  --chromium <path>          browser executable [chromiumPath]                  KIOSK_CHROMIUM
                             default /usr/bin/chromium
  --user-data-dir <dir>      persistent browser profile [userDataDir]           KIOSK_USER_DATA_DIR
                             default $XDG_STATE_HOME/venue-kiosk/chromium
  --log-file <file>          JSON-lines log [logFile]                           KIOSK_LOG_FILE
                             default $XDG_STATE_HOME/venue-kiosk/kiosk-shell.log
  --nightly-restart <HH:MM>  restart the browser every night at this local time KIOSK_NIGHTLY_RESTART
                             [nightlyRestart]; "off" for none (the default)
  --time-zone <zone>         IANA zone of the nightly time [timeZone]           KIOSK_TIME_ZONE
                             default: the system's zone
  --policy-dir <dir>         Chromium managed policy directory [policyDir]      KIOSK_POLICY_DIR
                             default ${DEFAULT_POLICY_DIR}
  --debugging-port <port>    DevTools port on 127.0.0.1 polled by the watchdog  KIOSK_DEBUGGING_PORT
                             [debuggingPort], default 9222
  --extra-arg <switch>       one more Chromium switch, repeatable [extraArgs]   KIOSK_EXTRA_ARGS
                             (the variable holds switches separated by spaces)
Config file only: extraPolicies (object of Chromium policies added to the kiosk policy),
  restart { initialDelayMs, maxDelayMs, stableAfterMs }, watchdog { pollIntervalMs, pollTimeoutMs,
  maxMissedPolls, startupGraceMs }, stopTimeoutMs.

Commands (instead of running the browser):
  --help, -h                 this text
  --print-policy             print the managed policy JSON the terminal uses
  --write-policy             write it to the policy directory and exit (run as root once when provisioning)
  --print-command            print the Chromium command line and exit

Signals: SIGTERM or SIGINT stop the browser and exit without a restart.
`;

/** Parses flags, environment and the config file into a valid config, or every reason it cannot. */
export function loadConfig(input: LoadInput): LoadResult {
  const separator = input.argv.indexOf('--');
  const own = separator === -1 ? [...input.argv] : input.argv.slice(0, separator);
  const trailing = separator === -1 ? [] : input.argv.slice(separator + 1);

  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: own,
      strict: true,
      allowPositionals: false,
      options: {
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        'print-policy': { type: 'boolean' },
        'write-policy': { type: 'boolean' },
        'print-command': { type: 'boolean' },
        'extra-arg': { type: 'string', multiple: true },
        ...Object.fromEntries(
          Object.values(SOURCES)
            .filter((source) => source.flag !== 'extra-arg')
            .map((source) => [source.flag, { type: 'string' as const }]),
        ),
      },
    }));
  } catch (error) {
    return { ok: false, errors: [`${error instanceof Error ? error.message : String(error)} (see --help)`] };
  }
  if (values.help) return { ok: true, command: 'help' };

  const commands = (['print-policy', 'write-policy', 'print-command'] as const).filter((name) => values[name]);
  if (commands.length > 1) return { ok: false, errors: [`Choose one of --${commands.join(', --')}.`] };
  const command: Command = commands[0] ?? 'run';

  const errors: string[] = [];
  const raw: Partial<Record<Key, { value: unknown; from: string }>> = {};

  const configFile = stringValue(values.config) ?? nonEmpty(input.env.KIOSK_CONFIG) ?? null;
  if (configFile) {
    const fileLabel = `config file ${configFile}`;
    let text: string | null = null;
    try {
      text = input.readFile(configFile);
    } catch (error) {
      errors.push(`Cannot read the ${fileLabel}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (text !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        errors.push(`The ${fileLabel} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (parsed !== undefined) {
        if (!isRecord(parsed)) errors.push(`The ${fileLabel} must hold a JSON object of settings.`);
        else {
          for (const [key, value] of Object.entries(parsed)) {
            if (key === '$comment') continue;
            if (!(FILE_KEYS as readonly string[]).includes(key)) {
              errors.push(`Unknown setting "${key}" in the ${fileLabel}; known settings: ${FILE_KEYS.join(', ')}.`);
            } else raw[key as Key] = { value, from: fileLabel };
          }
        }
      }
    }
  }

  for (const [key, source] of Object.entries(SOURCES) as [keyof typeof SOURCES, (typeof SOURCES)[keyof typeof SOURCES]][]) {
    const fromEnv = input.env[source.env];
    if (fromEnv !== undefined && fromEnv !== '') {
      raw[key] = { value: key === 'extraArgs' ? fromEnv.split(/\s+/).filter(Boolean) : fromEnv, from: source.env };
    }
    const fromFlag = values[source.flag];
    if (fromFlag !== undefined) raw[key] = { value: fromFlag, from: `--${source.flag}` };
  }
  if (trailing.length > 0) {
    const before = Array.isArray(raw.extraArgs?.value) ? (raw.extraArgs.value as unknown[]) : [];
    raw.extraArgs = { value: [...before, ...trailing], from: raw.extraArgs ? `${raw.extraArgs.from} and the switches after --` : 'the switches after --' };
  }

  const stateHome = nonEmpty(input.env.XDG_STATE_HOME) ?? join(input.homeDir, '.local', 'state');
  const { config, problems, warnings } = validate(raw, {
    chromiumPath: '/usr/bin/chromium',
    userDataDir: join(stateHome, 'venue-kiosk', 'chromium'),
    logFile: join(stateHome, 'venue-kiosk', 'kiosk-shell.log'),
  });
  errors.push(...problems);
  if (errors.length > 0 || !config) return { ok: false, errors };
  return { ok: true, command, config, warnings, configFile };
}

type Defaults = Pick<KioskConfig, 'chromiumPath' | 'userDataDir' | 'logFile'>;

function validate(
  raw: Partial<Record<Key, { value: unknown; from: string }>>,
  defaults: Defaults,
): { config: KioskConfig | null; problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const label = (key: Key) => `${key}${raw[key] ? ` (from ${raw[key].from})` : ''}`;
  const shown = (value: unknown) => JSON.stringify(value);

  const text = (key: Key): string | undefined => {
    const entry = raw[key];
    if (entry === undefined || entry.value === null) return undefined;
    if (typeof entry.value !== 'string' || entry.value.trim() === '') {
      problems.push(`${label(key)} must be a non-empty string, got ${shown(entry.value)}.`);
      return undefined;
    }
    return entry.value.trim();
  };

  // portalUrl
  let portalUrl = '';
  const portal = text('portalUrl');
  if (portal === undefined && !problems.some((problem) => problem.startsWith('portalUrl'))) {
    problems.push('portalUrl is required: the portal address, e.g. "https://portal.example.com/" (config file "portalUrl", KIOSK_PORTAL_URL or --portal-url).');
  } else if (portal !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(portal);
    } catch {
      problems.push(`${label('portalUrl')} must be an absolute http or https address, got ${shown(portal)}.`);
    }
    if (url && url.protocol !== 'https:' && url.protocol !== 'http:') {
      problems.push(`${label('portalUrl')} must be an http or https address, got ${shown(portal)}.`);
    } else if (url) {
      portalUrl = url.toString();
      if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
        warnings.push(
          `portalUrl ${shown(portalUrl)} is plain http on another machine: the browser does not allow the portal's service worker and offline storage there. Use https (or see the README).`,
        );
      }
    }
  }

  // language
  let language: Lang | null = null;
  const lang = text('language');
  if (lang !== undefined && lang !== 'off') {
    if (isLang(lang)) language = lang;
    else problems.push(`${label('language')} must be one of ${LANGUAGES.map((l) => l.code).join(', ')}, got ${shown(lang)}.`);
  }

  // nightlyRestart, timeZone
  let nightlyRestart: string | null = null;
  const nightly = text('nightlyRestart');
  if (nightly !== undefined && nightly.toLowerCase() !== 'off') {
    if (parseTimeOfDay(nightly)) nightlyRestart = nightly;
    else problems.push(`${label('nightlyRestart')} must be a 24-hour time of day as HH:MM (e.g. "03:30") or "off", got ${shown(nightly)}.`);
  }
  let timeZone: string | null = null;
  const zone = text('timeZone');
  if (zone !== undefined) {
    if (isTimeZone(zone)) timeZone = zone;
    else problems.push(`${label('timeZone')} must be an IANA time zone such as "Asia/Dubai", got ${shown(zone)}.`);
  }

  // debuggingPort
  let debuggingPort = 9222;
  const portEntry = raw.debuggingPort;
  if (portEntry !== undefined) {
    const port = typeof portEntry.value === 'string' && /^\d+$/.test(portEntry.value.trim()) ? Number(portEntry.value) : portEntry.value;
    if (typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535) debuggingPort = port;
    else problems.push(`${label('debuggingPort')} must be a whole number from 1 to 65535, got ${shown(portEntry.value)}.`);
  }

  // extraArgs
  let extraArgs: string[] = [];
  const argsEntry = raw.extraArgs;
  if (argsEntry !== undefined && argsEntry.value !== null) {
    const list = typeof argsEntry.value === 'string' ? [argsEntry.value] : argsEntry.value;
    if (!Array.isArray(list) || list.some((arg) => typeof arg !== 'string')) {
      problems.push(`${label('extraArgs')} must be a list of Chromium switches, got ${shown(argsEntry.value)}.`);
    } else {
      const notSwitches = list.filter((arg: string) => !arg.startsWith('--'));
      if (notSwitches.length > 0) {
        problems.push(`${label('extraArgs')} may hold only Chromium switches starting with "--" (the portal address is set by portalUrl), got ${shown(notSwitches)}.`);
      } else extraArgs = list as string[];
    }
  }

  // extraPolicies
  let extraPolicies: Policy = {};
  const policiesEntry = raw.extraPolicies;
  if (policiesEntry !== undefined && policiesEntry.value !== null) {
    if (!isRecord(policiesEntry.value)) problems.push(`${label('extraPolicies')} must be an object of Chromium policy names and values.`);
    else {
      const bad = Object.entries(policiesEntry.value).filter(([, value]) => !isPolicyValue(value));
      if (bad.length > 0) {
        problems.push(`${label('extraPolicies')} values must be booleans, numbers, strings or lists of strings; check ${bad.map(([name]) => name).join(', ')}.`);
      } else extraPolicies = policiesEntry.value as Policy;
    }
  }

  const restart = group('restart', DEFAULT_BACKOFF, raw.restart, problems, { min: { initialDelayMs: 1, maxDelayMs: 1, stableAfterMs: 1 } });
  if (restart.maxDelayMs < restart.initialDelayMs) {
    problems.push(`restart.maxDelayMs (${restart.maxDelayMs}) must not be less than restart.initialDelayMs (${restart.initialDelayMs}).`);
  }
  const watchdog = group('watchdog', DEFAULT_WATCHDOG, raw.watchdog, problems, {
    min: { pollIntervalMs: 1, pollTimeoutMs: 1, maxMissedPolls: 1, startupGraceMs: 0 },
  });

  let stopTimeoutMs = 5_000;
  const stopEntry = raw.stopTimeoutMs;
  if (stopEntry !== undefined) {
    if (isWhole(stopEntry.value, 1)) stopTimeoutMs = stopEntry.value;
    else problems.push(`${label('stopTimeoutMs')} must be a whole number of milliseconds of at least 1, got ${shown(stopEntry.value)}.`);
  }

  const config: KioskConfig = {
    portalUrl,
    language,
    chromiumPath: resolve(text('chromiumPath') ?? defaults.chromiumPath),
    userDataDir: resolve(text('userDataDir') ?? defaults.userDataDir),
    logFile: resolve(text('logFile') ?? defaults.logFile),
    nightlyRestart,
    timeZone,
    policyDir: resolve(text('policyDir') ?? DEFAULT_POLICY_DIR),
    debuggingPort,
    extraArgs,
    extraPolicies,
    restart,
    watchdog,
    stopTimeoutMs,
  };
  return { config: problems.length === 0 ? config : null, problems, warnings };
}

/** A nested object of whole-number settings, each falling back to its default. */
function group<T extends Record<string, number>>(
  name: string,
  defaults: T,
  entry: { value: unknown; from: string } | undefined,
  problems: string[],
  limits: { min: Record<keyof T, number> },
): T {
  const result = { ...defaults };
  if (entry === undefined || entry.value === null) return result;
  if (!isRecord(entry.value)) {
    problems.push(`${name} (from ${entry.from}) must be an object with ${Object.keys(defaults).join(', ')}.`);
    return result;
  }
  for (const [key, value] of Object.entries(entry.value)) {
    if (!(key in defaults)) {
      problems.push(`Unknown setting "${name}.${key}" (from ${entry.from}); known: ${Object.keys(defaults).join(', ')}.`);
    } else if (!isWhole(value, limits.min[key as keyof T])) {
      problems.push(`${name}.${key} (from ${entry.from}) must be a whole number of at least ${limits.min[key as keyof T]}, got ${JSON.stringify(value)}.`);
    } else (result as Record<string, number>)[key] = value;
  }
  return result;
}

function isWhole(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min;
}

function isPolicyValue(value: unknown): boolean {
  return (
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'string' ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringValue(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
