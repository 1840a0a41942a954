import { toAsciiDigits } from '../validation/digits';

/**
 * The staff PIN of a kiosk terminal and the lock that guards it. The server counts wrong PINs per terminal; the
 * terminal keeps its own count for PINs checked offline. Both follow these rules. Times are epoch milliseconds.
 */

/** Wrong PINs in a row before the staff panel locks. */
export const MAX_PIN_ATTEMPTS = 5;
/** How long the staff panel stays locked after MAX_PIN_ATTEMPTS wrong PINs. */
export const STAFF_LOCK_MINUTES = 5;
export const STAFF_LOCK_MS = STAFF_LOCK_MINUTES * 60_000;

/** A staff PIN is 4 to 8 digits. */
export const PIN_LENGTH = { min: 4, max: 8 } as const;
const PIN_PATTERN = new RegExp(`^\\d{${PIN_LENGTH.min},${PIN_LENGTH.max}}$`);

/** The PIN as it is checked: ASCII digits (an Arabic keyboard types ٠١٢…), no spaces. */
export function normalisePin(pin: string): string {
  return toAsciiDigits(pin).replace(/\s/g, '');
}

export function isPinWellFormed(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}

/** Wrong PINs since the last right one, and the end of the lock they caused (null when not locked). */
export type PinLock = { failures: number; lockedUntil: number | null };

export const UNLOCKED: PinLock = { failures: 0, lockedUntil: null };

export function isLocked(lock: PinLock, now: number): boolean {
  return lock.lockedUntil !== null && now < lock.lockedUntil;
}

/** The lock as it stands at `now`: a lock that has run out starts a fresh count. */
export function currentLock(lock: PinLock, now: number): PinLock {
  if (lock.lockedUntil !== null && now >= lock.lockedUntil) return UNLOCKED;
  return lock;
}

/** Wrong PINs that may still be tried before the lock; 0 while locked. */
export function attemptsLeft(lock: PinLock, now: number): number {
  const current = currentLock(lock, now);
  if (isLocked(current, now)) return 0;
  return Math.max(0, MAX_PIN_ATTEMPTS - current.failures);
}

/** A wrong PIN: one more failure, and the lock once there have been MAX_PIN_ATTEMPTS. A locked terminal does not count. */
export function afterWrongPin(lock: PinLock, now: number): PinLock {
  const current = currentLock(lock, now);
  if (isLocked(current, now)) return current;
  const failures = Math.min(MAX_PIN_ATTEMPTS, current.failures + 1);
  return { failures, lockedUntil: failures >= MAX_PIN_ATTEMPTS ? now + STAFF_LOCK_MS : null };
}

/** A right PIN forgets earlier mistakes, unless the terminal is locked: then even the right PIN is refused. */
export function afterRightPin(lock: PinLock, now: number): PinLock {
  const current = currentLock(lock, now);
  return isLocked(current, now) ? current : UNLOCKED;
}

/** Whole seconds until the lock ends, rounded up; 0 when not locked. */
export function lockSecondsLeft(lock: PinLock, now: number): number {
  if (!isLocked(lock, now) || lock.lockedUntil === null) return 0;
  return Math.ceil((lock.lockedUntil - now) / 1000);
}

/** What checking a PIN found: right, wrong with the attempts left, or refused because the terminal is locked until then. */
export type PinCheck = { result: 'right' } | { result: 'wrong'; attemptsLeft: number } | { result: 'locked'; lockedUntil: number };

/** The outcome of a PIN check against a lock: the lock after it and what to tell staff. */
export function checkAgainstLock(lock: PinLock, right: boolean, now: number): { lock: PinLock; check: PinCheck } {
  const current = currentLock(lock, now);
  if (isLocked(current, now)) return { lock: current, check: { result: 'locked', lockedUntil: current.lockedUntil ?? now } };
  if (right) return { lock: UNLOCKED, check: { result: 'right' } };
  const next = afterWrongPin(current, now);
  if (isLocked(next, now)) return { lock: next, check: { result: 'locked', lockedUntil: next.lockedUntil ?? now } };
  return { lock: next, check: { result: 'wrong', attemptsLeft: attemptsLeft(next, now) } };
}
