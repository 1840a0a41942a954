import { minutesSince } from '../src/domain/age';
import { type BookingDateOptions } from '../src/domain/booking/bookingDates';
import { wholeQuantity } from '../src/domain/booking/messages';
import { type SlotOption } from '../src/domain/booking/availability';
import { participantsPerTicket } from '../src/domain/booking/ticketCapacity';
import { type Addon, type AvailableFacility, type FacilityWithProducts, type Ticket, type VenueService } from '../src/domain/contract/facilities';
import type { FacilityBookingContext } from './facilityBooking';

/** Pure reads of the booking machine's context, for the machine and the UI alike. */

export type ItemFilterKind = 'facility' | 'product' | null;


const isPosService = (service: VenueService) => service.name.trim().toLowerCase() === 'pos';

/** The services a visitor can book: the one named pos is hidden (spec §2). */
export function bookableServices(services: readonly VenueService[]): VenueService[] {
  return services.filter((service) => !isPosService(service));
}

/** The service picker lists public services and shows only when there is more than one. */
export function publicServices(services: readonly VenueService[]): VenueService[] {
  return services.filter((service) => service.is_public === 1);
}

export function showsServicePicker(services: readonly VenueService[]): boolean {
  return publicServices(services).length > 1;
}

/** Services whose English or Arabic name contains the query, ignoring case and surrounding spaces. */
export function searchServices(services: readonly VenueService[], query: string): VenueService[] {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '') return [...services];
  return services.filter((service) => [service.name, service.ar_name ?? ''].some((name) => name.toLocaleLowerCase().includes(wanted)));
}

export function selectedService(context: Pick<FacilityBookingContext, 'services' | 'serviceId'>): VenueService | null {
  return context.services.find((service) => service.id === context.serviceId) ?? null;
}

/** Which facility-or-ticket filter the selected service has (filter_by 1 facility, 2 ticket or product). */
export function itemFilterKind(context: Pick<FacilityBookingContext, 'services' | 'serviceId'>): ItemFilterKind {
  const filterBy = selectedService(context)?.filter_by ?? 0;
  return filterBy === 1 ? 'facility' : filterBy === 2 ? 'product' : null;
}

/** Formation, surface and outdoor show unless the service disables them explicitly (0). */
export function shownFilters(context: Pick<FacilityBookingContext, 'services' | 'serviceId' | 'filters'>) {
  const service = selectedService(context);
  const filters = context.filters;
  return {
    formation: service?.is_game_formation_enabled !== 0 && (filters?.formations.length ?? 0) > 0,
    surface: service?.is_surface_enabled !== 0 && (filters?.surfaces.length ?? 0) > 0,
    outdoor: service?.is_outdoor_enabled !== 0 && (filters?.outdoor.length ?? 0) > 0,
  };
}

export function selectedFacility(context: Pick<FacilityBookingContext, 'facilities' | 'facilityId'>): AvailableFacility | null {
  return context.facilities.find((facility) => facility.id === context.facilityId) ?? null;
}

/** The Continue button's running price: the chosen pitch's default products for the slot, tax included. */
export function runningPrice(context: Pick<FacilityBookingContext, 'facilities' | 'facilityId'>): number | null {
  return selectedFacility(context)?.price ?? null;
}

export function hasAddonProducts(products: FacilityWithProducts | null): boolean {
  return (products?.categories ?? []).some((category) => category.products.length > 0);
}

export function dateOptions(context: Pick<FacilityBookingContext, 'now' | 'scheduleConfig' | 'config'>): BookingDateOptions {
  const { config } = context;
  return {
    today: context.now().today,
    advanceBookingDaysLimit: context.scheduleConfig.advance_booking_days_limit,
    customRange:
      config.qube_enable_custom_booking_date_range === 1
        ? { start: config.custom_booking_start_date ?? null, end: config.custom_booking_end_date ?? null }
        : null,
  };
}

/** How old a schedule read from the cache is, in whole minutes; null when it came from the network. */
export function cachedScheduleAgeMinutes(context: Pick<FacilityBookingContext, 'schedule' | 'now'>): number | null {
  const schedule = context.schedule;
  if (!schedule || schedule.source !== 'cache') return null;
  return minutesSince(schedule.savedAt, context.now().epochMs);
}

export function shownSlots(context: Pick<FacilityBookingContext, 'slots' | 'slotLimit'>): SlotOption[] {
  return context.slots.slice(0, context.slotLimit);
}

/** Visitors the details dialog asks for: one per participant the pending ticket admits. */
export function pendingVisitorCount(context: Pick<FacilityBookingContext, 'products' | 'pendingTicketId' | 'ticketQuantities'>): number {
  const ticket = ticketOf(context, context.pendingTicketId);
  if (!ticket) return 0;
  return wholeQuantity(context.ticketQuantities[ticket.product_id] ?? 0) * participantsPerTicket(ticket);
}

/** The ticket of the chosen facility with this product id. */
export function ticketOf(context: Pick<FacilityBookingContext, 'products'>, productId: number | null): Ticket | null {
  return context.products?.products.find((product) => product.product_id === productId) ?? null;
}

/** The add-on, in any category, with this product id. */
export function addonOf(context: Pick<FacilityBookingContext, 'products'>, productId: number): Addon | null {
  for (const category of context.products?.categories ?? []) {
    const found = category.products.find((product) => product.product_id === productId);
    if (found) return found;
  }
  return null;
}
