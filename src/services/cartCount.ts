import type * as CartQueries from '../db/cartQueries';
import { portalDb } from './database';

/** Watches a cart query once the device database is loaded (after the first screen); until then nothing is told. */
function subscribeWhenLoaded<T>(watch: (queries: typeof CartQueries) => (listener: (value: T) => void) => () => void, listener: (value: T) => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void portalDb()
    .then(() => import('../db/cartQueries'))
    .then((queries) => {
      if (!cancelled) stop = watch(queries)(listener);
    });
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** The header badge's count; it starts at 0 and fills in once the device database is loaded. */
export function subscribeCartCount(listener: (count: number) => void): () => void {
  return subscribeWhenLoaded((queries) => queries.watchCartCount, listener);
}

/** The kinds of line in the cart, for the guest-login rule. */
export function subscribeCartLineTypes(listener: (types: string[]) => void): () => void {
  return subscribeWhenLoaded((queries) => queries.watchCartLineTypes, listener);
}
