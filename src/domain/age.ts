export const MINUTE_MS = 60_000;

/** How long ago something was saved, in whole minutes (never negative, should the clock have moved back). */
export function minutesSince(savedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - savedAt) / MINUTE_MS));
}
