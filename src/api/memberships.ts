import type { ApiClient } from './client';
import { membershipListCall, membershipListResponse } from '../domain/contract/memberships';

export function getMemberships(api: ApiClient) {
  return api.call(membershipListCall.path(), { method: membershipListCall.method, schema: membershipListResponse, cache: true });
}
