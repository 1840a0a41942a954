import type { ApiClient } from '../api/client';
import { getCustomerConfigurations } from '../api/facilities';

/**
 * The is_baps cap on participants per session, from GET /facilities/customer-configurations (kept in memory by the
 * API client). A failed call leaves no cap (spec 001 §8: a null threshold).
 */
export async function loadCustomerThreshold(api: ApiClient): Promise<number | null> {
  const result = await getCustomerConfigurations(api);
  return result.ok ? result.data.data.customer_threshold : null;
}
