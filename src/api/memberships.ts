import type { ApiClient } from './client';
import { membershipListResponse } from '../domain/contract/memberships';

export function getMemberships(api: ApiClient) {
  return api.call('memberships', { schema: membershipListResponse, cache: true });
}
