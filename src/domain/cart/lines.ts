import { type LineDiscount } from '../contract/orders';
import { type VisitorEntry } from '../contract/visitors';
import { roundMoney } from '../money';
import { type FacilityAddonLine, type FacilityCartLine } from './facilityLine';

/** An add-on rides under the line whose `group` it carries, whatever the line's kind. */
export type CartAddonLine = FacilityAddonLine;

/**
 * The fields every line carries (spec 001 §3, common line fields), plus what the cart shows (name, ar_name, image)
 * and `group`, which add-ons use to find their base line. Prices are per unit: a line costs
 * (price + tax_amount) × quantity.
 */
export interface CommonCartLine {
  venue_id: number;
  product_id: number;
  product_type_id: number;
  name: string;
  ar_name: string | null;
  image: string | null;
  quantity: number;
  price: number;
  tax_amount: number;
  total_price: number;
  customers: VisitorEntry[];
  addons: CartAddonLine[];
  discount?: LineDiscount | null;
  group: string;
}

/** What a new line sells (a facility's product, an item of the catalogue, a package, an outlet product), priced per unit. */
export interface LineProduct {
  product_id: number;
  product_type_id: number;
  name: string;
  ar_name?: string | null;
  image?: string | null;
  price: number;
  tax_amount: number;
}

/** The common fields of a new line of `quantity` units, its total in whole cents, with no visitors, add-ons or discount yet. */
export function newCommonLine(product: LineProduct, choice: { venueId: number; quantity: number; group: string }): CommonCartLine {
  return {
    venue_id: choice.venueId,
    product_id: product.product_id,
    product_type_id: product.product_type_id,
    name: product.name,
    ar_name: product.ar_name ?? null,
    image: product.image ?? null,
    quantity: choice.quantity,
    price: product.price,
    tax_amount: product.tax_amount,
    total_price: roundMoney(product.price + product.tax_amount),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
  };
}

export interface EventCartLine extends CommonCartLine {
  type: 'event';
  event_id: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:mm:ss'. */
  start_time: string;
  end_time: string;
}

export interface TrainerCartLine extends CommonCartLine {
  type: 'trainer';
  trainer_id: number;
  date: string;
  start_time: string;
  end_time: string;
}

export interface MembershipCartLine extends CommonCartLine {
  type: 'membership';
  membership_id: number;
  package_id: number | null;
  start_date: string;
  /** 1 when the visitor accepted to renew the membership already in the cart (PRODUCT.md). */
  is_renewal: 0 | 1;
}

/** A workshop (academy) place: one program from `start_date`, on the chosen weekdays (bit flags, spec 001 §3). */
export interface AcademyCartLine extends CommonCartLine {
  type: 'academy';
  workshop_id: number;
  workshop_program_id: number;
  start_date: string;
  days: number[];
}

export interface OfferCartLine extends CommonCartLine {
  type: 'offer';
  offer_id: number;
}

export interface PosCartLine extends CommonCartLine {
  type: 'pos';
  outlet_id: number;
}

/** Spec 001 §3, "Cart line types": facility, event, trainer, membership, academy, pos, offer. */
export type CartLine = FacilityCartLine | EventCartLine | TrainerCartLine | MembershipCartLine | AcademyCartLine | OfferCartLine | PosCartLine;

/** Where a change lands: a line, or one add-on under it. */
export interface LineTarget {
  index: number;
  addonIndex?: number | null;
}

/** The date a line books or starts on, when it has one. */
export function lineDate(line: CartLine): string | null {
  switch (line.type) {
    case 'facility':
    case 'event':
    case 'trainer':
      return line.date;
    case 'membership':
    case 'academy':
      return line.start_date;
    case 'offer':
    case 'pos':
      return null;
  }
}

/** The id of what the line books (facility, event, trainer, membership, workshop, offer, outlet). */
export function lineItemId(line: CartLine): number {
  switch (line.type) {
    case 'facility':
      return line.facility_id;
    case 'event':
      return line.event_id;
    case 'trainer':
      return line.trainer_id;
    case 'membership':
      return line.membership_id;
    case 'academy':
      return line.workshop_id;
    case 'offer':
      return line.offer_id;
    case 'pos':
      return line.outlet_id;
  }
}

export const isFacilityLine = (line: CartLine): line is FacilityCartLine => line.type === 'facility';
export const isMembershipLine = (line: CartLine): line is MembershipCartLine => line.type === 'membership';

/** The id field that names what each kind of line books. */
const ITEM_ID_FIELD: Record<CartLine['type'], string> = {
  facility: 'facility_id',
  event: 'event_id',
  trainer: 'trainer_id',
  membership: 'membership_id',
  academy: 'workshop_id',
  offer: 'offer_id',
  pos: 'outlet_id',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isKind = (value: unknown): value is CartLine['type'] => typeof value === 'string' && value in ITEM_ID_FIELD;
const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function isAddon(value: unknown): boolean {
  return isRecord(value) && Number.isInteger(value.product_id) && Number.isInteger(value.quantity) && isAmount(value.price) && isAmount(value.tax_amount);
}

/**
 * Whether a stored value still reads as a cart line. Lines kept on the device outlive releases of the app; one
 * that no longer reads is left out rather than breaking the whole cart (and with it the way to clear it).
 */
export function isCartLine(value: unknown): value is CartLine {
  if (!isRecord(value) || !isKind(value.type)) return false;
  return (
    Number.isInteger(value.product_id) &&
    Number.isInteger(value.quantity) &&
    (value.quantity as number) > 0 &&
    isAmount(value.price) &&
    isAmount(value.tax_amount) &&
    typeof value.name === 'string' &&
    typeof value.group === 'string' &&
    Array.isArray(value.customers) &&
    Array.isArray(value.addons) &&
    value.addons.every(isAddon) &&
    Number.isInteger(value[ITEM_ID_FIELD[value.type]])
  );
}
