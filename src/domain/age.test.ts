import { describe, expect, it } from 'vitest';
import { minutesSince } from './age';

describe('minutesSince', () => {
  it.each([
    [0, 0],
    [59_999, 0],
    [60_000, 1],
    [30 * 60_000 + 5, 30],
    [-5_000, 0],
  ])('%i ms ago is %i whole minutes', (elapsed, minutes) => {
    expect(minutesSince(1_000_000, 1_000_000 + elapsed)).toBe(minutes);
  });
});
