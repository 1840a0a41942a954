import type { Schedule, ScheduleQuery } from '../domain/contract/facilities';
import type { PortalDb } from '../db/db';

/** Cached schedules older than this are dropped when a new one is saved, so the table never grows without end. */
const KEEP_SCHEDULES_MS = 7 * 24 * 60 * 60 * 1000;

/** One key per service, date and filter set; the formation list is order-insensitive. */
export function scheduleCacheKey(query: ScheduleQuery): string {
  const formations = [query['game_formations[]'] ?? []].flat().map(Number).sort((a, b) => a - b);
  return [query.venue_service_id, query.date, query.facility_surface_id ?? '', query.is_outdoor ?? '', formations.join('.')].join('|');
}

export async function readCachedSchedule(db: PortalDb, query: ScheduleQuery): Promise<{ schedule: Schedule; savedAt: number } | null> {
  try {
    const row = await db.schedules.get(scheduleCacheKey(query));
    return row ? { schedule: row.schedule, savedAt: row.savedAt } : null;
  } catch {
    // Storage may be unavailable (private mode, quota); the schedule then comes from the network only.
    return null;
  }
}

export async function saveSchedule(db: PortalDb, query: ScheduleQuery, schedule: Schedule, savedAt: number): Promise<void> {
  try {
    await db.transaction('rw', db.schedules, async () => {
      await db.schedules.where('savedAt').below(savedAt - KEEP_SCHEDULES_MS).delete();
      await db.schedules.put({ key: scheduleCacheKey(query), schedule, savedAt });
    });
  } catch {
    // A schedule that cannot be kept is still shown; only the offline view loses it.
  }
}
