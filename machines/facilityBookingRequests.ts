import { wholeQuantity } from '../src/domain/booking/messages';
import { facilityAddonLine, facilityProductLine, type FacilitySlotChoice } from '../src/domain/cart/facilityLine';
import { type VisitorEntry } from '../src/domain/contract/visitors';
import type { FacilityBookingContext } from './facilityBooking';
import { type AddLinesRequest, type FacilityProductsRequest, type ScheduleRequest, type SlotRequest } from './facilityBookingActors';
import { addonOf, itemFilterKind, selectedFacility, ticketOf } from './facilityBookingSelectors';

/** What the booking machine's calls send, built from its context. */

function filterQuery(context: FacilityBookingContext) {
  return {
    venue_service_id: context.serviceId ?? 0,
    date: context.date,
    ...(context.surfaceId !== null ? { facility_surface_id: context.surfaceId } : {}),
    ...(context.outdoor !== null ? { is_outdoor: context.outdoor } : {}),
  };
}

export function scheduleRequest(context: FacilityBookingContext): ScheduleRequest {
  return { ...filterQuery(context), game_formations: context.formationId !== null ? [context.formationId] : [] };
}

export function slotRequest(context: FacilityBookingContext): SlotRequest {
  const kind = itemFilterKind(context);
  const item = context.itemFilterId > 0 ? context.itemFilterId : null;
  return {
    ...filterQuery(context),
    start_time: context.slot?.start_time ?? '',
    end_time: context.slot?.end_time ?? '',
    ...(context.formationId !== null ? { game_formation_id: context.formationId } : {}),
    per_capacity: context.scheduleConfig.per_capacity,
    ...(item !== null && kind === 'facility' ? { facility_id: item } : {}),
    ...(item !== null && kind === 'product' ? { product_id: item } : {}),
  };
}

export function productsRequest(context: FacilityBookingContext): FacilityProductsRequest {
  const facility = selectedFacility(context);
  return { ...slotRequest(context), per_capacity: facility?.per_capacity ?? 0, facility_id: context.facilityId ?? 0 };
}

/** The chosen slot and facility, for lines of the last base group. */
function slotChoice(context: FacilityBookingContext): FacilitySlotChoice {
  return {
    venueId: context.config.venue_id ?? 0,
    serviceId: context.serviceId ?? 0,
    date: context.date,
    startTime: context.slot?.start_time ?? '',
    endTime: context.slot?.end_time ?? '',
    facilityId: context.facilityId,
    facilityName: selectedFacility(context)?.name ?? context.products?.facility.name ?? '',
    group: context.baseGroup ?? '',
  };
}

/** A pitch's default products, each in its own quantity, sharing the base group. */
export function defaultLines(context: FacilityBookingContext): AddLinesRequest {
  const choice = slotChoice(context);
  return {
    lines: (context.products?.default_products ?? []).map((product) => facilityProductLine(product, { ...choice, quantity: product.quantity, customers: [] })),
    addons: [],
  };
}

/** The pending ticket in its stepper's quantity, with the visitors entered for it. */
export function ticketLines(context: FacilityBookingContext, customers: VisitorEntry[]): AddLinesRequest {
  const ticket = ticketOf(context, context.pendingTicketId);
  if (!ticket) return { lines: [], addons: [] };
  const quantity = wholeQuantity(context.ticketQuantities[ticket.product_id] ?? 0);
  return { lines: [facilityProductLine(ticket, { ...slotChoice(context), quantity, customers })], addons: [] };
}

/** The pending add-on in its stepper's quantity, under the base group. */
export function addonLines(context: FacilityBookingContext): AddLinesRequest {
  const addon = context.pendingAddonId !== null ? addonOf(context, context.pendingAddonId) : null;
  if (!addon) return { lines: [], addons: [] };
  const quantity = wholeQuantity(context.addonQuantities[addon.product_id] ?? 0);
  return { lines: [], addons: [facilityAddonLine(addon, { venueId: context.config.venue_id ?? 0, quantity, group: context.baseGroup ?? '' })] };
}
