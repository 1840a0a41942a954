import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, asMinutes, dayNumber, minutesOfTime, secondsOfTime, slotInterval, type Minutes } from './dayTime';

describe('booking date and time strings', () => {
  it.each<[string, number | null]>([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['2024-02-29', 19782],
    ['2023-02-29', null],
    ['2024-13-01', null],
    ['24-01-01', null],
    ['', null],
  ])('[S1-9.25] dayNumber(%j) = %s', (date, days) => {
    expect(dayNumber(date)).toBe(days);
  });

  it.each<[string, number, string | null]>([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-01-01', 0, '2024-01-01'],
    ['not a date', 1, null],
  ])('addDays(%j, %i) = %j', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each<[string, number | null]>([
    ['00:00:00', 0],
    ['09:30:00', 34200],
    ['9:30', 34200],
    ['23:59:59', 86399],
    ['24:00:00', 86400],
    ['24:00:01', null],
    ['12:60:00', null],
    ['noon', null],
  ])('[S1-9.25] secondsOfTime(%j) = %s', (time, seconds) => {
    expect(secondsOfTime(time)).toBe(seconds);
  });

  it('minutesOfTime reads HH:mm:ss as minutes of the day', () => {
    expect(minutesOfTime('13:45:00')).toBe(825);
    expect(minutesOfTime('x')).toBeNull();
  });

  it('a slot ending at or before its start runs past midnight', () => {
    const base = (dayNumber('2024-05-01') ?? 0) * 1440;
    expect(slotInterval({ date: '2024-05-01', startTime: '10:00:00', endTime: '11:00:00' })).toEqual({ start: base + 600, end: base + 660 });
    expect(slotInterval({ date: '2024-05-01', startTime: '23:00:00', endTime: '00:00:00' })).toEqual({ start: base + 1380, end: base + 1440 });
    expect(slotInterval({ date: '2024-05-01', startTime: '22:00:00', endTime: '01:00:00' })).toEqual({ start: base + 1320, end: base + 1500 });
    expect(slotInterval({ date: 'bad', startTime: '10:00:00', endTime: '11:00:00' })).toBeNull();
  });

  it('addDays and dayNumber agree for any date and offset', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), fc.integer({ min: -1000, max: 1000 }), (when, offset) => {
        const date = when.toISOString().slice(0, 10);
        const moved = addDays(date, offset);
        expect(moved).not.toBeNull();
        expect(dayNumber(moved ?? '')).toBe((dayNumber(date) ?? 0) + offset);
      }),
    );
  });
});

describe('Minutes', () => {
  it.each([0, 90, 1440])('asMinutes(%s) is the number itself: the brand costs nothing at run time', (value) => {
    expect(asMinutes(value)).toBe(value);
  });

  it('minutes since midnight come out of a time already branded', () => {
    const start: Minutes | null = minutesOfTime('01:30:00');
    expect(start).toBe(90);
    // @ts-expect-error a plain count is not minutes
    const count: Minutes = 3;
    expect(count).toBe(3);
  });
});
