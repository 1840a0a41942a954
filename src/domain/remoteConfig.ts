/** The longest a remote config fetch may take before it is given up (spec 001 §9). */
export const REMOTE_CONFIG_FETCH_TIMEOUT_MS = 60_000;
/** The least time between two remote config fetches of one device (spec 001 §9). */
export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 12 * 60 * 60_000;

/**
 * Whether the device should fetch the remote config now, given when its last fetch succeeded (epoch ms, null
 * when never). A last fetch stamped in the future means the device clock was set back: waiting for it to catch up
 * could hold the flags stale for days, so a fetch is due at once.
 */
export function isRemoteConfigFetchDue(lastFetchedAt: number | null, now: number): boolean {
  if (lastFetchedAt === null || now < lastFetchedAt) return true;
  return now - lastFetchedAt >= REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS;
}
