import { type CartAddonLine, type CartLine, type LineTarget, type MembershipCartLine } from './lines';

/**
 * The cart's changes once its rules (rules.ts) allowed them. Each returns a new list; a target that is not in the
 * cart changes nothing.
 */

export function addAddon(cart: readonly CartLine[], baseIndex: number, addon: CartAddonLine, quantity: number): CartLine[] {
  return cart.map((line, index) => {
    if (index !== baseIndex) return line;
    const held = line.addons.some((kept) => kept.product_id === addon.product_id);
    const addons = held
      ? line.addons.map((kept) => (kept.product_id === addon.product_id ? { ...kept, quantity } : kept))
      : [...line.addons, { ...addon, quantity }];
    return { ...line, addons };
  });
}

/** Removes a line with every add-on under it, or one add-on. */
export function removeTarget(cart: readonly CartLine[], target: LineTarget): CartLine[] {
  if (target.addonIndex === undefined || target.addonIndex === null) return cart.filter((_, index) => index !== target.index);
  return cart.map((line, index) => (index === target.index ? { ...line, addons: line.addons.filter((_, addonIndex) => addonIndex !== target.addonIndex) } : line));
}

/** Sets a checked quantity; 0 removes what it targets. */
export function setQuantity(cart: readonly CartLine[], target: LineTarget, quantity: number): CartLine[] {
  if (quantity <= 0) return removeTarget(cart, target);
  return cart.map((line, index) => {
    if (index !== target.index) return line;
    if (target.addonIndex === undefined || target.addonIndex === null) return { ...line, quantity };
    return { ...line, addons: line.addons.map((addon, addonIndex) => (addonIndex === target.addonIndex ? { ...addon, quantity } : addon)) };
  });
}

/** The visitor meant to renew: the membership in the cart becomes the one just chosen, as a renewal. */
export function renewMembership(cart: readonly CartLine[], index: number, line: MembershipCartLine): CartLine[] {
  return cart.map((held, heldIndex) => (heldIndex === index && held.type === 'membership' ? { ...line, is_renewal: 1 as const } : held));
}
