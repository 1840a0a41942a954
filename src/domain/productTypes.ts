/**
 * The product type of every kind of cart and order line (the spec gives no numbers; docs/decisions.md). Orders price
 * each kind from the server's own tables by id; promotions match a line only when id and product type both match.
 */
export const PRODUCT_TYPE = {
  event: 1,
  trainer: 2,
  academy: 3,
  membership: 4,
  facility: 6,
  offer: 7,
  pos: 8,
} as const;

export type ProductTypeId = (typeof PRODUCT_TYPE)[keyof typeof PRODUCT_TYPE];
