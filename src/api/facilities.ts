import type { ApiClient } from './client';
import {
  availableFacilitiesResponse,
  cartSyncResponse,
  customerConfigurationsResponse,
  facilityWithProductsResponse,
  rentalsShortResponse,
  scheduleResponse,
  serviceFiltersResponse,
  venueServicesResponse,
  type HoldItem,
  type ReleaseHold,
  type ScheduleQuery,
  type SlotQuery,
} from '../domain/contract/facilities';

export function getVenueServices(api: ApiClient) {
  return api.call('venue/services', { schema: venueServicesResponse, cache: true });
}

export function getServiceFilters(api: ApiClient, serviceId: number) {
  return api.call(`facilities/services/filters/${serviceId}`, { schema: serviceFiltersResponse, cache: true });
}

/** Always from the network: availability changes by the minute. */
export function getSchedule(api: ApiClient, query: ScheduleQuery) {
  return api.call('facilities/schedule', { query, schema: scheduleResponse });
}

export function getAvailableFacilities(api: ApiClient, query: SlotQuery) {
  return api.call('facilities/fetchAvailableFacilities', { query, schema: availableFacilitiesResponse });
}

export function getFacilityWithProducts(api: ApiClient, query: SlotQuery & { facility_id: number }) {
  return api.call('facilities/auto', { query, schema: facilityWithProductsResponse });
}

export function getRentalsShort(api: ApiClient, serviceId: number) {
  return api.call('facilities/facility-rentals/short', { query: { venue_service_id: serviceId }, schema: rentalsShortResponse, cache: true });
}

export function getCustomerConfigurations(api: ApiClient) {
  return api.call('facilities/customer-configurations', { schema: customerConfigurationsResponse, cache: true });
}

export function holdCartItems(api: ApiClient, products: HoldItem[]) {
  return api.call('cart/sync', { method: 'POST', body: { products }, schema: cartSyncResponse });
}

export function releaseCartItem(api: ApiClient, item: ReleaseHold) {
  return api.call('cart/sync', { method: 'DELETE', body: item, schema: cartSyncResponse });
}
