import type { ApiClient } from './client';
import {
  autoFacilityCall,
  availableFacilitiesCall,
  availableFacilitiesResponse,
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

export function holdCartItems(api: ApiClient, products: HoldItem[]) {
  return api.call(cartSyncCall.path(), { method: cartSyncCall.method, body: { products }, schema: cartSyncResponse });
}

export function releaseCartItem(api: ApiClient, item: ReleaseHold) {
  return api.call(releaseHoldCall.path(), { method: releaseHoldCall.method, body: item, schema: cartSyncResponse });
}
