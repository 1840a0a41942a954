import type * as z from 'zod/mini';
import type { ApiResult } from '../api/client';
import type { PortalDb } from '../db/db';
import { portalDb } from './database';

/** An answer, or when the network failed, the copy of it this device kept, with the time it was kept. */
export type DeviceBackedResult<T> = ApiResult<T> & { savedAt?: number };

export type DeviceCopyOptions = { db?: () => Promise<PortalDb>; now?: () => number };

/**
 * Venue information (the catalogue, services, offers) is kept on the device as it arrives, so a terminal without the
 * network still shows it, marked with its age. Only a network failure falls back to the kept copy; a server's
 * refusal is shown as it is. Never for anything personal: what is kept here outlives a visitor reset.
 */
export async function withDeviceCopy<T>(
  key: string,
  call: () => Promise<ApiResult<T>>,
  schema: z.ZodMiniType<T>,
  { db = () => portalDb('now'), now = Date.now }: DeviceCopyOptions = {},
): Promise<DeviceBackedResult<T>> {
  const result = await call();
  if (result.ok) {
    // Kept in the background: the screen shows the answer at once, without waiting for device storage to open.
    const savedAt = now();
    void db()
      .then((database) => database.lookups.put({ key, data: result.data, savedAt }))
      .catch(() => undefined);
    return result;
  }
  if (result.status !== 0) return result;
  const database = await db().catch(() => null);
  const kept = await database?.lookups.get(key).catch(() => undefined);
  // A copy kept by an older release may no longer fit the contract; it is then as good as none.
  const readable = kept ? schema.safeParse(kept.data) : null;
  return kept && readable?.success ? { ok: true, status: 200, data: readable.data, savedAt: kept.savedAt } : result;
}
