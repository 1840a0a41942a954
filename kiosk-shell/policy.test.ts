import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePolicy, KIOSK_POLICY, policyJson, policyProblems, POLICY_FILE_NAME, terminalPolicy, withKioskPreferences } from './policy';
import { applyKioskPreferences, clearProfileLocks, preferencesFile } from './profile';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-policy-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('kiosk policy', () => {
  it('turns off password saving, autofill of addresses and cards, and translation', () => {
    const written = JSON.parse(policyJson(terminalPolicy())) as Record<string, unknown>;
    expect(written).toMatchObject({
      PasswordManagerEnabled: false,
      AutofillAddressEnabled: false,
      AutofillCreditCardEnabled: false,
      TranslateEnabled: false,
      BrowserSignin: 0,
      SyncDisabled: true,
      IncognitoModeAvailability: 1,
    });
    expect(written).toEqual(KIOSK_POLICY);
  });

  it('keeps the DevTools endpoint the watchdog polls (remote debugging is not turned off)', () => {
    expect(KIOSK_POLICY).not.toHaveProperty('RemoteDebuggingAllowed');
    expect(KIOSK_POLICY).not.toHaveProperty('DeveloperToolsAvailability');
  });

  it('takes the operator’s extra policies over the kiosk ones', () => {
    expect(terminalPolicy({ URLBlocklist: ['*'], AutoplayAllowed: true })).toMatchObject({ URLBlocklist: ['*'], AutoplayAllowed: true, TranslateEnabled: false });
  });

  it('says what is wrong with a policy file', () => {
    const required = { PasswordManagerEnabled: false, TranslateEnabled: false, URLBlocklist: ['file://*'] };
    expect(policyProblems(JSON.stringify({ ...required, Other: 1 }), required)).toEqual([]);
    expect(policyProblems(JSON.stringify({ PasswordManagerEnabled: true, URLBlocklist: ['x'] }), required)).toEqual([
      'PasswordManagerEnabled is true (should be false)',
      'TranslateEnabled is missing (should be false)',
      'URLBlocklist is ["x"] (should be ["file://*"])',
    ]);
    expect(policyProblems('{', required)).toEqual(['it is not valid JSON']);
    expect(policyProblems('[]', required)).toEqual(['it is not a JSON object']);
  });

  it('writes the policy file when it is missing, then finds it in place', () => {
    const policyDir = join(dir, 'policies', 'managed');
    const first = ensurePolicy(policyDir, KIOSK_POLICY);
    expect(first).toMatchObject({ status: 'written', file: join(policyDir, POLICY_FILE_NAME) });
    expect(JSON.parse(readFileSync(join(policyDir, POLICY_FILE_NAME), 'utf8'))).toEqual(KIOSK_POLICY);
    expect(lstatSync(join(policyDir, POLICY_FILE_NAME)).mode & 0o777).toBe(0o644);
    expect(ensurePolicy(policyDir, KIOSK_POLICY)).toEqual({ status: 'ok', file: join(policyDir, POLICY_FILE_NAME) });
  });

  it('rewrites a file someone changed, and leaves one with extra entries alone', () => {
    const file = join(dir, POLICY_FILE_NAME);
    writeFileSync(file, JSON.stringify({ ...KIOSK_POLICY, PasswordManagerEnabled: true }));
    expect(ensurePolicy(dir, KIOSK_POLICY)).toMatchObject({ status: 'written', problems: ['PasswordManagerEnabled is true (should be false)'] });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(KIOSK_POLICY);

    const withExtra = JSON.stringify({ ...KIOSK_POLICY, HomepageLocation: 'https://portal.example.com/' });
    writeFileSync(file, withExtra);
    expect(ensurePolicy(dir, KIOSK_POLICY).status).toBe('ok');
    expect(readFileSync(file, 'utf8')).toBe(withExtra);
  });

  it('reports a policy directory it cannot write instead of throwing', () => {
    writeFileSync(join(dir, 'not-a-dir'), '');
    const outcome = ensurePolicy(join(dir, 'not-a-dir', 'managed'), KIOSK_POLICY);
    expect(outcome).toMatchObject({ status: 'unwritable', problems: ['the file does not exist or cannot be read'] });
    expect(outcome.status === 'unwritable' && outcome.error).toMatch(/ENOTDIR|EACCES|EEXIST/);
  });
});

describe('kiosk profile preferences', () => {
  it('match the policy and mark a clean exit, keeping every other preference', () => {
    const merged = withKioskPreferences({ profile: { name: 'Terminal', exit_type: 'Crashed' }, intl: { accept_languages: 'ar,en' }, translate: { enabled: true } });
    expect(merged).toMatchObject({
      credentials_enable_service: false,
      autofill: { profile_enabled: false, credit_card_enabled: false },
      translate: { enabled: false },
      profile: { name: 'Terminal', password_manager_enabled: false, exit_type: 'Normal', exited_cleanly: true },
      intl: { accept_languages: 'ar,en' },
    });
  });

  it('are written into the profile, starting a missing or broken Preferences file afresh', () => {
    expect(applyKioskPreferences(dir)).toEqual({ file: preferencesFile(dir), started: true });
    expect(JSON.parse(readFileSync(preferencesFile(dir), 'utf8'))).toMatchObject({ translate: { enabled: false } });

    writeFileSync(preferencesFile(dir), JSON.stringify({ session: { restore_on_startup: 4 }, profile: { exit_type: 'Crashed' } }));
    expect(applyKioskPreferences(dir).started).toBe(false);
    expect(JSON.parse(readFileSync(preferencesFile(dir), 'utf8'))).toMatchObject({ session: { restore_on_startup: 4 }, profile: { exit_type: 'Normal' } });

    writeFileSync(preferencesFile(dir), '{ not json');
    expect(applyKioskPreferences(dir).started).toBe(true);
    expect(JSON.parse(readFileSync(preferencesFile(dir), 'utf8'))).toMatchObject({ credentials_enable_service: false });
  });

  it('clears the profile lock a killed browser leaves behind', () => {
    mkdirSync(join(dir, 'Default'), { recursive: true });
    symlinkSync('terminal-12345', join(dir, 'SingletonLock'));
    symlinkSync('/tmp/nowhere/SingletonSocket', join(dir, 'SingletonSocket'));
    clearProfileLocks(dir);
    expect(() => lstatSync(join(dir, 'SingletonLock'))).toThrow();
    expect(() => lstatSync(join(dir, 'SingletonSocket'))).toThrow();
    expect(lstatSync(join(dir, 'Default')).isDirectory()).toBe(true);
  });
});
