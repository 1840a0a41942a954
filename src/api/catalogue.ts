import type { ApiClient } from './client';
import {
  academyListResponse,
  academyResponse,
  eventListResponse,
  eventPlacesResponse,
  eventResponse,
  trainerListResponse,
  trainerResponse,
} from '../domain/contract/catalogue';

export type CatalogueKind = 'events' | 'trainers' | 'academies';

type ListSchema = typeof eventListResponse | typeof trainerListResponse | typeof academyListResponse;
type ItemSchema = typeof eventResponse | typeof trainerResponse | typeof academyResponse;

const lists: Record<CatalogueKind, ListSchema> = { events: eventListResponse, trainers: trainerListResponse, academies: academyListResponse };
const items: Record<CatalogueKind, ItemSchema> = { events: eventResponse, trainers: trainerResponse, academies: academyResponse };

/** The schemas of the answers, for copies of them kept on the device. */
export const catalogueSchemas = { list: lists, item: items };

export function getCatalogueList(api: ApiClient, kind: CatalogueKind, page = 1) {
  return api.call(kind, { query: { page }, schema: lists[kind], cache: true });
}

export function getCatalogueItem(api: ApiClient, kind: CatalogueKind, id: number) {
  return api.call(`${kind}/${id}`, { schema: items[kind], cache: true });
}

/** GET events/{id}/places?date=: what each schedule of the day has left. Never cached: any order can take places. */
export function getEventPlaces(api: ApiClient, id: number, date: string) {
  return api.call(`events/${id}/places`, { query: { date }, schema: eventPlacesResponse });
}
