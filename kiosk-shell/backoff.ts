/**
 * When to start the browser again after it stopped: 1 s, doubling on each quick failure, capped (60 s by
 * default). A browser that ran for `stableAfterMs` or longer before it stopped counts as healthy again, so
 * the next restart is quick.
 */
export type BackoffOptions = {
  initialDelayMs: number;
  maxDelayMs: number;
  /** A run at least this long resets the schedule. */
  stableAfterMs: number;
};

export const DEFAULT_BACKOFF: BackoffOptions = { initialDelayMs: 1_000, maxDelayMs: 60_000, stableAfterMs: 120_000 };

/** How many quick failures in a row came before this restart (0 for the first one). */
export type BackoffState = { failures: number };

export const INITIAL_BACKOFF_STATE: BackoffState = { failures: 0 };

/** The delay before the restart that follows a run of `ranForMs`, and the state for the restart after it. */
export function nextRestart(state: BackoffState, ranForMs: number, options: BackoffOptions): { delayMs: number; state: BackoffState } {
  const failures = ranForMs >= options.stableAfterMs ? 0 : state.failures;
  return { delayMs: delayFor(failures, options), state: { failures: failures + 1 } };
}

/** The delay of the restart that follows `failures` quick failures in a row. */
export function delayFor(failures: number, options: BackoffOptions): number {
  // 2 ** n overflows to Infinity for large n, which Math.min turns back into the cap.
  return Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.max(0, failures));
}
