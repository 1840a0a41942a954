import type { PortalDb } from '../db/db';
import { type ProvisionedTerminal, type Terminal } from '../domain/contract/terminals';
import { isDeviceKey, isTerminalId, type TerminalCredential } from '../domain/kiosk/deviceKey';
import { UNLOCKED, type PinLock } from '../domain/kiosk/pinLock';
import { keptDataDb, portalDb } from './database';
import { isLang, type Lang } from '../domain/lang';
import { isPinVerifier, type PinVerifier } from './pinVerifier';

/**
 * What this device knows about itself as a terminal, kept in the Dexie `settings` table. A visitor reset never
 * touches that table: it clears the visitor's tables, web storage, cookies and personal caches only.
 */
export type TerminalSettings = {
  kiosk: boolean;
  defaultLanguage: Lang | null;
  /** The server's id of this terminal once it has been provisioned. */
  terminalId: string | null;
  terminalName: string | null;
  /** Seconds without a touch before the terminal asks whether the visitor is still there. */
  idleSeconds: number;
};

export const DEFAULT_IDLE_SECONDS = 60;

const KIOSK_KEY = 'kiosk';
const DEFAULT_LANGUAGE_KEY = 'defaultLanguage';
const TERMINAL_ID_KEY = 'terminalId';
const TERMINAL_NAME_KEY = 'terminalName';
const IDLE_SECONDS_KEY = 'idleSeconds';
/** The offline verifier of the staff PIN (never the PIN itself). */
const PIN_VERIFIER_KEY = 'staffPinVerifier';
/** Wrong PINs checked on this device and the lock they caused. */
const PIN_LOCK_KEY = 'staffPinLock';
/** The device key of the latest provisioning: it vouches for the leads this terminal queued offline. */
const DEVICE_KEY_KEY = 'deviceKey';

const database = (given?: PortalDb) => (given ? Promise.resolve(given) : portalDb());
/** A device that has kept nothing has no settings: a first visit reads the defaults without loading Dexie. */
const readableDatabase = (given?: PortalDb) => (given ? Promise.resolve(given) : keptDataDb());

const positiveInteger = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

export async function getTerminalSettings(given?: PortalDb): Promise<TerminalSettings> {
  const db = await readableDatabase(given);
  const [kiosk, defaultLanguage, terminalId, terminalName, idleSeconds] = db
    ? await db.settings.bulkGet([KIOSK_KEY, DEFAULT_LANGUAGE_KEY, TERMINAL_ID_KEY, TERMINAL_NAME_KEY, IDLE_SECONDS_KEY])
    : [];
  return {
    kiosk: kiosk?.value === true,
    defaultLanguage: isLang(defaultLanguage?.value) ? defaultLanguage.value : null,
    terminalId: isTerminalId(terminalId?.value) ? terminalId.value : null,
    terminalName: typeof terminalName?.value === 'string' ? terminalName.value : null,
    idleSeconds: positiveInteger(idleSeconds?.value) ?? DEFAULT_IDLE_SECONDS,
  };
}

export async function setKioskMode(on: boolean, given?: PortalDb): Promise<void> {
  await (await database(given)).settings.put({ key: KIOSK_KEY, value: on });
}

export async function setDefaultLanguage(lang: Lang | null, given?: PortalDb): Promise<void> {
  await (await database(given)).settings.put({ key: DEFAULT_LANGUAGE_KEY, value: lang });
}

/**
 * The `mode` query parameter provisions a terminal: `kiosk` turns kiosk mode on, `web` turns it off,
 * anything else (or none) leaves the device as it is. The setting outlives the URL.
 */
export async function applyModeQuery(mode: string | null | undefined, given?: PortalDb): Promise<TerminalSettings> {
  const wanted = mode?.trim().toLowerCase();
  if (wanted === 'kiosk') await setKioskMode(true, given);
  const settings = await getTerminalSettings(given);
  // Turning off what is not on writes nothing: a first visit with ?mode=web keeps no data.
  if (wanted !== 'web' || !settings.kiosk) return settings;
  await setKioskMode(false, given);
  return { ...settings, kiosk: false };
}

/**
 * A terminal provisioned by staff: its id, name, idle time and default language, its device key, the offline
 * verifier of the staff PIN and a fresh attempt count, with kiosk mode on, all in one transaction.
 */
export async function saveProvisionedTerminal(terminal: ProvisionedTerminal, verifier: PinVerifier, given?: PortalDb): Promise<void> {
  const db = await database(given);
  await db.transaction('rw', db.settings, async () => {
    await db.settings.bulkPut([
      { key: KIOSK_KEY, value: true },
      { key: TERMINAL_ID_KEY, value: terminal.id },
      { key: TERMINAL_NAME_KEY, value: terminal.name },
      { key: IDLE_SECONDS_KEY, value: terminal.idle_seconds },
      { key: DEFAULT_LANGUAGE_KEY, value: terminal.default_language },
      { key: DEVICE_KEY_KEY, value: terminal.device_key },
      { key: PIN_VERIFIER_KEY, value: verifier },
      { key: PIN_LOCK_KEY, value: UNLOCKED },
    ]);
  });
}

/** This terminal's id and device key, when it has been provisioned since device keys exist. */
export async function getTerminalCredential(given?: PortalDb): Promise<TerminalCredential | null> {
  const db = await readableDatabase(given);
  if (!db) return null;
  const [terminalId, key] = await db.settings.bulkGet([TERMINAL_ID_KEY, DEVICE_KEY_KEY]);
  return isTerminalId(terminalId?.value) && isDeviceKey(key?.value) ? { terminalId: terminalId.value, key: key.value } : null;
}

/** The server's current name and idle time of this terminal (the device's default language is staff's choice here). */
export async function updateTerminalDetails(terminal: Pick<Terminal, 'name' | 'idle_seconds'>, given?: PortalDb): Promise<void> {
  await (await database(given)).settings.bulkPut([
    { key: TERMINAL_NAME_KEY, value: terminal.name },
    { key: IDLE_SECONDS_KEY, value: terminal.idle_seconds },
  ]);
}

export async function getPinVerifier(given?: PortalDb): Promise<PinVerifier | null> {
  const row = await (await readableDatabase(given))?.settings.get(PIN_VERIFIER_KEY);
  return isPinVerifier(row?.value) ? row.value : null;
}

export async function setPinVerifier(verifier: PinVerifier, given?: PortalDb): Promise<void> {
  await (await database(given)).settings.put({ key: PIN_VERIFIER_KEY, value: verifier });
}

function isPinLock(value: unknown): value is PinLock {
  if (typeof value !== 'object' || value === null) return false;
  const { failures, lockedUntil } = value as Record<string, unknown>;
  return typeof failures === 'number' && failures >= 0 && (lockedUntil === null || typeof lockedUntil === 'number');
}

export async function getPinLock(given?: PortalDb): Promise<PinLock> {
  const row = await (await readableDatabase(given))?.settings.get(PIN_LOCK_KEY);
  return isPinLock(row?.value) ? row.value : UNLOCKED;
}

export async function setPinLock(lock: PinLock, given?: PortalDb): Promise<void> {
  await (await database(given)).settings.put({ key: PIN_LOCK_KEY, value: lock });
}
