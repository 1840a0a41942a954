import { addDays } from '../booking/dayTime';
import { type BookingRange } from '../contract/routeParams';
import { RANGE_SHORTCUTS } from '../dates';

const RANGE_DAYS: Record<Exclude<BookingRange, 'all'>, number> = {
  week: RANGE_SHORTCUTS.lastWeek,
  month: RANGE_SHORTCUTS.lastMonth,
  quarter: RANGE_SHORTCUTS.last3Months,
};

/** The first venue day a range shortcut keeps (today counts as one of its days); null keeps everything. */
export function rangeFirstDay(range: BookingRange, today: string): string | null {
  if (range === 'all') return null;
  return addDays(today, 1 - RANGE_DAYS[range]);
}
