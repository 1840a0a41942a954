import { type Minutes } from './dayTime';
import { type ScheduleConfig } from './scheduleConfig';

/**
 * The durations (minutes) a visitor can pick: the minimum, then each increment up to the maximum. Without a
 * maximum the span of available slots is the ceiling; with both, the smaller wins, since a longer booking
 * could not fit the day. With neither, only the minimum is offered. Empty when the span is below the minimum.
 */
export function durationChoices(config: ScheduleConfig, availableSpanMinutes: Minutes | null): number[] {
  const min = config.min_booking_time;
  const ceilings = [config.max_booking_time, availableSpanMinutes].filter((value): value is number => value !== null && Number.isFinite(value));
  const ceiling = ceilings.length > 0 ? Math.min(...ceilings) : min;
  if (!(min > 0) || ceiling < min) return [];
  if (!(config.time_increment > 0)) return [min];
  const count = Math.floor((ceiling - min) / config.time_increment) + 1;
  return Array.from({ length: count }, (_, step) => min + step * config.time_increment);
}
