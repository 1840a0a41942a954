import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PERMITTED_CLOCK_DIFFERENCE_MS, clockDifferenceMs, isClockDiscrepant } from './clock';
import { DATE_FORMATS, dayjs } from './dates';

describe('clock check', () => {
  it('[S0-9.19] permits 5 minutes', () => {
    expect(PERMITTED_CLOCK_DIFFERENCE_MS).toBe(300000);
  });

  it.each<[string, string, number]>([
    ['2024-03-05 10:00:00', '2024-03-05 10:00:00', 0],
    ['2024-03-05 10:05:00', '2024-03-05 10:00:00', 300000],
    ['2024-03-05 10:00:00', '2024-03-05 10:05:01', 301000],
    ['2024-03-05 23:59:30', '2024-03-06 00:00:30', 60000],
    ['2024-03-05', '2024-03-05 10:00:00', Number.NaN],
    ['garbage', '2024-03-05 10:00:00', Number.NaN],
  ])('clockDifferenceMs(%s, %s) = %s', (user, system, ms) => {
    expect(clockDifferenceMs(user, system)).toBe(ms);
  });

  it.each<[string, string | null, string, boolean]>([
    ['[S0-7.35] same time', '2024-03-05 10:00:00', '2024-03-05 10:00:00', false],
    ['[S0-7.35] exactly 5 minutes ahead', '2024-03-05 10:05:00', '2024-03-05 10:00:00', false],
    ['[S0-7.35] 5 minutes 1 second ahead', '2024-03-05 10:05:01', '2024-03-05 10:00:00', true],
    ['[S0-7.35] 5 minutes 1 second behind', '2024-03-05 09:54:59', '2024-03-05 10:00:00', true],
    ['[S0-7.35] a day off', '2024-03-04 10:00:00', '2024-03-05 10:00:00', true],
    ['no user time', null, '2024-03-05 10:00:00', false],
    ['unreadable server time', '2024-03-05 10:00:00', 'soon', false],
  ])('%s', (_title, userTime, systemTime, discrepant) => {
    expect(isClockDiscrepant({ userTime, systemTime })).toBe(discrepant);
  });

  it('[S0-7.35] is discrepant exactly when the readings are more than 5 minutes apart', () => {
    const base = dayjs.utc('2024-03-05 10:00:00', DATE_FORMATS.dateTime);
    fc.assert(
      fc.property(fc.integer({ min: -86400, max: 86400 }), (seconds) => {
        const userTime = base.add(seconds, 'second').format(DATE_FORMATS.dateTime);
        const systemTime = base.format(DATE_FORMATS.dateTime);
        expect(clockDifferenceMs(userTime, systemTime)).toBe(Math.abs(seconds) * 1000);
        expect(isClockDiscrepant({ userTime, systemTime })).toBe(Math.abs(seconds) > 300);
      }),
    );
  });
});
