/** Readable sizes, ages and countdowns for the staff panel (the screens put the words around them). */

export type ByteUnit = 'B' | 'KB' | 'MB' | 'GB';

const UNITS: ByteUnit[] = ['B', 'KB', 'MB', 'GB'];

/** A byte count in the largest unit that keeps it at 1 or more (1024 per step); one decimal under 10, none above. */
export function byteSize(bytes: number): { value: string; unit: ByteUnit } {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 || value >= 10 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toString();
  return { value: text, unit: UNITS[unit] ?? 'GB' };
}

export type AgeUnit = 'seconds' | 'minutes' | 'hours' | 'days';

/** How long ago, in the largest whole unit; a time in the future (a clock that moved back) reads as 0 seconds. */
export function age(fromMs: number, nowMs: number): { unit: AgeUnit; count: number } {
  const seconds = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 24 * 3600) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / (24 * 3600)) };
}

/** A countdown as m:ss (Western digits, in either language). */
export function countdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A time of day as HH:mm on this device's clock (Western digits, in either language). */
export function clockTime(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
