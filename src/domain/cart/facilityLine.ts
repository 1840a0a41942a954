import { type Addon, type DefaultProduct, type Ticket } from '../contract/facilities';
import { type LineDiscount } from '../contract/orders';
import { type VisitorEntry } from '../contract/visitors';
import { participantsPerTicket, type CartTicket } from '../booking/ticketCapacity';
import { newCommonLine } from './lines';

/** An add-on bought with a facility booking; it rides under the base line that has the same `group`. */
export interface FacilityAddonLine {
  venue_id: number;
  product_id: number;
  product_type_id: number;
  category_id: number;
  name: string;
  ar_name: string | null;
  quantity: number;
  /** Per unit; the line costs (price + tax_amount) × quantity. */
  price: number;
  tax_amount: number;
  total_price: number;
  group: string;
  /** What a promotion or benefit takes off this add-on; computed by the server (benefits/verify). */
  discount?: LineDiscount | null;
}

/**
 * A facility line of the cart (spec §3, "Cart line types"): the common fields plus date, start and end timing,
 * facility, service, full-day and open-dated flags. Lines added together (a pitch's default products, or one
 * ticket) share a `group`; add-ons attach to the line of their group.
 */
export interface FacilityCartLine {
  type: 'facility';
  venue_id: number;
  product_id: number;
  product_type_id: number;
  name: string;
  ar_name: string | null;
  image: string | null;
  quantity: number;
  /** Per unit; the line costs (price + tax_amount) × quantity. */
  price: number;
  tax_amount: number;
  total_price: number;
  customers: VisitorEntry[];
  addons: FacilityAddonLine[];
  /** 'YYYY-MM-DD' in the venue's time zone. */
  date: string;
  /** 'HH:mm:ss'. */
  start_time: string;
  end_time: string;
  facility_id: number;
  facility_name: string;
  venue_service_id: number;
  is_full_day: 0 | 1;
  is_open_dated: 0 | 1;
  save_detail_for_future: 0 | 1;
  seasonal_pricing_id: number | null;
  group: string;
  /** Participants one unit admits (1 for a pitch's products). */
  participant_count: number;
  /** What a promotion or benefit takes off this line; computed by the server (benefits/verify). */
  discount?: LineDiscount | null;
  /** When the server's hold on this line (cart/sync) lapses, ISO 8601; null or absent when not held. */
  hold_expires_at?: string | null;
}

/** The booking state's view of a facility line, as the capacity, threshold and dependency rules read it. */
export function cartTicketOfLine(line: FacilityCartLine): CartTicket {
  return {
    facility_id: line.facility_id,
    bookingDate: line.date,
    product_id: line.product_id,
    quantity: line.quantity,
    participant_count: line.participant_count,
    selectedFacilityTiming: line.start_time,
    selectedFacilityEndTiming: line.end_time,
    selectedFacilityDate: line.date,
    group: line.group,
  };
}

/** What a facility line costs, add-ons included: unit price with tax, times quantity (spec §9). */
export function facilityLineTotal(line: FacilityCartLine): number {
  const addons = line.addons.reduce((sum, addon) => sum + (addon.price + addon.tax_amount) * addon.quantity, 0);
  return (line.price + line.tax_amount) * line.quantity + addons;
}

/** The slot and facility a booking takes, and the group its lines share. */
export interface FacilitySlotChoice {
  venueId: number;
  serviceId: number;
  /** 'YYYY-MM-DD' in the venue's time zone. */
  date: string;
  /** 'HH:mm:ss'. */
  startTime: string;
  endTime: string;
  /** The facility picked; a product of the facility's own answer books its facility when none is. */
  facilityId: number | null;
  facilityName: string;
  group: string;
}

/** `quantity` of a pitch's default product or of a ticket in the chosen slot, with the visitors it admits. */
export function facilityProductLine(
  product: Ticket | DefaultProduct,
  choice: FacilitySlotChoice & { quantity: number; customers: VisitorEntry[] },
): FacilityCartLine {
  const { customers } = choice;
  return {
    ...newCommonLine(product, choice),
    type: 'facility',
    total_price: product.total_price,
    customers,
    date: choice.date,
    start_time: choice.startTime,
    end_time: choice.endTime,
    facility_id: choice.facilityId ?? product.facility_id,
    facility_name: choice.facilityName,
    venue_service_id: choice.serviceId,
    is_full_day: 0,
    is_open_dated: 0,
    save_detail_for_future: customers.some((customer) => customer.save_detail_for_future) ? 1 : 0,
    seasonal_pricing_id: null,
    participant_count: 'participant_count' in product ? participantsPerTicket(product) : 1,
  };
}

/** `quantity` of an add-on, to ride under the base line of `group`. */
export function facilityAddonLine(addon: Addon, choice: { venueId: number; quantity: number; group: string }): FacilityAddonLine {
  return {
    venue_id: choice.venueId,
    product_id: addon.product_id,
    product_type_id: addon.product_type_id,
    category_id: addon.category_id,
    name: addon.name,
    ar_name: addon.ar_name ?? null,
    quantity: choice.quantity,
    price: addon.price,
    tax_amount: addon.tax_amount,
    total_price: addon.total_price,
    group: choice.group,
  };
}
