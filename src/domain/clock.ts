import { USER_TIME_FORMAT } from './contract/headers';
import { dayjs } from './dates';

export const PERMITTED_CLOCK_DIFFERENCE_MS = 5 * 60 * 1000;

/** How far apart two wall-clock readings are, either way; NaN when either cannot be read. */
export function clockDifferenceMs(userTime: string, systemTime: string): number {
  const user = dayjs.utc(userTime, USER_TIME_FORMAT, true);
  const system = dayjs.utc(systemTime, USER_TIME_FORMAT, true);
  if (!user.isValid() || !system.isValid()) return Number.NaN;
  return Math.abs(user.diff(system));
}

/** Only a reading that proves the device clock is off by more than 5 minutes counts. */
export function isClockDiscrepant(check: { userTime: string | null; systemTime: string }): boolean {
  if (check.userTime === null) return false;
  return clockDifferenceMs(check.userTime, check.systemTime) > PERMITTED_CLOCK_DIFFERENCE_MS;
}
