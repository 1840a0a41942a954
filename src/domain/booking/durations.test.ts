import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asMinutes } from './dayTime';
import { durationChoices } from './durations';
import { DEFAULT_SCHEDULE_CONFIG, effectiveScheduleConfig, type ScheduleConfig } from './scheduleConfig';

const config = (overrides: Partial<ScheduleConfig>): ScheduleConfig => ({ ...DEFAULT_SCHEDULE_CONFIG, ...overrides });

describe('[S1-9.7] duration choices', () => {
  it.each<[string, Partial<ScheduleConfig>, number | null, number[]]>([
    ['minimum to maximum by the increment', { min_booking_time: 60, max_booking_time: 180, time_increment: 30 }, null, [60, 90, 120, 150, 180]],
    ['no maximum: up to the span of available slots', { min_booking_time: 60, time_increment: 60 }, 240, [60, 120, 180, 240]],
    ['both: the smaller ceiling wins', { min_booking_time: 60, max_booking_time: 300, time_increment: 60 }, 180, [60, 120, 180]],
    ['both: a span beyond the maximum changes nothing', { min_booking_time: 60, max_booking_time: 120, time_increment: 60 }, 600, [60, 120]],
    ['an increment that does not divide the range stops below the ceiling', { min_booking_time: 60, max_booking_time: 200, time_increment: 45 }, null, [60, 105, 150, 195]],
    ['neither maximum nor span: only the minimum', { min_booking_time: 60 }, null, [60]],
    ['span equal to the minimum: only the minimum', { min_booking_time: 90, time_increment: 30 }, 90, [90]],
    ['span below the minimum: nothing fits', { min_booking_time: 90 }, 60, []],
    ['no span at all: nothing fits', { min_booking_time: 60 }, 0, []],
    ['defaults over a 3-hour day', {}, 180, [60, 120, 180]],
  ])('%s', (_label, overrides, span, expected) => {
    expect(durationChoices(config(overrides), span === null ? null : asMinutes(span))).toEqual(expected);
  });

  it('[S1-9.1] [S1-9.2] the default config over an unknown span offers 60 minutes', () => {
    expect(durationChoices(effectiveScheduleConfig(null), null)).toEqual([60]);
  });

  it('choices are the minimum plus whole increments, ascending, within bounds, and include the minimum whenever it fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 240 }),
        fc.option(fc.integer({ min: 1, max: 1440 })),
        fc.integer({ min: 1, max: 120 }),
        fc.option(fc.integer({ min: 0, max: 1440 })),
        (min, max, increment, span) => {
          const choices = durationChoices(effectiveScheduleConfig({ min_booking_time: min, max_booking_time: max, time_increment: increment }), span === null ? null : asMinutes(span));
          const ceiling = Math.min(max === null ? Infinity : Math.max(max, min), span ?? (max === null ? min : Infinity));
          if (ceiling >= min) expect(choices[0]).toBe(min);
          else expect(choices).toEqual([]);
          choices.forEach((choice, index) => {
            expect(choice).toBe(min + index * increment);
            expect(choice).toBeLessThanOrEqual(ceiling);
          });
          if (choices.length > 0) expect((choices.at(-1) ?? 0) + increment).toBeGreaterThan(ceiling);
        },
      ),
    );
  });
});
