import { describe, expect, it } from 'vitest';
import { age, byteSize, clockTime, countdown } from './units';

describe('[S0-1.25] staff panel units', () => {
  it.each<[number, string, string]>([
    [0, '0', 'B'],
    [-5, '0', 'B'],
    [1023, '1023', 'B'],
    [1024, '1', 'KB'],
    [1536, '1.5', 'KB'],
    [10 * 1024 + 100, '10', 'KB'],
    [5.25 * 1024 * 1024, '5.3', 'MB'],
    [734 * 1024 * 1024, '734', 'MB'],
    [3 * 1024 ** 3, '3', 'GB'],
    [4096 * 1024 ** 3, '4096', 'GB'],
  ])('byteSize(%s) = %s %s', (bytes, value, unit) => {
    expect(byteSize(bytes)).toEqual({ value, unit });
  });

  const NOW = 1_750_000_000_000;
  it.each<[number, ReturnType<typeof age>]>([
    [0, { unit: 'seconds', count: 0 }],
    [-5000, { unit: 'seconds', count: 0 }],
    [59_999, { unit: 'seconds', count: 59 }],
    [60_000, { unit: 'minutes', count: 1 }],
    [3_599_000, { unit: 'minutes', count: 59 }],
    [3_600_000, { unit: 'hours', count: 1 }],
    [86_399_000, { unit: 'hours', count: 23 }],
    [86_400_000 * 3, { unit: 'days', count: 3 }],
  ])('age %s ms ago', (ago, expected) => {
    expect(age(NOW - ago, NOW)).toEqual(expected);
  });

  it.each<[number, string]>([
    [300, '5:00'],
    [299.2, '5:00'],
    [61, '1:01'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('countdown(%s) = %s', (seconds, text) => {
    expect(countdown(seconds)).toBe(text);
  });

  it.each<[number, number, string]>([
    [9, 5, '09:05'],
    [14, 30, '14:30'],
    [0, 0, '00:00'],
    [23, 59, '23:59'],
  ])('clockTime at %s:%s reads %s', (hours, minutes, text) => {
    expect(clockTime(new Date(2026, 2, 1, hours, minutes, 42).getTime())).toBe(text);
  });
});
