import { type ApiClient } from '../api/client';
import { getConfig } from '../api/config';
import type { PortalDb } from '../db/db';
import { afterFirstScreen, keepOnceDeviceKeepsData, keptDataDb } from './database';
import { configResponse, type ConfigResponse } from '../domain/contract/config';
import { readConfigMirror, writeConfigMirror } from './configMirror';
import { readKeptRow } from './warmStart';
import { readableCopy } from './deviceCopy';

/**
 * `stored` settles once a network answer is kept on the device (the localStorage copy; the IndexedDB row follows once
 * the device keeps data, see `Database`); nothing waits for it before showing the app.
 * `revalidate`: the device's copy, taken at a warm start before asking the network, which the app does next.
 */
export type LoadedConfig = { response: ConfigResponse; source: 'network' | 'cache'; savedAt: number; stored: Promise<void>; revalidate?: boolean };

/**
 * `device`: the app's own database, read only where the device keeps data, and written only once it does (a first
 * visit keeps the config in localStorage alone, so it never loads Dexie for it); tests give a database of their own.
 */
type Database = PortalDb | 'device';

/** The venue API does not know this venue (GET config answered 404): the not-found page, no cached fallback. */
export class ConfigNotFoundError extends Error {
  override readonly name = 'ConfigNotFoundError';
  constructor() {
    super('The venue configuration was not found');
  }
}

/** Neither the network nor the device has a configuration to start with. */
export class ConfigUnavailableError extends Error {
  override readonly name = 'ConfigUnavailableError';
  constructor(readonly status: number) {
    super(`The venue configuration could not be loaded (status ${status}) and none is stored`);
  }
}

const SITE_KEY = 'site' as const;

/** Network first (the in-memory copy of this visit counts as network); stored on the device for offline starts. */
export function loadConfig(api: ApiClient, database: Database = 'device', now: () => number = Date.now): Promise<LoadedConfig> {
  return fetchConfig(api, database, now, false);
}

/**
 * The warm start (services/warmStart.ts): the device's copy at once, to be refreshed from the network straight after;
 * without a readable copy, as loadConfig.
 */
export async function loadConfigFromDevice(api: ApiClient, database: Database = 'device', now: () => number = Date.now): Promise<LoadedConfig> {
  const kept = readableConfig(readConfigMirror()) ?? readableConfig(await readKeptRow('config', SITE_KEY));
  return kept ? { ...kept, revalidate: true } : loadConfig(api, database, now);
}

/** As loadConfig, but always asks the venue API again (periodic refresh, maintenance switched on or off). */
export function refreshConfig(api: ApiClient, database: Database = 'device', now: () => number = Date.now): Promise<LoadedConfig> {
  return fetchConfig(api, database, now, true);
}

async function fetchConfig(api: ApiClient, database: Database, now: () => number, reload: boolean, retried = false): Promise<LoadedConfig> {
  const result = await getConfig(api, { reload });
  // A stale login answers 401 even here; the client has already dropped the token (onUnauthorized), so ask again.
  if (result.status === 401 && !retried) return fetchConfig(api, database, now, true, true);
  if (result.ok) {
    const savedAt = now();
    return { response: result.data, source: 'network', savedAt, stored: keepConfig(database, { key: SITE_KEY, response: result.data, savedAt }) };
  }
  if (result.status === 404) throw new ConfigNotFoundError();
  const stored = await readStoredConfig(database);
  if (stored) return stored;
  throw new ConfigUnavailableError(result.status);
}

/** After the first screen: keeping a copy is never worth a moment of the start. */
async function keepConfig(database: Database, row: { key: typeof SITE_KEY; response: ConfigResponse; savedAt: number }): Promise<void> {
  const put = (db: PortalDb) => db.config.put(row);
  try {
    if (database === 'device') await afterFirstScreen();
    writeConfigMirror({ response: row.response, savedAt: row.savedAt });
    if (database === 'device') keepOnceDeviceKeepsData(`config:${row.key}`, put);
    else await put(database);
  } catch {
    // A device that cannot store still runs online; it only loses the offline start.
  }
}

async function readStoredConfig(database: Database): Promise<LoadedConfig | null> {
  const db = database === 'device' ? await keptDataDb().catch(() => null) : database;
  const row = await db?.config.get(SITE_KEY).catch(() => undefined);
  return readableConfig(row) ?? readableConfig(readConfigMirror());
}

/** A copy written by an older build may not fit today's schema; such a copy is no copy. */
function readableConfig(row: unknown): LoadedConfig | null {
  const kept = readableCopy(row, 'response', configResponse);
  return kept ? { response: kept.value, source: 'cache', savedAt: kept.savedAt, stored: Promise.resolve() } : null;
}
