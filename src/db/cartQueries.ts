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
