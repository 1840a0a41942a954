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

export { DEFAULT_TIME_ZONE } from './userTime';

export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  dateDmy: 'DD-MM-YYYY',
  time12: 'hh:mm A',
  time24: 'HH:mm:ss',
  dateTime: USER_TIME_FORMAT,
  display: 'ddd, DD MMM YYYY',
} as const;

/** 'HH:mm:ss' as 'hh:mm A' (spec §9 formats). */
export function displayTime(time: string): string {
  return dayjs(`2000-01-01T${time === '24:00:00' ? '00:00:00' : time}`).format(DATE_FORMATS.time12);
}

/** Day counts of the date-range filter shortcuts. */
export const RANGE_SHORTCUTS = { lastWeek: 7, lastMonth: 30, last3Months: 90 } as const;

/** Midnight of the first day of the week holding `date`: Monday for English, the Arabic locale's own start otherwise. */
export function startOfWeek(date: dayjs.ConfigType, lang: Lang): dayjs.Dayjs {
  return dayjs(date).locale(lang).startOf('week');
}
