import type { Offer, Outlet, OutletProduct } from '../contract/offersOutlets';
import { roundMoney } from '../money';
import { PRODUCT_TYPE } from '../productTypes';
import type { OfferCartLine, PosCartLine } from './lines';

/** One package, at the price and tax the offers call answered (the order prices it again). */
export function offerLine(offer: Offer, choice: { venueId: number; group: string }): OfferCartLine {
  return {
    type: 'offer',
    venue_id: choice.venueId,
    product_id: offer.id,
    product_type_id: PRODUCT_TYPE.offer,
    name: offer.name,
    ar_name: offer.ar_name ?? null,
    image: null,
    quantity: 1,
    price: offer.price,
    tax_amount: offer.tax_amount,
    total_price: roundMoney(offer.price + offer.tax_amount),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
    offer_id: offer.id,
  };
}

/** `quantity` of one outlet product; the cart keeps a cart's products to one outlet. */
export function posLine(outlet: Pick<Outlet, 'id'>, product: OutletProduct, choice: { venueId: number; quantity: number; group: string }): PosCartLine {
  return {
    type: 'pos',
    venue_id: choice.venueId,
    product_id: product.id,
    product_type_id: PRODUCT_TYPE.pos,
    name: product.name,
    ar_name: product.ar_name ?? null,
    image: null,
    quantity: choice.quantity,
    price: product.price,
    tax_amount: product.tax_amount,
    total_price: roundMoney(product.price + product.tax_amount),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
    outlet_id: outlet.id,
  };
}
