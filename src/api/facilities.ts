import type { ApiClient } from './client';
import { HEADERS } from '../domain/contract/headers';
import {
  autoFacilityCall,
  availableFacilitiesCall,
  availableFacilitiesResponse,
  cartSessionCall,
  cartSessionResponse,
  cartSyncCall,
  cartSyncResponse,
  customerConfigurationsCall,
  customerConfigurationsResponse,
  facilityWithProductsResponse,
  releaseHoldCall,
  rentalsShortCall,
  rentalsShortResponse,
  scheduleCall,
  scheduleResponse,
  serviceFiltersCall,
  serviceFiltersResponse,
  venueServicesCall,
  venueServicesResponse,
  type HoldItem,
  type ReleaseHold,
  type ScheduleQuery,
  type SlotQuery,
} from '../domain/contract/facilities';

export function getVenueServices(api: ApiClient) {
  return api.call(venueServicesCall.path(), { method: venueServicesCall.method, schema: venueServicesResponse, cache: true });
}

export function getServiceFilters(api: ApiClient, serviceId: number) {
  return api.call(serviceFiltersCall.path({ serviceId }), { method: serviceFiltersCall.method, schema: serviceFiltersResponse, cache: true });
}

/** Always from the network: availability changes by the minute. */
export function getSchedule(api: ApiClient, query: ScheduleQuery) {
  return api.call(scheduleCall.path(), { method: scheduleCall.method, query, schema: scheduleResponse });
}

export function getAvailableFacilities(api: ApiClient, query: SlotQuery) {
  return api.call(availableFacilitiesCall.path(), { method: availableFacilitiesCall.method, query, schema: availableFacilitiesResponse });
}

export function getFacilityWithProducts(api: ApiClient, query: SlotQuery & { facility_id: number }) {
  return api.call(autoFacilityCall.path(), { method: autoFacilityCall.method, query, schema: facilityWithProductsResponse });
}

export function getRentalsShort(api: ApiClient, serviceId: number) {
  return api.call(rentalsShortCall.path(), { method: rentalsShortCall.method, query: { venue_service_id: serviceId }, schema: rentalsShortResponse, cache: true });
}

export function getCustomerConfigurations(api: ApiClient) {
  return api.call(customerConfigurationsCall.path(), { method: customerConfigurationsCall.method, schema: customerConfigurationsResponse, cache: true });
}

export function openHoldSession(api: ApiClient) {
  return api.call(cartSessionCall.path(), { method: cartSessionCall.method, schema: cartSessionResponse });
}

/** Holds and releases name the hold session themselves: it may have been issued since the headers were read. */
export function holdCartItems(api: ApiClient, products: HoldItem[], holdSession: string) {
  return api.call(cartSyncCall.path(), { method: cartSyncCall.method, body: { products }, headers: { [HEADERS.session]: holdSession }, schema: cartSyncResponse });
}

export function releaseCartItem(api: ApiClient, item: ReleaseHold, holdSession: string) {
  return api.call(releaseHoldCall.path(), { method: releaseHoldCall.method, body: item, headers: { [HEADERS.session]: holdSession }, schema: cartSyncResponse });
}
