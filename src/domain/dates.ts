import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import updateLocale from 'dayjs/plugin/updateLocale.js';
import utc from 'dayjs/plugin/utc.js';
import weekday from 'dayjs/plugin/weekday.js';
import 'dayjs/locale/ar.js';
import { USER_TIME_FORMAT } from './contract/headers';
import { type Lang } from './lang';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.extend(updateLocale);
dayjs.extend(weekday);
dayjs.updateLocale('en', { weekStart: 1 });

export { dayjs };

export const DEFAULT_TIME_ZONE = 'Asia/Dubai';

export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  dateDmy: 'DD-MM-YYYY',
  time12: 'hh:mm A',
  time24: 'HH:mm:ss',
  dateTime: USER_TIME_FORMAT,
  display: 'ddd, DD MMM YYYY',
} as const;

/** Day counts of the date-range filter shortcuts. */
export const RANGE_SHORTCUTS = { lastWeek: 7, lastMonth: 30, last3Months: 90 } as const;

/** The device's own wall-clock time, as sent in the UserTime header and compared by the time check. */
export function formatUserTime(date: Date): string {
  return dayjs(date).format(DATE_FORMATS.dateTime);
}

export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Midnight of the first day of the week holding `date`: Monday for English, the Arabic locale's own start otherwise. */
export function startOfWeek(date: dayjs.ConfigType, lang: Lang): dayjs.Dayjs {
  return dayjs(date).locale(lang).startOf('week');
}
