import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_WEEKDAYS_MASK, WEEKDAYS, WEEKDAY_FLAGS, daysFromMask, maskFromDays, weekdayOfIndex, type Weekday } from './weekdays';

describe('[S0-3.28] weekday bit flags', () => {
  it('Sunday 1, Monday 2, Tuesday 4, Wednesday 8, Thursday 16, Friday 32, Saturday 64', () => {
    expect(WEEKDAY_FLAGS).toEqual({ sunday: 1, monday: 2, tuesday: 4, wednesday: 8, thursday: 16, friday: 32, saturday: 64 });
    expect(maskFromDays(WEEKDAYS)).toBe(ALL_WEEKDAYS_MASK);
  });

  it.each<[number, Weekday[]]>([
    [0, []],
    [1, ['sunday']],
    [2, ['monday']],
    [3, ['sunday', 'monday']],
    [62, ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']],
    [65, ['sunday', 'saturday']],
    [127, [...WEEKDAYS]],
    [128 + 4, ['tuesday']],
    [-1, []],
    [1.5, []],
    [Number.NaN, []],
  ])('daysFromMask(%s) = %j', (mask, days) => {
    expect(daysFromMask(mask)).toEqual(days);
  });

  it.each<[Weekday[], number]>([
    [[], 0],
    [['friday'], 32],
    [['saturday', 'sunday'], 65],
    [['monday', 'monday'], 2],
  ])('maskFromDays(%j) = %s', (days, mask) => {
    expect(maskFromDays(days)).toBe(mask);
  });

  it.each([
    [0, 'sunday'],
    [6, 'saturday'],
    [7, null],
    [-1, null],
  ])('weekdayOfIndex(%s) = %s', (index, day) => {
    expect(weekdayOfIndex(index)).toBe(day);
  });

  it('round-trips every mask and every set of days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 127 }), (mask) => {
        expect(maskFromDays(daysFromMask(mask))).toBe(mask);
      }),
    );
    fc.assert(
      fc.property(fc.subarray([...WEEKDAYS]), (days) => {
        expect(daysFromMask(maskFromDays(days))).toEqual(days);
      }),
    );
  });
});
