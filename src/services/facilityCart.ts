import { cartTicketOfLine, type FacilityAddonLine, type FacilityCartLine } from '../domain/cart/facilityLine';
import type { CartTicket } from '../domain/booking/ticketCapacity';
import type { CartLineRow, PortalDb } from '../db/db';

/** The facility tickets in the cart kept on this device, as the capacity and dependency rules read them. */
export async function readCartTickets(db: PortalDb): Promise<CartTicket[]> {
  const lines = await db.cartLines.toArray();
  return lines.filter((line) => line.type === 'facility').map(cartTicketOfLine);
}

/**
 * Stores new lines and attaches add-ons to the line of their group, in one transaction so a crash never leaves
 * add-ons without their base line. Returns false (storing nothing) when an add-on's base line is not in the cart.
 */
export async function storeFacilityLines(db: PortalDb, sessionKey: string, lines: FacilityCartLine[], addons: FacilityAddonLine[]): Promise<boolean> {
  return db.transaction('rw', db.cartLines, async () => {
    const rows: CartLineRow[] = lines.map((line) => ({ ...line, sessionKey }));
    const stored = await db.cartLines.toArray();
    for (const addon of addons) {
      const base = rows.find((row) => row.group === addon.group) ?? stored.find((row) => row.group === addon.group);
      if (!base) return false;
      base.addons = mergeAddon(base.addons, addon);
      if (base.id !== undefined) await db.cartLines.put(base);
    }
    if (rows.length > 0) await db.cartLines.bulkAdd(rows);
    return true;
  });
}

function mergeAddon(addons: FacilityAddonLine[], addon: FacilityAddonLine): FacilityAddonLine[] {
  const same = addons.find((kept) => kept.product_id === addon.product_id);
  if (!same) return [...addons, addon];
  return addons.map((kept) => (kept === same ? { ...kept, quantity: kept.quantity + addon.quantity } : kept));
}
