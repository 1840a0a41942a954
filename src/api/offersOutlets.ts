import type { ApiClient } from './client';
import { offerListCall, offerListResponse, outletCall, outletListCall, outletListResponse, outletResponse } from '../domain/contract/offersOutlets';

export function getOffers(api: ApiClient) {
  return api.call(offerListCall.path(), { method: offerListCall.method, schema: offerListResponse, cache: true });
}

export function getOutlets(api: ApiClient) {
  return api.call(outletListCall.path(), { method: outletListCall.method, schema: outletListResponse, cache: true });
}

export function getOutlet(api: ApiClient, id: number) {
  return api.call(outletCall.path({ id }), { method: outletCall.method, schema: outletResponse, cache: true });
}
