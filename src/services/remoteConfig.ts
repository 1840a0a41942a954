import type { ApiClient } from '../api/client';
import { getRemoteConfig } from '../api/remoteConfig';
import { type RemoteConfigFlags } from '../domain/contract/remoteConfig';
import { isRemoteConfigFetchDue, REMOTE_CONFIG_FETCH_TIMEOUT_MS } from '../domain/remoteConfig';
import { keepOnceDeviceKeepsData, keptDataDb } from './database';

/** The flags of the last successful fetch and when it was made (epoch ms). */
export type KeptRemoteConfig = { fetchedAt: number; flags: RemoteConfigFlags };

export type RemoteConfigDeps = {
  fetchFlags: (signal: AbortSignal) => Promise<RemoteConfigFlags | null>;
  readKept: () => Promise<KeptRemoteConfig | null>;
  keep: (kept: KeptRemoteConfig) => Promise<void>;
  now: () => number;
};

export type RemoteConfigOutcome = 'notDue' | 'fetched' | 'failed' | 'timedOut';

/**
 * Fetches the venue's remote config flags when the last successful fetch is 12 h old or more, giving up after
 * 60 s (spec 001 §9). A failed or timed-out fetch records nothing, so the next start tries again.
 *
 * The flags are kept and nothing reads them: the spec has a maintenance flag via remote config that "exists but is
 * disabled", so it must not take the site down. The venue's real maintenance page comes from GET config
 * (`maintenance.enabled`, spec 000), which the app shell already obeys.
 */
export async function refreshRemoteConfig(deps: RemoteConfigDeps): Promise<RemoteConfigOutcome> {
  const kept = await deps.readKept();
  if (!isRemoteConfigFetchDue(kept?.fetchedAt ?? null, deps.now())) return 'notDue';
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The race gives up at 60 s even if the fetch ignores its abort signal.
  const timedOut = new Promise<'timedOut'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timedOut');
    }, REMOTE_CONFIG_FETCH_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([deps.fetchFlags(controller.signal).catch(() => null), timedOut]);
    if (answer === 'timedOut') return 'timedOut';
    if (answer === null) return 'failed';
    await deps.keep({ fetchedAt: deps.now(), flags: answer });
    return 'fetched';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Kept in the device settings table, which a kiosk's visitor reset leaves alone, so each new visitor does not refetch;
 * on a device that keeps nothing yet, once it does.
 */
const KEPT_KEY = 'remoteConfig';

function isKeptRemoteConfig(value: unknown): value is KeptRemoteConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { fetchedAt, flags } = value as Partial<KeptRemoteConfig>;
  return typeof fetchedAt === 'number' && typeof flags === 'object' && flags !== null && typeof flags.maintenance === 'boolean';
}

/** The real refresh of this device: the venue API, the device database and the wall clock. */
export function refreshDeviceRemoteConfig(api: ApiClient): Promise<RemoteConfigOutcome> {
  return refreshRemoteConfig({
    fetchFlags: (signal) => getRemoteConfig(api, signal),
    readKept: async () => {
      const row = await (await keptDataDb())?.settings.get(KEPT_KEY);
      return isKeptRemoteConfig(row?.value) ? row.value : null;
    },
    // A device that keeps nothing asks again at its next start rather than load Dexie for one date.
    keep: async (kept) => keepOnceDeviceKeepsData(`settings:${KEPT_KEY}`, (db) => db.settings.put({ key: KEPT_KEY, value: kept })),
    now: Date.now,
  });
}
