import type { Offer, Outlet, OutletProduct } from '../contract/offersOutlets';
import { PRODUCT_TYPE } from '../productTypes';
import { newCommonLine, type OfferCartLine, type PosCartLine } from './lines';

/** One package, at the price and tax the offers call answered (the order prices it again). */
export function offerLine(offer: Offer, choice: { venueId: number; group: string }): OfferCartLine {
  const product = { product_id: offer.id, product_type_id: PRODUCT_TYPE.offer, name: offer.name, ar_name: offer.ar_name, price: offer.price, tax_amount: offer.tax_amount };
  return { ...newCommonLine(product, { ...choice, quantity: 1 }), type: 'offer', offer_id: offer.id };
}

/** `quantity` of one outlet product; the cart keeps a cart's products to one outlet. */
export function posLine(outlet: Pick<Outlet, 'id'>, product: OutletProduct, choice: { venueId: number; quantity: number; group: string }): PosCartLine {
  const sold = { product_id: product.id, product_type_id: PRODUCT_TYPE.pos, name: product.name, ar_name: product.ar_name, price: product.price, tax_amount: product.tax_amount };
  return { ...newCommonLine(sold, choice), type: 'pos', outlet_id: outlet.id };
}
