import type { PortalDb } from '../db/db';
import { portalDb } from './database';
import { isLang, type Lang } from '../domain/lang';

export type TerminalSettings = { kiosk: boolean; defaultLanguage: Lang | null };

const KIOSK_KEY = 'kiosk';
const DEFAULT_LANGUAGE_KEY = 'defaultLanguage';

export async function getTerminalSettings(database?: PortalDb): Promise<TerminalSettings> {
  const [kiosk, defaultLanguage] = await (await (database ?? portalDb())).settings.bulkGet([KIOSK_KEY, DEFAULT_LANGUAGE_KEY]);
  return {
    kiosk: kiosk?.value === true,
    defaultLanguage: isLang(defaultLanguage?.value) ? defaultLanguage.value : null,
  };
}

export async function setKioskMode(on: boolean, database?: PortalDb): Promise<void> {
  await (await (database ?? portalDb())).settings.put({ key: KIOSK_KEY, value: on });
}

export async function setDefaultLanguage(lang: Lang | null, database?: PortalDb): Promise<void> {
  await (await (database ?? portalDb())).settings.put({ key: DEFAULT_LANGUAGE_KEY, value: lang });
}

/**
 * The `mode` query parameter provisions a terminal: `kiosk` turns kiosk mode on, `web` turns it off,
 * anything else (or none) leaves the device as it is. The setting outlives the URL.
 */
export async function applyModeQuery(mode: string | null | undefined, database?: PortalDb): Promise<TerminalSettings> {
  const wanted = mode?.trim().toLowerCase();
  if (wanted === 'kiosk') await setKioskMode(true, database);
  if (wanted === 'web') await setKioskMode(false, database);
  return getTerminalSettings(database);
}
