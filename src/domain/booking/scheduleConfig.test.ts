import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE_CONFIG, effectiveScheduleConfig } from './scheduleConfig';

describe('schedule configuration', () => {
  it('[S1-9.1] [S1-9.2] [S1-9.3] defaults: minimum booking 60 minutes, increment 60, online delay 0, no maximum and no advance limit', () => {
    expect(DEFAULT_SCHEDULE_CONFIG).toEqual({
      min_booking_time: 60,
      max_booking_time: null,
      time_increment: 60,
      online_booking_delay: 0,
      advance_booking_days_limit: null,
      per_capacity: 0,
    });
    expect(effectiveScheduleConfig(null)).toEqual(DEFAULT_SCHEDULE_CONFIG);
    expect(effectiveScheduleConfig(undefined)).toEqual(DEFAULT_SCHEDULE_CONFIG);
    expect(effectiveScheduleConfig({})).toEqual(DEFAULT_SCHEDULE_CONFIG);
  });

  it('[S1-3.15] keeps every positive value the venue configured', () => {
    expect(
      effectiveScheduleConfig({
        min_booking_time: 30,
        max_booking_time: 180,
        time_increment: 15,
        online_booking_delay: 45,
        advance_booking_days_limit: 14,
        per_capacity: 1,
      }),
    ).toEqual({ min_booking_time: 30, max_booking_time: 180, time_increment: 15, online_booking_delay: 45, advance_booking_days_limit: 14, per_capacity: 1 });
  });

  it.each([
    ['zero', 0],
    ['negative', -30],
    ['null', null],
    ['not a number', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
    ['an empty string', ''],
    ['text', 'sixty'],
  ])('[S1-9.1] [S1-9.2] [S1-9.3] a %s value falls back to the default', (_label, value) => {
    expect(
      effectiveScheduleConfig({
        min_booking_time: value,
        max_booking_time: value,
        time_increment: value,
        online_booking_delay: value,
        advance_booking_days_limit: value,
        per_capacity: value,
      }),
    ).toEqual(DEFAULT_SCHEDULE_CONFIG);
  });

  it('[S1-3.15] reads numeric strings as the API may send them', () => {
    expect(effectiveScheduleConfig({ min_booking_time: '90', time_increment: '30', per_capacity: '1' })).toMatchObject({
      min_booking_time: 90,
      time_increment: 30,
      per_capacity: 1,
    });
  });

  it('[S1-3.14] per_capacity is 1 only when configured as 1', () => {
    expect(effectiveScheduleConfig({ per_capacity: 1 }).per_capacity).toBe(1);
    expect(effectiveScheduleConfig({ per_capacity: 2 }).per_capacity).toBe(0);
    expect(effectiveScheduleConfig({ per_capacity: 0 }).per_capacity).toBe(0);
  });

  it('a maximum below the minimum is raised to the minimum', () => {
    expect(effectiveScheduleConfig({ min_booking_time: 120, max_booking_time: 60 })).toMatchObject({ min_booking_time: 120, max_booking_time: 120 });
  });

  it('every effective value is usable: positive minimum and increment, non-negative delay, maximum at least the minimum', () => {
    const value = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constant(null), fc.double(), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.record({ min_booking_time: value, max_booking_time: value, time_increment: value, online_booking_delay: value, advance_booking_days_limit: value }, { requiredKeys: [] }), (input) => {
        const config = effectiveScheduleConfig(input);
        expect(config.min_booking_time).toBeGreaterThan(0);
        expect(config.time_increment).toBeGreaterThan(0);
        expect(config.online_booking_delay).toBeGreaterThanOrEqual(0);
        if (config.max_booking_time !== null) expect(config.max_booking_time).toBeGreaterThanOrEqual(config.min_booking_time);
        if (config.advance_booking_days_limit !== null) expect(config.advance_booking_days_limit).toBeGreaterThan(0);
      }),
    );
  });
});
