/**
 * The device clock as the venue API sees it (UserTime header, time check). Kept free of dayjs so the
 * first screen does not pay for the date library.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Dubai';

const pad = (n: number) => String(n).padStart(2, '0');

/** The device's own wall-clock time as `YYYY-MM-DD HH:mm:ss`. */
export function formatUserTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

const USER_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A `YYYY-MM-DD HH:mm:ss` reading as milliseconds on a common (UTC) scale; NaN when it is not a real moment. */
export function parseUserTime(text: string): number {
  const match = USER_TIME.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const back = new Date(ms);
  // Reject readings such as 2026-02-30 that Date.UTC would silently roll over.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hours > 23 || minutes > 59 || seconds > 59) return Number.NaN;
  return ms;
}
