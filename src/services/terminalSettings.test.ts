import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PortalDb } from '../db/db';
import { applyModeQuery, getTerminalSettings, setDefaultLanguage, setKioskMode } from './terminalSettings';

const freshDb = () => new PortalDb('settings-test', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('terminal settings', () => {
  it('a new device is a web terminal without a default language', async () => {
    expect(await getTerminalSettings(freshDb())).toEqual({ kiosk: false, defaultLanguage: null });
  });

  it('keeps kiosk mode and the default language on the device', async () => {
    const database = freshDb();
    await setKioskMode(true, database);
    await setDefaultLanguage('ar', database);
    expect(await getTerminalSettings(database)).toEqual({ kiosk: true, defaultLanguage: 'ar' });
  });

  it('ignores a stored language that is not one of ours', async () => {
    const database = freshDb();
    await database.settings.put({ key: 'defaultLanguage', value: 'fr' });
    expect((await getTerminalSettings(database)).defaultLanguage).toBeNull();
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
});
