import { DEFAULT_TIME_ZONE } from './userTime';

/** The venue's wall clock at one moment: its date, its time of day, the minute since its midnight, and the moment. */
export interface VenueNow {
  /** YYYY-MM-DD */
  today: string;
  /** HH:mm:ss */
  time: string;
  minute: number;
  epochMs: number;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, made once: the server reads the venue's today on every schedule call. */
function wallClock(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    wallClocks.set(zone, format);
  }
  return format;
}

/**
 * "Today at the venue": the venue's own wall clock (its config's time_zone; the default zone when it has none or an
 * unknown one), whatever zone the device or the server runs in.
 */
export function venueNow(timeZone: string | null | undefined, now: Date): VenueNow {
  const parts = Object.fromEntries(wallClock(timeZone || DEFAULT_TIME_ZONE).formatToParts(now).map((part) => [part.type, part.value]));
  return {
    today: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    epochMs: now.getTime(),
  };
}
