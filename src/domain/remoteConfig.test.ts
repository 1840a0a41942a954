import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRemoteConfigFetchDue, REMOTE_CONFIG_FETCH_TIMEOUT_MS, REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from './remoteConfig';

const HOUR = 60 * 60_000;
const T0 = Date.parse('2026-03-01T08:00:00Z');

describe('remote config constants', () => {
  it('[S1-9.26] the fetch timeout is 60 s', () => {
    expect(REMOTE_CONFIG_FETCH_TIMEOUT_MS).toBe(60_000);
  });

  it('[S1-9.27] the minimum fetch interval is 12 h', () => {
    expect(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS).toBe(12 * HOUR);
  });
});

describe('isRemoteConfigFetchDue', () => {
  it.each([
    ['never fetched', null, T0, true],
    ['fetched just now', T0, T0, false],
    ['one hour ago', T0, T0 + HOUR, false],
    ['a millisecond short of 12 h', T0, T0 + 12 * HOUR - 1, false],
    ['exactly 12 h ago', T0, T0 + 12 * HOUR, true],
    ['two days ago', T0, T0 + 48 * HOUR, true],
    ['stamped in the future (clock set back)', T0, T0 - HOUR, true],
  ] as const)('[S1-9.27] %s → %s', (_name, last, now, due) => {
    expect(isRemoteConfigFetchDue(last, now)).toBe(due);
  });

  it('[S1-9.27] is never due twice within 12 h of a fetch, and always due after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 10 * 24 * HOUR }), (last, elapsed) => {
        expect(isRemoteConfigFetchDue(last, last + elapsed)).toBe(elapsed >= REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS);
      }),
    );
  });
});
