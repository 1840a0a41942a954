import { bookingMessage, wholeQuantity, type QuantityCheck } from './messages';

/** Spec §9: the most of one add-on a cart line may hold when its stock is not tracked. */
export const ADDON_DEFAULT_MAX = 100;

export interface AddonStock {
  inventory_enable: 0 | 1;
  total_stock?: number | null;
  sold?: number | null;
  inventory_period?: string | null;
}

const amount = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Tracked stock: the total for period 'T', otherwise the total less what was sold. Untracked: 100. */
export function addonMax(addon: AddonStock): number {
  if (addon.inventory_enable !== 1) return ADDON_DEFAULT_MAX;
  const total = amount(addon.total_stock);
  const stock = addon.inventory_period?.trim().toUpperCase() === 'T' ? total : total - amount(addon.sold);
  return Math.max(0, Math.floor(stock));
}

/** Below 0 clamps to 0; above the max is refused with 'Max quantity {max} reached'. */
export function checkAddonQuantity(addon: AddonStock, quantity: number): QuantityCheck {
  const wanted = wholeQuantity(quantity);
  const max = addonMax(addon);
  return wanted > max ? { ok: false, message: bookingMessage('rules.addonMaxReached', { max }) } : { ok: true, quantity: wanted };
}
