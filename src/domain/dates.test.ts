import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { DATE_FORMATS, DEFAULT_TIME_ZONE, RANGE_SHORTCUTS, dayjs, startOfWeek } from './dates';

describe('dates', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('[S0-9.5] the default time zone is Asia/Dubai', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Dubai');
  });

  it.each([
    ['date', 'YYYY-MM-DD', '2024-03-05'],
    ['dateDmy', 'DD-MM-YYYY', '05-03-2024'],
    ['time12', 'hh:mm A', '02:07 PM'],
    ['time24', 'HH:mm:ss', '14:07:09'],
    ['dateTime', 'YYYY-MM-DD HH:mm:ss', '2024-03-05 14:07:09'],
    ['display', 'ddd, DD MMM YYYY', 'Tue, 05 Mar 2024'],
  ] as const)('[S0-9.22] %s is %s', (name, format, sample) => {
    expect(DATE_FORMATS[name]).toBe(format);
    expect(dayjs('2024-03-05 14:07:09', DATE_FORMATS.dateTime, true).format(format)).toBe(sample);
  });

  it.each([
    ['[S0-9.23] last week', 'lastWeek', 7],
    ['[S0-9.24] last month', 'lastMonth', 30],
    ['[S0-9.25] last 3 months', 'last3Months', 90],
  ] as const)('%s', (_title, key, days) => {
    expect(RANGE_SHORTCUTS[key]).toBe(days);
  });

  it.each([
    ['2024-03-04', 'en', '2024-03-04'],
    ['2024-03-06', 'en', '2024-03-04'],
    ['2024-03-10', 'en', '2024-03-04'],
    ['2024-03-11', 'en', '2024-03-11'],
    ['2024-03-06', 'ar', '2024-03-02'],
  ] as const)('[S0-9.6] the week of %s in %s starts on %s', (date, lang, start) => {
    const result = startOfWeek(dayjs(`${date} 15:30`), lang);
    expect(result.format(DATE_FORMATS.dateTime)).toBe(`${start} 00:00:00`);
  });

  it('[S0-9.6] an English week always starts on a Monday within the last 7 days', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (date) => {
        const start = startOfWeek(date, 'en');
        expect(start.day()).toBe(1);
        const daysBack = dayjs(date).startOf('day').diff(start, 'day');
        expect(daysBack).toBeGreaterThanOrEqual(0);
        expect(daysBack).toBeLessThan(7);
      }),
    );
  });

  it('time zones are available to the configured instance', () => {
    expect(dayjs.tz('2024-03-05 10:00', DEFAULT_TIME_ZONE).utc().format('HH:mm')).toBe('06:00');
  });
});
