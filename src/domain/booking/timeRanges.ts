import { secondsOfTime } from './dayTime';
import { type TimeRangeLabelKey } from './messages';

/** A time-of-day filter; both ends inclusive, 'HH:mm:ss'. */
export interface TimeRange {
  id: string;
  labelKey: TimeRangeLabelKey;
  start: string;
  end: string;
}

export const ALL_SLOTS_RANGE: TimeRange = { id: 'all', labelKey: 'timeRanges.all', start: '00:00:00', end: '23:59:59' };

const THREE_HOUR_IDS = ['00-03', '03-06', '06-09', '09-12', '12-15', '15-18', '18-21', '21-24'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'All slots', then eight 3-hour ranges from 12 AM to 12 AM, each ending a second before the next begins. */
export const TIME_RANGES: readonly TimeRange[] = [
  ALL_SLOTS_RANGE,
  ...THREE_HOUR_IDS.map((id, index) => ({
    id,
    labelKey: `timeRanges.${id}` as const,
    start: `${pad(index * 3)}:00:00`,
    end: `${pad(index * 3 + 2)}:59:59`,
  })),
];

export function isInTimeRange(startTime: string, range: TimeRange): boolean {
  const at = secondsOfTime(startTime);
  const from = secondsOfTime(range.start);
  const to = secondsOfTime(range.end);
  return at !== null && from !== null && to !== null && at >= from && at <= to;
}

/** 'All slots' always, then only the ranges holding at least one slot start. */
export function offeredTimeRanges(slotStartTimes: string[]): TimeRange[] {
  return TIME_RANGES.filter((range) => range === ALL_SLOTS_RANGE || slotStartTimes.some((start) => isInTimeRange(start, range)));
}
