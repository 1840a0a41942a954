import type { ApiClient } from './client';
import { offerListCall, offerListResponse, outletCall, outletListCall, outletListResponse, outletResponse } from '../domain/contract/offersOutlets';

export function getOffers(api: ApiClient, page = 1) {
  return api.call(offerListCall.path(), { method: offerListCall.method, query: { page }, schema: offerListResponse });
}

export function getOutlets(api: ApiClient, page = 1) {
  return api.call(outletListCall.path(), { method: outletListCall.method, query: { page }, schema: outletListResponse });
}

export function getOutlet(api: ApiClient, id: number) {
  return api.call(outletCall.path({ id }), { method: outletCall.method, schema: outletResponse });
}
