/**
 * The optional nightly restart: a local time of day ("03:30") in the terminal's time zone (or a configured
 * IANA zone). Pure: every function takes the current time as epoch milliseconds.
 */
export type TimeOfDay = { hour: number; minute: number };

const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "03:30" or "3:30" (24-hour clock); null for anything else. */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const match = TIME_OF_DAY.exec(text.trim());
  if (!match) return null;
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

export function formatTimeOfDay({ hour, minute }: TimeOfDay): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** What a wall clock in `timeZone` (the system's zone when undefined) shows at `epochMs`. */
export function wallClock(epochMs: number, timeZone?: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at `epochMs`, in milliseconds (east positive). */
function offsetAt(epochMs: number, timeZone: string | undefined): number {
  const wall = wallClock(epochMs, timeZone);
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - wholeSeconds;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the wall clock of `timeZone` shows the given date and time. When it shows it twice
 * (clocks going back), the earlier; when it never does (clocks going forward), the same distance after the
 * gap (02:30 on a night that jumps from 02:00 to 03:00 becomes 03:30).
 */
export function zonedInstant(year: number, month: number, day: number, time: TimeOfDay, timeZone?: string): number {
  const asUtc = Date.UTC(year, month - 1, day, time.hour, time.minute);
  const offsetBefore = offsetAt(asUtc - DAY_MS, timeZone);
  const offsetAfter = offsetAt(asUtc + DAY_MS, timeZone);
  const shows = (instant: number) => {
    const wall = wallClock(instant, timeZone);
    return wall.hour === time.hour && wall.minute === time.minute && wall.day === new Date(asUtc).getUTCDate();
  };
  const valid = [asUtc - offsetBefore, asUtc - offsetAfter].filter(shows).sort((a, b) => a - b);
  return valid[0] ?? asUtc - offsetBefore;
}

/** The first instant strictly after `nowMs` at which the local clock shows `time`. */
export function nextOccurrence(nowMs: number, time: TimeOfDay, timeZone?: string): number {
  const today = wallClock(nowMs, timeZone);
  for (let days = 0; days <= 2; days += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const instant = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), time, timeZone);
    if (instant > nowMs) return instant;
  }
  // Unreachable for real zones (a day always has the time once within two days); keep a sane answer anyway.
  return nowMs + DAY_MS;
}

export type NightlyCheck =
  /** Not yet: check again at `next` (or earlier). */
  | { kind: 'wait'; next: number }
  /** Restart now; the one after is at `next`. */
  | { kind: 'due'; next: number }
  /**
   * The scheduled time passed long ago (the wall clock jumped forward, e.g. a terminal without a real-time
   * clock setting its time from the network after boot, or the machine was suspended): no restart, the
   * schedule moves on to `next`.
   */
  | { kind: 'missed'; missed: number; next: number };

/**
 * What to do about a nightly restart scheduled at `scheduledAt` when the clock reads `nowMs`. A restart is
 * due from the scheduled time until `graceMs` after it. A schedule more than a day and a bit ahead means
 * the wall clock went back; it is computed again.
 */
export function checkNightly(nowMs: number, scheduledAt: number, time: TimeOfDay, timeZone: string | undefined, graceMs: number): NightlyCheck {
  if (nowMs < scheduledAt) {
    const stale = scheduledAt - nowMs > DAY_MS + 2 * 3_600_000;
    return { kind: 'wait', next: stale ? nextOccurrence(nowMs, time, timeZone) : scheduledAt };
  }
  const next = nextOccurrence(nowMs, time, timeZone);
  if (nowMs - scheduledAt <= graceMs) return { kind: 'due', next };
  return { kind: 'missed', missed: scheduledAt, next };
}
