import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterRightPin,
  afterWrongPin,
  attemptsLeft,
  checkAgainstLock,
  currentLock,
  isLocked,
  isPinWellFormed,
  lockSecondsLeft,
  MAX_PIN_ATTEMPTS,
  normalisePin,
  STAFF_LOCK_MS,
  UNLOCKED,
  type PinLock,
} from './pinLock';

const NOW = 1_750_000_000_000;
const wrongTimes = (times: number, lock: PinLock = UNLOCKED, now = NOW) =>
  Array.from({ length: times }).reduce<PinLock>((state) => afterWrongPin(state, now), lock);

describe('[S0-1.25] staff PIN lock', () => {
  it('allows five wrong PINs, then locks for five minutes', () => {
    expect(MAX_PIN_ATTEMPTS).toBe(5);
    expect(STAFF_LOCK_MS).toBe(5 * 60_000);
    expect(attemptsLeft(UNLOCKED, NOW)).toBe(5);
    expect(attemptsLeft(wrongTimes(1), NOW)).toBe(4);
    expect(attemptsLeft(wrongTimes(4), NOW)).toBe(1);
    expect(isLocked(wrongTimes(4), NOW)).toBe(false);
    const locked = wrongTimes(5);
    expect(locked).toEqual({ failures: 5, lockedUntil: NOW + STAFF_LOCK_MS });
    expect(isLocked(locked, NOW)).toBe(true);
    expect(attemptsLeft(locked, NOW)).toBe(0);
  });

  it.each<[string, number, boolean]>([
    ['a second before the end', NOW + STAFF_LOCK_MS - 1000, true],
    ['a millisecond before the end', NOW + STAFF_LOCK_MS - 1, true],
    ['at the end', NOW + STAFF_LOCK_MS, false],
    ['long after', NOW + 10 * STAFF_LOCK_MS, false],
  ])('the lock holds %s: %s', (_when, at, locked) => {
    expect(isLocked(wrongTimes(5), at)).toBe(locked);
  });

  it('a lock that has run out starts a fresh count of five', () => {
    const after = NOW + STAFF_LOCK_MS;
    expect(currentLock(wrongTimes(5), after)).toEqual(UNLOCKED);
    expect(attemptsLeft(wrongTimes(5), after)).toBe(5);
    expect(afterWrongPin(wrongTimes(5), after)).toEqual({ failures: 1, lockedUntil: null });
  });

  it('wrong PINs while locked neither count nor move the end of the lock', () => {
    const locked = wrongTimes(5);
    expect(afterWrongPin(locked, NOW + 60_000)).toEqual(locked);
  });

  it('a right PIN forgets earlier mistakes, but not while locked', () => {
    expect(afterRightPin(wrongTimes(3), NOW)).toEqual(UNLOCKED);
    expect(afterRightPin(wrongTimes(5), NOW + 1000)).toEqual(wrongTimes(5));
    expect(afterRightPin(wrongTimes(5), NOW + STAFF_LOCK_MS)).toEqual(UNLOCKED);
  });

  it.each<[string, PinLock, boolean, number, PinLock, unknown]>([
    ['right', wrongTimes(2), true, NOW, UNLOCKED, { result: 'right' }],
    ['wrong', wrongTimes(2), false, NOW, wrongTimes(3), { result: 'wrong', attemptsLeft: 2 }],
    ['the fifth wrong', wrongTimes(4), false, NOW, wrongTimes(5), { result: 'locked', lockedUntil: NOW + STAFF_LOCK_MS }],
    ['right while locked', wrongTimes(5), true, NOW + 1000, wrongTimes(5), { result: 'locked', lockedUntil: NOW + STAFF_LOCK_MS }],
    ['right after the lock', wrongTimes(5), true, NOW + STAFF_LOCK_MS, UNLOCKED, { result: 'right' }],
  ])('checkAgainstLock: %s', (_name, lock, right, now, nextLock, check) => {
    expect(checkAgainstLock(lock, right, now)).toEqual({ lock: nextLock, check });
  });

  it('counts down whole seconds, rounded up', () => {
    const locked = wrongTimes(5);
    expect(lockSecondsLeft(locked, NOW)).toBe(300);
    expect(lockSecondsLeft(locked, NOW + 1)).toBe(300);
    expect(lockSecondsLeft(locked, NOW + 299_001)).toBe(1);
    expect(lockSecondsLeft(locked, NOW + STAFF_LOCK_MS)).toBe(0);
    expect(lockSecondsLeft(UNLOCKED, NOW)).toBe(0);
  });

  it('never counts below zero or above the maximum, whatever the sequence of PINs', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 10 * 60_000 }))), (steps) => {
        let lock = UNLOCKED;
        let now = NOW;
        for (const [right, wait] of steps) {
          now += wait;
          lock = checkAgainstLock(lock, right, now).lock;
          const left = attemptsLeft(lock, now);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(MAX_PIN_ATTEMPTS);
          expect(lock.failures).toBeLessThanOrEqual(MAX_PIN_ATTEMPTS);
          expect(isLocked(lock, now)).toBe(left === 0);
        }
      }),
    );
  });

  it.each<[string, string, boolean]>([
    ['2468', '2468', true],
    [' 24 68 ', '2468', true],
    ['٢٤٦٨', '2468', true],
    ['123', '123', false],
    ['123456789', '123456789', false],
    ['12a4', '12a4', false],
    ['', '', false],
  ])('PIN %j reads as %j (well formed: %s)', (typed, normalised, wellFormed) => {
    expect(normalisePin(typed)).toBe(normalised);
    expect(isPinWellFormed(normalisePin(typed))).toBe(wellFormed);
  });
});
