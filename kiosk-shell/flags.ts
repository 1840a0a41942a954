/**
 * The Chromium command line of a terminal and the portal address it opens. Pure: the caller says who runs it
 * (`uid`), so the flags are the same on every terminal and testable anywhere.
 */
import type { Lang } from '../src/domain/lang';

export type LaunchSettings = {
  portalUrl: string;
  language: Lang | null;
  userDataDir: string;
  debuggingPort: number;
  extraArgs: readonly string[];
};

/**
 * The portal address with `mode=kiosk` (so the portal starts in the kiosk layout from its first frame), `attract=1`
 * (a terminal that starts or restarts begins at the attract screen, never in a previous visitor's page) and,
 * when the terminal has one configured, `lang=` (which then wins over the language saved on the device).
 */
export function portalAddress(portalUrl: string, language: Lang | null): string {
  const url = new URL(portalUrl);
  url.searchParams.set('mode', 'kiosk');
  url.searchParams.set('attract', '1');
  if (language) url.searchParams.set('lang', language);
  else url.searchParams.delete('lang');
  return url.toString();
}

/** Browser features a terminal never wants (the translate bar and its prompts). */
export const DISABLED_FEATURES = ['Translate', 'TranslateUI'] as const;

/** The kiosk flags, before the per-terminal ones; each is asked for by the terminal brief or the README explains it. */
export const KIOSK_FLAGS = [
  '--kiosk',
  '--noerrdialogs',
  '--disable-pinch',
  '--overscroll-history-navigation=0',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-translate',
  // After the shell kills a hung browser, start without the "Restore pages?" bubble.
  '--hide-crash-restore-bubble',
  // No desktop keyring prompt (GNOME Keyring, KWallet) over the portal; passwords are off by policy anyway.
  '--password-store=basic',
  // window.print() (tickets and receipts) goes straight to the terminal's default printer, with no dialog to dismiss.
  '--kiosk-printing',
] as const;

const DISABLE_FEATURES = '--disable-features=';

/**
 * Chromium reads only one `--disable-features` switch, so ours and any in `extraArgs` become one list.
 * Root needs `--no-sandbox` (Chromium refuses to start as root with its sandbox); nobody else gets it.
 */
export function chromiumArgs(settings: LaunchSettings, uid: number | null): string[] {
  const disabled = new Set<string>(DISABLED_FEATURES);
  const extra: string[] = [];
  for (const arg of settings.extraArgs) {
    if (arg.startsWith(DISABLE_FEATURES)) {
      for (const feature of arg.slice(DISABLE_FEATURES.length).split(',')) if (feature) disabled.add(feature);
    } else {
      extra.push(arg);
    }
  }
  return [
    ...KIOSK_FLAGS,
    `${DISABLE_FEATURES}${[...disabled].join(',')}`,
    `--user-data-dir=${settings.userDataDir}`,
    `--remote-debugging-port=${settings.debuggingPort}`,
    '--remote-debugging-address=127.0.0.1',
    ...(uid === 0 && !extra.includes('--no-sandbox') ? ['--no-sandbox'] : []),
    ...extra,
    portalAddress(settings.portalUrl, settings.language),
  ];
}

/** The DevTools address the watchdog polls. */
export function devtoolsVersionUrl(debuggingPort: number): string {
  return `http://127.0.0.1:${debuggingPort}/json/version`;
}

/** A shell-quoted command line, for `--print-command` and the log. */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replaceAll("'", `'\\''`)}'`)).join(' ');
}
