export type ScheduleConfig = {
  min_booking_time: number;
  max_booking_time: number | null;
  time_increment: number;
  online_booking_delay: number;
  advance_booking_days_limit: number | null;
  per_capacity: 0 | 1;
};

/** Spec §9: minimum booking 60 minutes, increment 60, online delay 0; no maximum and no advance limit. */
export const DEFAULT_SCHEDULE_CONFIG: ScheduleConfig = {
  min_booking_time: 60,
  max_booking_time: null,
  time_increment: 60,
  online_booking_delay: 0,
  advance_booking_days_limit: null,
  per_capacity: 0,
};

/** Venue APIs send numbers, numeric strings or nulls; anything else counts as missing. */
export type ScheduleConfigInput = Partial<Record<keyof ScheduleConfig, number | string | null | undefined>>;

function positive(value: number | string | null | undefined): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
}

/**
 * The configuration a facility's schedule runs on: a missing or non-positive value takes its default,
 * so 0 for max_booking_time or advance_booking_days_limit means "no limit". A maximum below the minimum
 * is raised to it, so the minimum duration is always offered.
 */
export function effectiveScheduleConfig(partial: ScheduleConfigInput | null | undefined): ScheduleConfig {
  const given = partial ?? {};
  const min = positive(given.min_booking_time) ?? DEFAULT_SCHEDULE_CONFIG.min_booking_time;
  const max = positive(given.max_booking_time);
  return {
    min_booking_time: min,
    max_booking_time: max === null ? DEFAULT_SCHEDULE_CONFIG.max_booking_time : Math.max(max, min),
    time_increment: positive(given.time_increment) ?? DEFAULT_SCHEDULE_CONFIG.time_increment,
    online_booking_delay: positive(given.online_booking_delay) ?? DEFAULT_SCHEDULE_CONFIG.online_booking_delay,
    advance_booking_days_limit: positive(given.advance_booking_days_limit) ?? DEFAULT_SCHEDULE_CONFIG.advance_booking_days_limit,
    per_capacity: positive(given.per_capacity) === 1 ? 1 : 0,
  };
}
