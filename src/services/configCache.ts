import { type ApiClient } from '../api/client';
import { getConfig } from '../api/config';
import { db as defaultDb, type PortalDb } from '../db/db';
import { configResponse, type ConfigResponse } from '../domain/contract/config';

export type LoadedConfig = { response: ConfigResponse; source: 'network' | 'cache'; savedAt: number };

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

const SITE_KEY = 'site';

/** Network first (the in-memory copy of this visit counts as network); stored on the device for offline starts. */
export function loadConfig(api: ApiClient, database: PortalDb = defaultDb, now: () => number = Date.now): Promise<LoadedConfig> {
  return fetchConfig(api, database, now, false);
}

/** As loadConfig, but always asks the venue API again (periodic refresh, maintenance switched on or off). */
export function refreshConfig(api: ApiClient, database: PortalDb = defaultDb, now: () => number = Date.now): Promise<LoadedConfig> {
  return fetchConfig(api, database, now, true);
}

async function fetchConfig(api: ApiClient, database: PortalDb, now: () => number, reload: boolean): Promise<LoadedConfig> {
  const result = await getConfig(api, { reload });
  if (result.ok) {
    const loaded: LoadedConfig = { response: result.data, source: 'network', savedAt: now() };
    await database.config.put({ key: SITE_KEY, response: loaded.response, savedAt: loaded.savedAt }).catch(() => {
      // A device that cannot store still runs online; it only loses the offline start.
    });
    return loaded;
  }
  if (result.status === 404) throw new ConfigNotFoundError();
  const stored = await readStoredConfig(database);
  if (stored) return stored;
  throw new ConfigUnavailableError(result.status);
}

async function readStoredConfig(database: PortalDb): Promise<LoadedConfig | null> {
  const row = await database.config.get(SITE_KEY).catch(() => undefined);
  if (!row) return null;
  // A copy written by an older build may not fit today's schema; such a copy is no copy.
  const parsed = configResponse.safeParse(row.response);
  return parsed.success ? { response: parsed.data, source: 'cache', savedAt: row.savedAt } : null;
}
