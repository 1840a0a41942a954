import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { deviceKeepsData } from './database';
import { PortalDb } from '../db/db';
import {
  applyModeQuery,
  DEFAULT_IDLE_SECONDS,
  getPinLock,
  getPinVerifier,
  getTerminalCredential,
  getTerminalSettings,
  saveProvisionedTerminal,
  setDefaultLanguage,
  setKioskMode,
  setPinLock,
  updateTerminalDetails,
} from './terminalSettings';

const TERMINAL_ID = '3f2b8c1e-9a47-4d2e-8b1f-6c0d5e7a9b24';

const freshDb = () => new PortalDb('settings-test', { indexedDB: new IDBFactory(), IDBKeyRange });

const DEVICE_KEY = 'k'.repeat(43);
const terminal = { id: TERMINAL_ID, name: 'Lobby kiosk', ar_name: 'كشك الردهة', default_language: 'ar', idle_seconds: 90, device_key: DEVICE_KEY } as const;
const verifier = { algorithm: 'PBKDF2-SHA256', iterations: 10, salt: 'c2FsdA==', hash: 'aGFzaA==' } as const;

describe('terminal settings', () => {
  it('a new device is a web terminal, not provisioned, with the default idle time', async () => {
    expect(await getTerminalSettings(freshDb())).toEqual({
      kiosk: false,
      defaultLanguage: null,
      terminalId: null,
      terminalName: null,
      idleSeconds: DEFAULT_IDLE_SECONDS,
    });
    expect(DEFAULT_IDLE_SECONDS).toBe(60);
  });

  it('keeps kiosk mode and the default language on the device', async () => {
    const database = freshDb();
    await setKioskMode(true, database);
    await setDefaultLanguage('ar', database);
    expect(await getTerminalSettings(database)).toMatchObject({ kiosk: true, defaultLanguage: 'ar' });
  });

  it('ignores stored values that are not ours', async () => {
    const database = freshDb();
    await database.settings.bulkPut([
      { key: 'defaultLanguage', value: 'fr' },
      { key: 'terminalId', value: 'x' },
      { key: 'idleSeconds', value: -4 },
      { key: 'terminalName', value: 12 },
      { key: 'staffPinVerifier', value: { algorithm: 'md5' } },
      { key: 'staffPinLock', value: { failures: 'many' } },
    ]);
    expect(await getTerminalSettings(database)).toMatchObject({ defaultLanguage: null, terminalId: null, terminalName: null, idleSeconds: 60 });
    expect(await getPinVerifier(database)).toBeNull();
    expect(await getPinLock(database)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('a first visit (no device database) reads the defaults, and ?mode=web writes nothing, without opening the database', async () => {
    vi.stubGlobal('indexedDB', { databases: async () => [] });
    try {
      const defaults = { kiosk: false, defaultLanguage: null, terminalId: null, terminalName: null, idleSeconds: DEFAULT_IDLE_SECONDS };
      expect(await getTerminalSettings()).toEqual(defaults);
      expect(await applyModeQuery('web')).toEqual(defaults);
      expect(await getTerminalCredential()).toBeNull();
      expect(await getPinLock()).toEqual({ failures: 0, lockedUntil: null });
      // Still a device that has kept nothing: the database was never opened.
      expect(await deviceKeepsData()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each<[string | null | undefined, boolean, boolean]>([
    ['kiosk', false, true],
    ['KIOSK', false, true],
    ['web', true, false],
    ['other', true, true],
    ['other', false, false],
    [null, true, true],
    [undefined, false, false],
    ['', true, true],
  ])('mode=%s with kiosk %s leaves kiosk %s', async (mode, before, after) => {
    const database = freshDb();
    await setKioskMode(before, database);
    expect((await applyModeQuery(mode, database)).kiosk).toBe(after);
    expect((await getTerminalSettings(database)).kiosk).toBe(after);
  });

  it('[S0-1.25] provisioning keeps the terminal, its verifier and kiosk mode on the device, with a fresh PIN count', async () => {
    const database = freshDb();
    await setPinLock({ failures: 3, lockedUntil: null }, database);
    await saveProvisionedTerminal(terminal, verifier, database);
    expect(await getTerminalSettings(database)).toEqual({ kiosk: true, defaultLanguage: 'ar', terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk', idleSeconds: 90 });
    expect(await getPinVerifier(database)).toEqual(verifier);
    expect(await getPinLock(database)).toEqual({ failures: 0, lockedUntil: null });
    expect(await getTerminalCredential(database)).toEqual({ terminalId: TERMINAL_ID, key: DEVICE_KEY });
    const stored = JSON.stringify(await database.settings.toArray());
    expect(stored).not.toContain('2468');
  });

  it('a device without a provisioning (or with a damaged key) has no credential to vouch with', async () => {
    const database = freshDb();
    expect(await getTerminalCredential(database)).toBeNull();
    await setKioskMode(true, database);
    expect(await getTerminalCredential(database)).toBeNull();
    await saveProvisionedTerminal(terminal, verifier, database);
    await database.settings.put({ key: 'deviceKey', value: 'short' });
    expect(await getTerminalCredential(database)).toBeNull();
  });

  it('[S0-1.25] a visitor reset (the visitor tables cleared) leaves the terminal settings alone', async () => {
    const database = freshDb();
    await saveProvisionedTerminal(terminal, verifier, database);
    await database.transaction('rw', database.cartLines, database.checkouts, async () => {
      await database.cartLines.clear();
      await database.checkouts.clear();
    });
    expect((await getTerminalSettings(database)).terminalId).toBe(TERMINAL_ID);
    expect(await getPinVerifier(database)).toEqual(verifier);
    expect(await getTerminalCredential(database)).toEqual({ terminalId: TERMINAL_ID, key: DEVICE_KEY });
  });

  it('[S0-1.25] the server may rename the terminal or change its idle time; the default language stays staff\'s choice', async () => {
    const database = freshDb();
    await saveProvisionedTerminal(terminal, verifier, database);
    await setDefaultLanguage('en', database);
    await updateTerminalDetails({ name: 'Gate kiosk', idle_seconds: 45 }, database);
    expect(await getTerminalSettings(database)).toMatchObject({ terminalName: 'Gate kiosk', idleSeconds: 45, defaultLanguage: 'en' });
  });
});
