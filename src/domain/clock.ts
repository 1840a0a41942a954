import { parseUserTime } from './userTime';

export const PERMITTED_CLOCK_DIFFERENCE_MS = 5 * 60 * 1000;

/** How far apart two wall-clock readings are, either way; NaN when either cannot be read. */
export function clockDifferenceMs(userTime: string, systemTime: string): number {
  return Math.abs(parseUserTime(userTime) - parseUserTime(systemTime));
}

/** Only a reading that proves the device clock is off by more than 5 minutes counts. */
export function isClockDiscrepant(check: { userTime: string | null; systemTime: string }): boolean {
  if (check.userTime === null) return false;
  return clockDifferenceMs(check.userTime, check.systemTime) > PERMITTED_CLOCK_DIFFERENCE_MS;
}
