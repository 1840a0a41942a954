import type { ApiClient } from './client';
import { profileCall, profileResponse } from '../domain/contract/session';

/** GET customers/profile: needs the bearer token; a 401 here resets the session like anywhere else. */
export function getProfile(api: ApiClient) {
  return api.call(profileCall.path(), { method: profileCall.method, schema: profileResponse });
}
