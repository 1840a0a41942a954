import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, delayFor, INITIAL_BACKOFF_STATE, nextRestart, type BackoffState } from './backoff';

/** The delays of restarts after runs of the given lengths, from a fresh schedule. */
function delays(runs: number[], options = DEFAULT_BACKOFF): number[] {
  let state: BackoffState = INITIAL_BACKOFF_STATE;
  return runs.map((ranForMs) => {
    const next = nextRestart(state, ranForMs, options);
    state = next.state;
    return next.delayMs;
  });
}

describe('restart back-off', () => {
  it('starts at 1 s and doubles on each quick failure up to the 60 s cap', () => {
    expect(delays([100, 100, 100, 100, 100, 100, 100, 100, 100])).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('starts again at 1 s after a run of at least stableAfterMs', () => {
    const stable = DEFAULT_BACKOFF.stableAfterMs;
    expect(delays([0, 0, 0, 0, stable, 0, 0])).toEqual([1_000, 2_000, 4_000, 8_000, 1_000, 2_000, 4_000]);
  });

  it('does not reset after a run just short of stableAfterMs', () => {
    expect(delays([0, 0, DEFAULT_BACKOFF.stableAfterMs - 1])).toEqual([1_000, 2_000, 4_000]);
  });

  it('follows configured settings', () => {
    const options = { initialDelayMs: 50, maxDelayMs: 300, stableAfterMs: 1_000 };
    expect(delays([0, 0, 0, 0, 0, 2_000, 10], options)).toEqual([50, 100, 200, 300, 300, 50, 100]);
  });

  it('stays at the cap however many failures came before (no overflow)', () => {
    expect(delayFor(5_000, DEFAULT_BACKOFF)).toBe(60_000);
    expect(delayFor(-3, DEFAULT_BACKOFF)).toBe(1_000);
  });
});
