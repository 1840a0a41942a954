import type { ApiClient } from './client';
import { workshopCheckCall, workshopCheckResponse, type WorkshopCheckRequest } from '../domain/contract/workshops';

/** POST workshops/check: the price and VAT of a workshop place from a start date on the chosen weekdays. */
export function checkWorkshop(api: ApiClient, body: WorkshopCheckRequest) {
  return api.call(workshopCheckCall.path(), { method: workshopCheckCall.method, body, schema: workshopCheckResponse });
}
