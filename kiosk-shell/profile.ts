/** The terminal's persistent Chromium profile, prepared before every launch (the browser is not running then). */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { withKioskPreferences, writeFileAtomically } from './policy';

export function preferencesFile(userDataDir: string): string {
  return join(userDataDir, 'Default', 'Preferences');
}

/**
 * Merges the kiosk preferences into the profile's Preferences. A missing or unreadable file is started afresh
 * (Chromium fills in the rest); `started` says so.
 */
export function applyKioskPreferences(userDataDir: string): { file: string; started: boolean } {
  const file = preferencesFile(userDataDir);
  let existing: unknown = {};
  let started = false;
  try {
    existing = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    started = true;
  }
  writeFileAtomically(file, JSON.stringify(withKioskPreferences(existing)), 0o600);
  return { file, started };
}

/** The lock Chromium leaves behind when it is killed. */
export const PROFILE_LOCKS = ['SingletonLock', 'SingletonSocket', 'SingletonCookie'] as const;

/**
 * Removes a killed browser's profile lock. Chromium takes over a stale lock itself unless the process id in it
 * now belongs to another process, and then it shows "The profile appears to be in use" instead of the portal.
 * Only the shell starts a browser on this profile, and only when its previous one has exited.
 */
export function clearProfileLocks(userDataDir: string): void {
  for (const name of PROFILE_LOCKS) rmSync(join(userDataDir, name), { force: true });
}
