import type { ApiClient } from './client';
import { membershipListCall, membershipListResponse } from '../domain/contract/memberships';

export function getMemberships(api: ApiClient, page = 1) {
  return api.call(membershipListCall.path(), { method: membershipListCall.method, query: { page }, schema: membershipListResponse });
}
