import { liveQuery } from 'dexie';
import { db } from './db';

/** Every ticket in the cart kept on this device, add-ons included, as it changes. */
export function watchCartCount(listener: (count: number) => void): () => void {
  const subscription = liveQuery(async () => {
    const lines = await db.cartLines.toArray();
    return lines.reduce((sum, line) => sum + line.quantity + line.addons.reduce((s, addon) => s + addon.quantity, 0), 0);
  }).subscribe({ next: listener, error: () => listener(0) });
  return () => subscription.unsubscribe();
}

/** The kinds of line in the cart kept on this device (guest login is allowed only for facility and event lines). */
export function watchCartLineTypes(listener: (types: string[]) => void): () => void {
  const subscription = liveQuery(async () => [...new Set((await db.cartLines.toArray()).map((line) => line.type))].sort()).subscribe({
    next: listener,
    error: () => listener([]),
  });
  return () => subscription.unsubscribe();
}
