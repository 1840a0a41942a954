import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingDateBounds, isBookingDateSelectable, type BookingDateOptions } from './bookingDates';
import { addDays } from './dayTime';

const today = '2024-05-10';
const open: BookingDateOptions = { today, advanceBookingDaysLimit: null, customRange: null };

describe('booking date', () => {
  it('[S1-5.58] dates before today are disabled; today and later are open without limits', () => {
    expect(bookingDateBounds(open)).toEqual({ min: today, max: null });
    expect(isBookingDateSelectable('2024-05-09', open)).toBe(false);
    expect(isBookingDateSelectable(today, open)).toBe(true);
    expect(isBookingDateSelectable('2030-01-01', open)).toBe(true);
  });

  it('[S1-5.59] dates after today + advance_booking_days_limit days are disabled', () => {
    const options = { ...open, advanceBookingDaysLimit: 7 };
    expect(bookingDateBounds(options)).toEqual({ min: today, max: '2024-05-17' });
    expect(isBookingDateSelectable('2024-05-17', options)).toBe(true);
    expect(isBookingDateSelectable('2024-05-18', options)).toBe(false);
  });

  it.each([0, -3, null])('[S1-5.59] an advance limit of %s means no limit', (limit) => {
    expect(bookingDateBounds({ ...open, advanceBookingDaysLimit: limit }).max).toBeNull();
  });

  it.each<[string, BookingDateOptions['customRange'], number | null, { min: string; max: string | null }]>([
    ['a range inside the advance window bounds both ends', { start: '2024-05-12', end: '2024-05-14' }, 30, { min: '2024-05-12', max: '2024-05-14' }],
    ['a range starting in the past still starts today', { start: '2024-05-01', end: '2024-05-20' }, null, { min: today, max: '2024-05-20' }],
    ['the advance limit wins over a later range end', { start: null, end: '2024-12-31' }, 5, { min: today, max: '2024-05-15' }],
    ['an open-ended range keeps only its start', { start: '2024-06-01', end: null }, null, { min: '2024-06-01', max: null }],
    ['an unreadable range end is ignored', { start: null, end: 'soon' }, null, { min: today, max: null }],
  ])('[S1-5.60] the custom date range bounds the dates when enabled: %s', (_label, customRange, limit, bounds) => {
    expect(bookingDateBounds({ today, advanceBookingDaysLimit: limit, customRange })).toEqual(bounds);
  });

  it('[S1-5.60] a custom range wholly in the past leaves no date selectable', () => {
    const options = { ...open, customRange: { start: '2024-04-01', end: '2024-04-30' } };
    expect(isBookingDateSelectable(today, options)).toBe(false);
    expect(isBookingDateSelectable('2024-04-15', options)).toBe(false);
  });

  it('[S1-5.60] with the custom range off (null) only today and the advance limit apply', () => {
    expect(isBookingDateSelectable('2024-06-01', { ...open, customRange: null })).toBe(true);
  });

  it('an unreadable date is never selectable', () => {
    expect(isBookingDateSelectable('10-05-2024', open)).toBe(false);
  });

  it('[S1-5.58] [S1-5.59] [S1-5.60] a date is selectable exactly when it lies within the bounds', () => {
    const offset = fc.integer({ min: -60, max: 60 });
    fc.assert(
      fc.property(offset, fc.option(fc.integer({ min: 1, max: 60 })), fc.option(fc.record({ start: fc.option(offset), end: fc.option(offset) })), (candidate, limit, range) => {
        const at = (days: number | null) => (days === null ? null : addDays(today, days));
        const options: BookingDateOptions = {
          today,
          advanceBookingDaysLimit: limit,
          customRange: range === null ? null : { start: at(range.start), end: at(range.end) },
        };
        const date = at(candidate) ?? '';
        const selectable = isBookingDateSelectable(date, options);
        const expected =
          candidate >= 0 &&
          (limit === null || candidate <= limit) &&
          (range === null || ((range.start === null || candidate >= range.start) && (range.end === null || candidate <= range.end)));
        expect(selectable).toBe(expected);
      }),
    );
  });
});
