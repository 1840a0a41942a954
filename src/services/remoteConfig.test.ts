import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RemoteConfigFlags } from '../domain/contract/remoteConfig';
import { refreshRemoteConfig, type KeptRemoteConfig, type RemoteConfigDeps } from './remoteConfig';

const HOUR = 60 * 60_000;
const START = Date.parse('2026-03-01T08:00:00Z');

/** A device with fake storage whose fetch answers as `answer` says; the clock is vitest's fake one. */
function device(answer: (signal: AbortSignal) => Promise<RemoteConfigFlags | null>) {
  let kept: KeptRemoteConfig | null = null;
  const signals: AbortSignal[] = [];
  const deps: RemoteConfigDeps = {
    fetchFlags: (signal) => {
      signals.push(signal);
      return answer(signal);
    },
    readKept: async () => kept,
    keep: async (value) => {
      kept = value;
    },
    now: () => Date.now(),
  };
  return { deps, signals, kept: () => kept };
}

const off = async (): Promise<RemoteConfigFlags> => ({ maintenance: false });

describe('refreshRemoteConfig', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[S1-9.27] fetches on the first start and keeps the flags with the time of the fetch', async () => {
    const d = device(off);
    expect(await refreshRemoteConfig(d.deps)).toBe('fetched');
    expect(d.kept()).toEqual({ fetchedAt: START, flags: { maintenance: false } });
  });

  it('[S1-9.27] fetches no second time within 12 h, and again once 12 h have passed', async () => {
    const d = device(off);
    await refreshRemoteConfig(d.deps);
    vi.setSystemTime(START + 12 * HOUR - 1);
    expect(await refreshRemoteConfig(d.deps)).toBe('notDue');
    expect(d.signals).toHaveLength(1);
    vi.setSystemTime(START + 12 * HOUR);
    expect(await refreshRemoteConfig(d.deps)).toBe('fetched');
    expect(d.signals).toHaveLength(2);
    expect(d.kept()?.fetchedAt).toBe(START + 12 * HOUR);
  });

  it('[S1-9.26] gives a fetch that has not answered up at 60 s, aborts it and keeps nothing', async () => {
    const d = device(() => new Promise(() => {}));
    const outcome = refreshRemoteConfig(d.deps);
    let settled: string | null = null;
    void outcome.then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBeNull();
    expect(d.signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timedOut');
    expect(d.signals[0]?.aborted).toBe(true);
    expect(d.kept()).toBeNull();
  });

  it('[S1-9.26] an answer just inside 60 s is kept', async () => {
    const d = device(() => new Promise((resolve) => setTimeout(() => resolve({ maintenance: false }), 59_000)));
    const outcome = refreshRemoteConfig(d.deps);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(await outcome).toBe('fetched');
    expect(d.kept()).toEqual({ fetchedAt: START + 59_000, flags: { maintenance: false } });
  });

  it.each([
    ['answers without the flags', async () => null],
    ['throws', async () => Promise.reject(new Error('offline'))],
  ])('a fetch that %s records nothing, so the next start tries again', async (_name, answer) => {
    const d = device(answer);
    expect(await refreshRemoteConfig(d.deps)).toBe('failed');
    expect(d.kept()).toBeNull();
    expect(await refreshRemoteConfig(d.deps)).toBe('failed');
    expect(d.signals).toHaveLength(2);
  });

  it('[S1-7.37] keeps a venue maintenance flag that is on without acting on it', async () => {
    const d = device(async () => ({ maintenance: true }));
    expect(await refreshRemoteConfig(d.deps)).toBe('fetched');
    expect(d.kept()?.flags).toEqual({ maintenance: true });
  });
});
