import { portalDb } from './database';

/** Empties the cart kept on this device (logout resets user and cart). */
export async function clearCart(): Promise<void> {
  const db = await portalDb('now');
  await db.cartLines.clear();
}
