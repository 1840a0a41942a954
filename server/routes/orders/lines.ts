import { type LineDiscount } from '../../../src/domain/contract/orders';
import { type orderLineKinds } from '../../db/schema/orders';

export type OrderLineKind = (typeof orderLineKinds)[number];

/** A line as the server prices it: catalogue price and tax per unit, and what it booked. */
export interface PricedLine {
  kind: OrderLineKind;
  /** A catalogue product (facility products and add-ons): only these take promotions. */
  productId: number | null;
  productTypeId: number | null;
  itemId: number | null;
  venueServiceId: number | null;
  facilityBookingId: number | null;
  name: string;
  arName: string | null;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  quantity: number;
  unitPrice: number;
  unitTax: number;
  customers: unknown[];
  addons: PricedLine[];
  discount: LineDiscount | null;
}

export type LineBase = Omit<PricedLine, 'addons' | 'discount' | 'facilityBookingId' | 'productTypeId' | 'venueServiceId'> &
  Partial<Pick<PricedLine, 'facilityBookingId' | 'productTypeId' | 'venueServiceId'>>;

export const pricedLine = (base: LineBase): PricedLine => ({
  facilityBookingId: null,
  productTypeId: null,
  venueServiceId: null,
  ...base,
  addons: [],
  discount: null,
});
