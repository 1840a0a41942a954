import type * as z from 'zod/mini';
import type { ApiResult } from '../api/client';
import type { PortalDb } from '../db/db';
import { keepOnceDeviceKeepsData, keptDataDb } from './database';
import { answerOf, readKeptRow, revalidate, showsDeviceCopyFirst } from './warmStart';

/** An answer, or when the network failed, the copy of it this device kept, with the time it was kept. */
export type DeviceBackedResult<T> = ApiResult<T> & { savedAt?: number };

/** `db`: a database of the caller's own (tests); by default the device's, which a first visit does not load for copies. */
export type DeviceCopyOptions = { db?: () => Promise<PortalDb>; now?: () => number };

/**
 * Venue information (the catalogue, services, offers) is kept on the device as it arrives, so a terminal without the
 * network still shows it, marked with its age. Only a network failure falls back to the kept copy; a server's
 * refusal is shown as it is. Never for anything personal: what is kept here outlives a visitor reset.
 *
 * At a warm start (services/warmStart.ts) the kept copy is shown at once and the network asked afterwards; the screen
 * loads again, taking that answer instead of asking twice, when it differs from the copy.
 */
export async function withDeviceCopy<T>(
  key: string,
  call: () => Promise<ApiResult<T>>,
  schema: z.ZodMiniType<T>,
  { db, now = Date.now }: DeviceCopyOptions = {},
): Promise<DeviceBackedResult<T>> {
  const kept = showsDeviceCopyFirst(key) ? readableCopy(await readKeptRow('lookups', key), 'data', schema) : null;
  if (kept) {
    // Only a good answer is worth keeping here; anything else reaches the screen when it loads again.
    void revalidate(key, kept.value, call).then((result) => {
      if (result.ok) void keep(result);
    });
    return { ok: true, status: 200, data: kept.value };
  }
  const result = await answerOf(key, call);
  return keep(result);

  async function keep(result: ApiResult<T>): Promise<DeviceBackedResult<T>> {
    if (result.ok) {
      // Kept in the background: the screen shows the answer at once, without waiting for device storage to open.
      const row = { key, data: result.data, savedAt: now() };
      if (db) void db().then((database) => database.lookups.put(row)).catch(() => undefined);
      else keepOnceDeviceKeepsData(`lookups:${key}`, (database) => database.lookups.put(row));
      return result;
    }
    if (result.status !== 0) return result;
    const database = await (db ?? keptDataDb)().catch(() => null);
    const copy = readableCopy(await database?.lookups.get(key).catch(() => undefined), 'data', schema);
    return copy ? { ok: true, status: 200, data: copy.value, savedAt: copy.savedAt } : result;
  }
}

/**
 * A row kept on the device (`field` holds the answer, `savedAt` when it was kept), read against the contract: a copy
 * kept by an older release may no longer fit it, and is then as good as none.
 */
export function readableCopy<T>(row: unknown, field: 'data' | 'response', schema: z.ZodMiniType<T>): { value: T; savedAt: number } | null {
  if (typeof row !== 'object' || row === null || !(field in row) || !('savedAt' in row) || typeof row.savedAt !== 'number') return null;
  const parsed = schema.safeParse(Reflect.get(row, field));
  return parsed.success ? { value: parsed.data, savedAt: row.savedAt } : null;
}
