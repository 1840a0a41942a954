/**
 * The terminal's launcher: `node --import tsx kiosk-shell/main.ts --config /etc/venue-kiosk/kiosk.json`
 * (see kiosk-shell/README.md). Reads the config, puts the Chromium policy and profile preferences in place,
 * then keeps Chromium running in kiosk mode at the portal until SIGTERM or SIGINT.
 */
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { loadConfig, USAGE, type KioskConfig } from './config';
import { chromiumArgs, commandLine, devtoolsVersionUrl } from './flags';
import { jsonLinesLog } from './log';
import { parseTimeOfDay } from './nightly';
import { ensurePolicy, errorMessage, policyJson, terminalPolicy } from './policy';
import { spawnBrowser, probeDevtools, systemClock } from './processes';
import { applyKioskPreferences, clearProfileLocks } from './profile';
import { createSupervisor } from './supervisor';

const EXIT_USAGE = 2;

function out(text: string) {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

function fail(text: string, code = 1): never {
  process.stderr.write(`venue-kiosk: ${text}\n`);
  process.exit(code);
}

function browserArgs(config: KioskConfig): string[] {
  return chromiumArgs(config, typeof process.getuid === 'function' ? process.getuid() : null);
}

function main() {
  const result = loadConfig({
    argv: process.argv.slice(2),
    env: process.env,
    homeDir: homedir(),
    readFile: (path) => readFileSync(path, 'utf8'),
  });
  if (!result.ok) fail(`the configuration has problems:\n  - ${result.errors.join('\n  - ')}`, EXIT_USAGE);
  if (result.command === 'help') {
    out(USAGE);
    return;
  }
  const { config, command, warnings, configFile } = result;
  const policy = terminalPolicy(config.extraPolicies);

  switch (command) {
    case 'print-policy':
      out(policyJson(policy));
      return;
    case 'print-command':
      out(commandLine(config.chromiumPath, browserArgs(config)));
      return;
    case 'write-policy': {
      const outcome = ensurePolicy(config.policyDir, policy);
      if (outcome.status === 'unwritable') fail(`cannot write ${outcome.file}: ${outcome.error} (run --write-policy as root)`);
      out(outcome.status === 'ok' ? `${outcome.file} already holds the kiosk policy.` : `Wrote ${outcome.file}.`);
      return;
    }
    case 'run':
      run(config, configFile, warnings, policy);
  }
}

function run(config: KioskConfig, configFile: string | null, warnings: string[], policy: ReturnType<typeof terminalPolicy>) {
  const log = jsonLinesLog(config.logFile, { echo: out, warn: (message) => process.stderr.write(`venue-kiosk: ${message}\n`) });
  const args = browserArgs(config);
  log.write({ event: 'launcher-start', pid: process.pid, configFile, portalUrl: config.portalUrl, command: commandLine(config.chromiumPath, args) });
  for (const warning of warnings) log.write({ event: 'config-warning', message: warning });

  try {
    accessSync(config.chromiumPath, constants.X_OK);
  } catch {
    log.write({ event: 'fatal', message: `No browser to run at ${config.chromiumPath}` });
    fail(`no executable browser at ${config.chromiumPath}; install chromium or set chromiumPath / --chromium / KIOSK_CHROMIUM.`);
  }
  try {
    mkdirSync(config.userDataDir, { recursive: true });
  } catch (error) {
    log.write({ event: 'fatal', message: `Cannot create the browser profile ${config.userDataDir}: ${errorMessage(error)}` });
    fail(`cannot create the browser profile directory ${config.userDataDir}: ${errorMessage(error)}`);
  }

  const outcome = ensurePolicy(config.policyDir, policy);
  log.write({
    event: 'policy',
    ...outcome,
    ...(outcome.status === 'unwritable' ? { note: 'The profile preferences stand in for the policy; run --write-policy as root to install it.' } : {}),
  });

  const time = config.nightlyRestart ? parseTimeOfDay(config.nightlyRestart) : null;
  const supervisor = createSupervisor(
    {
      command: config.chromiumPath,
      args,
      devtoolsUrl: devtoolsVersionUrl(config.debuggingPort),
      backoff: config.restart,
      watchdog: config.watchdog,
      stopTimeoutMs: config.stopTimeoutMs,
      nightly: time ? { time, ...(config.timeZone ? { timeZone: config.timeZone } : {}) } : null,
    },
    {
      spawn: (command, spawnArgs) => spawnBrowser(command, spawnArgs, { stdio: ['ignore', 'inherit', 'inherit'] }),
      clock: systemClock,
      probe: probeDevtools,
      prepareLaunch: () => {
        applyKioskPreferences(config.userDataDir);
        clearProfileLocks(config.userDataDir);
      },
    },
  );
  supervisor.subscribe((event) => log.write(event));

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    log.write({ event: 'signal', signal });
    if (signals > 1) {
      supervisor.forceKill();
      return;
    }
    void supervisor.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // However the shell ends, the browser ends with it.
  process.on('exit', () => supervisor.forceKill());
  process.on('uncaughtException', (error) => {
    log.write({ event: 'fatal', message: errorMessage(error), stack: error.stack ?? null });
    supervisor.forceKill();
    process.exit(1);
  });

  supervisor.start();
}

main();
