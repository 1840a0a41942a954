import { type SearchResult } from './contract/search';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MAX_WAIT_MS = 3000;
export const SEARCH_MIN_LENGTH = 2;

export type SearchResultTarget = { to: '/events/$id' | '/training/$id' | '/academy/$id'; params: { id: string } };

const ROUTE_OF_TYPE: Record<SearchResult['type'], SearchResultTarget['to']> = {
  event: '/events/$id',
  trainer: '/training/$id',
  academy: '/academy/$id',
};

export function searchResultTarget(r: SearchResult): SearchResultTarget {
  return { to: ROUTE_OF_TYPE[r.type], params: { id: String(r.id) } };
}

export type DebounceTimers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
};

/** Looked up on every call so fake timers installed after creation still apply. */
const globalTimers: DebounceTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  now: () => Date.now(),
};

export type Debouncer<T> = { push(value: T): void; flush(): void; cancel(): void };

/**
 * Trailing debounce with a ceiling: `fn` gets the latest value once `waitMs` pass without a new one,
 * and no later than `maxWaitMs` after the first value of a burst, so steady typing still searches.
 */
export function createDebouncer<T>(
  fn: (value: T) => void,
  waitMs: number,
  maxWaitMs: number,
  timers: DebounceTimers = globalTimers,
): Debouncer<T> {
  let pending: { value: T; burstStartedAt: number; handle: unknown } | null = null;

  const fire = () => {
    if (pending === null) return;
    const { value } = pending;
    pending = null;
    fn(value);
  };

  return {
    push(value) {
      const now = timers.now();
      const burstStartedAt = pending?.burstStartedAt ?? now;
      if (pending !== null) timers.clearTimeout(pending.handle);
      const delay = Math.max(0, Math.min(waitMs, burstStartedAt + maxWaitMs - now));
      pending = { value, burstStartedAt, handle: timers.setTimeout(fire, delay) };
    },
    flush() {
      if (pending === null) return;
      timers.clearTimeout(pending.handle);
      fire();
    },
    cancel() {
      if (pending === null) return;
      timers.clearTimeout(pending.handle);
      pending = null;
    },
  };
}
