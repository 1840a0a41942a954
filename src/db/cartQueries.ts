import { liveQuery } from 'dexie';
import { type CartLine } from '../domain/cart/lines';
import { db, type CartLineRow } from './db';

function lineOfRow(row: CartLineRow): CartLine {
  const { id: _id, sessionKey: _sessionKey, ...line } = row;
  return line;
}

/** The lines of one cart session kept on this device, in the order they were added. */
export async function readCartLines(sessionKey: string): Promise<CartLine[]> {
  return (await db.cartLines.where('sessionKey').equals(sessionKey).sortBy('id')).map(lineOfRow);
}

/**
 * The lines of one cart session as they change on this device: writes by other code (the booking modal stores its
 * lines itself) and by other tabs, as well as the cart's own.
 */
export function watchCartLines(sessionKey: string, listener: (lines: CartLine[]) => void): () => void {
  const subscription = liveQuery(() => readCartLines(sessionKey)).subscribe({
    next: listener,
    // A failed read changes nothing: the cart keeps what it has.
    error: () => {},
  });
  return () => subscription.unsubscribe();
}
