import { type Brand } from '../brand';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const MS_PER_DAY = 86_400_000;

/** Minutes, as a duration or since midnight: kept apart from counts, prices and seconds at the type level. */
export type Minutes = Brand<number, 'Minutes'>;

export const asMinutes = (value: number) => value as Minutes;

export const MINUTES_PER_DAY = asMinutes(24 * 60);

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date; null when it is not a real calendar date. */
export function dayNumber(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / MS_PER_DAY;
}

function dateOfDayNumber(days: number): string {
  return new Date(days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The date `days` after `date` (before it when negative); null when `date` is not a real date. */
export function addDays(date: string, days: number): string | null {
  const start = dayNumber(date);
  return start === null ? null : dateOfDayNumber(start + days);
}

/** Seconds since midnight of 'HH:mm:ss' (or 'HH:mm'); null when unreadable. 24:00:00 reads as the end of the day. */
export function secondsOfTime(time: string): number | null {
  const match = TIME_PATTERN.exec(time.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (minutes > 59 || seconds > 59 || hours > 24 || (hours === 24 && minutes + seconds > 0)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

export function minutesOfTime(time: string): Minutes | null {
  const seconds = secondsOfTime(time);
  return seconds === null ? null : asMinutes(seconds / 60);
}

/**
 * A slot on the timeline, in minutes since 1970-01-01 00:00, end exclusive. An end at or before the start
 * ('22:00:00'–'01:00:00', or an end of '00:00:00') runs past midnight into the next day.
 */
export function slotInterval(slot: { date: string; startTime: string; endTime: string }): { start: Minutes; end: Minutes } | null {
  const day = dayNumber(slot.date);
  const start = minutesOfTime(slot.startTime);
  const end = minutesOfTime(slot.endTime);
  if (day === null || start === null || end === null) return null;
  const base = day * MINUTES_PER_DAY;
  return { start: asMinutes(base + start), end: asMinutes(base + (end <= start ? end + MINUTES_PER_DAY : end)) };
}
