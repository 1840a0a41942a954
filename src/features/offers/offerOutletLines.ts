import type { OfferCartLine, PosCartLine } from '../../domain/cart/lines';
import type { Offer, Outlet, OutletProduct } from '../../domain/contract/offersOutlets';

/** The product types the cart gives packages and outlet products; orders price them by offer_id and product_id. */
const OFFER_PRODUCT_TYPE = 7;
const POS_PRODUCT_TYPE = 8;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** One package, at the price and tax the offers call answered (the order prices it again). */
export function offerLine(offer: Offer, choice: { venueId: number; group: string }): OfferCartLine {
  return {
    type: 'offer',
    venue_id: choice.venueId,
    product_id: offer.id,
    product_type_id: OFFER_PRODUCT_TYPE,
    name: offer.name,
    ar_name: offer.ar_name ?? null,
    image: null,
    quantity: 1,
    price: offer.price,
    tax_amount: offer.tax_amount,
    total_price: cents(offer.price + offer.tax_amount),
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
    product_type_id: POS_PRODUCT_TYPE,
    name: product.name,
    ar_name: product.ar_name ?? null,
    image: null,
    quantity: choice.quantity,
    price: product.price,
    tax_amount: product.tax_amount,
    total_price: cents(product.price + product.tax_amount),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
    outlet_id: outlet.id,
  };
}
