import { versionFile } from '../domain/contract/time';

/**
 * GET /version.json beside the app (not under the API), never from any cache; the `t` parameter also
 * defeats intermediaries that ignore `no-store`. Throws when it cannot be read.
 */
export async function fetchVersion(fetchImpl: typeof globalThis.fetch = globalThis.fetch, now: () => number = Date.now): Promise<string> {
  const response = await fetchImpl(`${import.meta.env.BASE_URL}version.json?t=${now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  return versionFile.parse(await response.json()).version;
}
