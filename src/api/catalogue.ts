import type { ApiClient } from './client';
import {
  academyCall,
  academyListCall,
  academyListResponse,
  academyResponse,
  eventCall,
  eventListCall,
  eventListResponse,
  eventPlacesCall,
  eventPlacesResponse,
  eventResponse,
  trainerCall,
  trainerListCall,
  trainerListResponse,
  trainerResponse,
} from '../domain/contract/catalogue';

export type CatalogueKind = 'events' | 'trainers' | 'academies';

type ListSchema = typeof eventListResponse | typeof trainerListResponse | typeof academyListResponse;
type ItemSchema = typeof eventResponse | typeof trainerResponse | typeof academyResponse;

const lists: Record<CatalogueKind, ListSchema> = { events: eventListResponse, trainers: trainerListResponse, academies: academyListResponse };
const items: Record<CatalogueKind, ItemSchema> = { events: eventResponse, trainers: trainerResponse, academies: academyResponse };
const listCalls = { events: eventListCall, trainers: trainerListCall, academies: academyListCall };
const itemCalls = { events: eventCall, trainers: trainerCall, academies: academyCall };

/** The schemas of the answers, for copies of them kept on the device. */
export const catalogueSchemas = { list: lists, item: items };

export function getCatalogueList(api: ApiClient, kind: CatalogueKind, page = 1) {
  const call = listCalls[kind];
  return api.call(call.path(), { method: call.method, query: { page }, schema: lists[kind] });
}

export function getCatalogueItem(api: ApiClient, kind: CatalogueKind, id: number) {
  const call = itemCalls[kind];
  return api.call(call.path({ id }), { method: call.method, schema: items[kind] });
}

/** GET events/{id}/places?date=: what each schedule of the day has left. Never cached: any order can take places. */
export function getEventPlaces(api: ApiClient, id: number, date: string) {
  return api.call(eventPlacesCall.path({ id }), { method: eventPlacesCall.method, query: { date }, schema: eventPlacesResponse });
}
