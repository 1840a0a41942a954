/**
 * What a terminal's Chromium must never do (save passwords, autofill, offer translation, sign in, ...), said
 * twice: as a managed policy file, which Chromium enforces and nobody at the screen can change, and as the
 * matching preferences in the profile, which still apply where the policy directory cannot be written.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const DEFAULT_POLICY_DIR = '/etc/chromium/policies/managed';
export const POLICY_FILE_NAME = 'venue-kiosk.json';

export type PolicyValue = boolean | number | string | string[];
export type Policy = Record<string, PolicyValue>;

/** Chromium policy names and values (chrome://policy on the terminal lists them once applied). */
export const KIOSK_POLICY: Policy = {
  // Visitors type names, emails and card-holder details one after another: nothing may be kept or offered.
  PasswordManagerEnabled: false,
  PasswordLeakDetectionEnabled: false,
  AutofillAddressEnabled: false,
  AutofillCreditCardEnabled: false,
  PaymentMethodQueryEnabled: false,
  // The portal is already in the visitor's language; no translate bar over it.
  TranslateEnabled: false,
  SpellcheckEnabled: false,
  SearchSuggestEnabled: false,
  // No accounts, profiles or private windows in the browser itself.
  SyncDisabled: true,
  BrowserSignin: 0,
  BrowserGuestModeEnabled: false,
  BrowserAddPersonEnabled: false,
  IncognitoModeAvailability: 1,
  // No prompts and no browser of its own after the window closes.
  DefaultBrowserSettingEnabled: false,
  BackgroundModeEnabled: false,
  MetricsReportingEnabled: false,
  DefaultNotificationsSetting: 2,
  DefaultGeolocationSetting: 2,
  // No history of visitors' pages (payment return addresses carry tokens), no downloads, no local files.
  SavingBrowserHistoryDisabled: true,
  DownloadRestrictions: 3,
  URLBlocklist: ['file://*', 'view-source:*'],
  AllowDinosaurEasterEgg: false,
};

/** The policy a terminal writes: the kiosk policy, then the operator's own entries (config `extraPolicies`) over it. */
export function terminalPolicy(extraPolicies: Policy = {}): Policy {
  return { ...KIOSK_POLICY, ...extraPolicies };
}

export function policyJson(policy: Policy): string {
  return `${JSON.stringify(policy, null, 2)}\n`;
}

/** What is wrong with a policy file's content compared with the policy it must hold; empty when it holds it. */
export function policyProblems(content: string, required: Policy): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return ['it is not valid JSON'];
  }
  if (!isRecord(parsed)) return ['it is not a JSON object'];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(required)) {
    if (!(name in parsed)) problems.push(`${name} is missing (should be ${JSON.stringify(value)})`);
    else if (JSON.stringify(parsed[name]) !== JSON.stringify(value)) {
      problems.push(`${name} is ${JSON.stringify(parsed[name])} (should be ${JSON.stringify(value)})`);
    }
  }
  return problems;
}

export type PolicyOutcome =
  /** The file already holds the policy. */
  | { status: 'ok'; file: string }
  /** The file was missing or different and has been (re)written. */
  | { status: 'written'; file: string; problems: string[] }
  /** The file is missing or different and cannot be written here (not root?): the profile preferences stand in. */
  | { status: 'unwritable'; file: string; problems: string[]; error: string };

/** Checks the policy file in `policyDir` and writes it when it does not hold `policy`. Never throws. */
export function ensurePolicy(policyDir: string, policy: Policy): PolicyOutcome {
  const file = join(policyDir, POLICY_FILE_NAME);
  let problems: string[];
  try {
    problems = policyProblems(readFileSync(file, 'utf8'), policy);
  } catch {
    problems = ['the file does not exist or cannot be read'];
  }
  if (problems.length === 0) return { status: 'ok', file };
  try {
    writeFileAtomically(file, policyJson(policy), 0o644);
    return { status: 'written', file, problems };
  } catch (error) {
    return { status: 'unwritable', file, problems, error: errorMessage(error) };
  }
}

/**
 * The profile preferences that match the policy (Chromium's own names for them), and the marks of a clean
 * exit, so a browser the shell had to kill starts without the "Restore pages?" bubble.
 */
export const KIOSK_PREFERENCES = {
  credentials_enable_service: false,
  credentials_enable_autosignin: false,
  autofill: { enabled: false, profile_enabled: false, credit_card_enabled: false },
  translate: { enabled: false },
  browser: { check_default_browser: false, enable_spellchecking: false, has_seen_welcome_page: true },
  search: { suggest_enabled: false },
  download: { prompt_for_download: false },
  profile: {
    password_manager_enabled: false,
    exit_type: 'Normal',
    exited_cleanly: true,
    default_content_setting_values: { notifications: 2, geolocation: 2 },
  },
} as const;

/** `existing` (a profile's Preferences, parsed) with the kiosk preferences merged in; everything else kept. */
export function withKioskPreferences(existing: unknown): Record<string, unknown> {
  return deepMerge(isRecord(existing) ? existing : {}, KIOSK_PREFERENCES);
}

function deepMerge(base: Record<string, unknown>, overlay: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const current = merged[key];
    merged[key] = isRecord(value) ? deepMerge(isRecord(current) ? current : {}, value) : value;
  }
  return merged;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function writeFileAtomically(file: string, content: string, mode: number): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode });
  renameSync(temporary, file);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
