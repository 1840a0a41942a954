import { portalDb } from './database';

/** The header badge's count; it starts at 0 and fills in once the device database is loaded. */
export function subscribeCartCount(listener: (count: number) => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void portalDb()
    .then(() => import('../db/cartQueries'))
    .then(({ watchCartCount }) => {
      if (!cancelled) stop = watchCartCount(listener);
    });
  return () => {
    cancelled = true;
    stop?.();
  };
}
