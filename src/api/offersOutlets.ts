import type { ApiClient } from './client';
import { offerListResponse, outletListResponse, outletResponse } from '../domain/contract/offersOutlets';

export function getOffers(api: ApiClient) {
  return api.call('offers', { schema: offerListResponse, cache: true });
}

export function getOutlets(api: ApiClient) {
  return api.call('outlets', { schema: outletListResponse, cache: true });
}

export function getOutlet(api: ApiClient, id: number) {
  return api.call(`outlets/${id}`, { schema: outletResponse, cache: true });
}
