export const CART_BADGE_MAX = 10;

/** Blank when the cart is empty; never more than CART_BADGE_MAX. */
export function cartBadgeText(count: number): string {
  if (!(count >= 1)) return '';
  return String(Math.min(Math.floor(count), CART_BADGE_MAX));
}
