import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { type SearchResult } from './contract/search';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_WAIT_MS,
  SEARCH_MIN_LENGTH,
  createDebouncer,
  searchResultTarget,
  type DebounceTimers,
} from './search';

const result = (type: SearchResult['type'], id: number): SearchResult => ({ type, id, name: 'Name' });

describe('search constants', () => {
  it.each([
    ['[S0-9.17] debounce', SEARCH_DEBOUNCE_MS, 300],
    ['[S0-9.18] maximum wait', SEARCH_MAX_WAIT_MS, 3000],
    ['minimum length', SEARCH_MIN_LENGTH, 2],
  ])('%s', (_title, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('searchResultTarget', () => {
  it.each([
    ['[S0-2.98] event goes to event-details', result('event', 12), { to: '/events/$id', params: { id: '12' } }],
    ['[S0-2.99] trainer goes to training-details', result('trainer', 3), { to: '/training/$id', params: { id: '3' } }],
    ['[S0-2.100] academy goes to academy-details', result('academy', 4), { to: '/academy/$id', params: { id: '4' } }],
  ])('%s', (_title, r, target) => {
    expect(searchResultTarget(r)).toEqual(target);
  });
});

describe('[S0-5.43] createDebouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once with the latest value after the wait', () => {
    const fn = vi.fn();
    const debouncer = createDebouncer<string>(fn, 300, 3000);
    debouncer.push('p');
    vi.advanceTimersByTime(100);
    debouncer.push('po');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    debouncer.push('pool');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('pool');
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('[S0-9.18] steady typing still fires by the maximum wait', () => {
    const fn = vi.fn();
    const debouncer = createDebouncer<number>(fn, 300, 3000);
    for (let i = 0; i < 40; i++) {
      debouncer.push(i);
      vi.advanceTimersByTime(100);
    }
    // Pushes at 0..3900 ms: the first burst is cut at 3000 ms, the next at 6000 ms or on its trailing edge.
    expect(fn.mock.calls).toEqual([[29]]);
    vi.advanceTimersByTime(300);
    expect(fn.mock.calls).toEqual([[29], [39]]);
  });

  it('flush fires now with the latest value; cancel drops it', () => {
    const fn = vi.fn();
    const debouncer = createDebouncer<string>(fn, 300, 3000);
    debouncer.push('a');
    debouncer.push('ab');
    debouncer.flush();
    expect(fn.mock.calls).toEqual([['ab']]);
    debouncer.flush();
    debouncer.push('abc');
    debouncer.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn.mock.calls).toEqual([['ab']]);
    debouncer.cancel();
    debouncer.push('x');
    vi.advanceTimersByTime(300);
    expect(fn.mock.calls).toEqual([['ab'], ['x']]);
  });

  it('runs on injected timers', () => {
    let now = 0;
    const scheduled: { at: number; callback: () => void }[] = [];
    const timers: DebounceTimers = {
      setTimeout: (callback, ms) => {
        const entry = { at: now + ms, callback };
        scheduled.push(entry);
        return entry;
      },
      clearTimeout: (handle) => {
        const index = scheduled.indexOf(handle as (typeof scheduled)[number]);
        if (index >= 0) scheduled.splice(index, 1);
      },
      now: () => now,
    };
    const fn = vi.fn();
    const debouncer = createDebouncer<string>(fn, 300, 3000, timers);
    debouncer.push('a');
    now = 200;
    debouncer.push('b');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.at).toBe(500);
    now = 500;
    scheduled.shift()?.callback();
    expect(fn.mock.calls).toEqual([['b']]);
  });

  it('delivers every value within the maximum wait, always the latest, and the last one within the wait', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 30 }), (gaps) => {
        const start = Date.now();
        let latestPushed = -1;
        const calls: { value: number; at: number; latestPushed: number }[] = [];
        const pushes: { value: number; at: number }[] = [];
        const debouncer = createDebouncer<number>(
          (value) => calls.push({ value, at: Date.now() - start, latestPushed }),
          300,
          3000,
        );
        gaps.forEach((gap, value) => {
          vi.advanceTimersByTime(gap);
          pushes.push({ value, at: Date.now() - start });
          latestPushed = value;
          debouncer.push(value);
        });
        vi.advanceTimersByTime(3000);
        for (const push of pushes) {
          const delivery = calls.find((call) => call.at >= push.at && call.value >= push.value);
          expect(delivery).toBeDefined();
          expect(delivery!.at - push.at).toBeLessThanOrEqual(3000);
        }
        for (const call of calls) expect(call.value).toBe(call.latestPushed);
        const last = pushes.at(-1)!;
        expect(calls.at(-1)?.value).toBe(last.value);
        expect(calls.at(-1)!.at - last.at).toBeLessThanOrEqual(300);
      }),
      { numRuns: 200 },
    );
  });
});
