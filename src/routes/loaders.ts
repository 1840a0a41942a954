import type * as z from 'zod/mini';
import type { ApiClient, ApiResult } from '../api/client';
import { catalogueSchemas, getCatalogueItem, getCatalogueList, getEventPlaces, type CatalogueKind } from '../api/catalogue';
import { eventDays, offeredDay } from '../domain/catalogue/purchaseDays';
import { venueNow } from '../domain/venueTime';
import { getVenueServices } from '../api/facilities';
import { getMemberships } from '../api/memberships';
import { getOffers, getOutlet, getOutlets } from '../api/offersOutlets';
import { getOrder } from '../api/orders';
import { getBookingDetails, getBookings } from '../api/bookings';
import type { BookingKind } from '../domain/contract/bookings';
import type { BookingListSearch } from '../domain/contract/routeParams';
import { getOrderDocuments } from '../api/orderDocuments';
import { getBookingMove } from '../api/bookingActions';
import { getPartner, getQpoints, getSavedCards, getWallet } from '../api/wallet';
import { type BookingRange } from '../domain/contract/routeParams';
import { getProfileChoices, getProfileDetails } from '../api/accountProfile';
import { getFamily } from '../api/family';
import { venueServicesResponse } from '../domain/contract/facilities';
import { membershipListResponse } from '../domain/contract/memberships';
import { offerListResponse, outletListResponse, outletResponse } from '../domain/contract/offersOutlets';
import { withDeviceCopy, type DeviceBackedResult } from '../services/deviceCopy';
import { answerOf, revalidate, showsDeviceCopyFirst } from '../services/warmStart';
import type { User } from '../domain/session';

/**
 * The data of every screen comes through its route's loader, so preloading on intent fetches data with the code and
 * the router's cache is the one cache of screen data. Loaders answer with the call's result, never throw for a
 * refused call, so each screen shows a failure in its own words. Venue information keeps a device copy for offline
 * use; personal data (profile, orders) never does.
 */

const venueCopy = <T>(key: string, call: () => Promise<ApiResult<T>>, schema: z.ZodMiniType<T>): Promise<DeviceBackedResult<T>> =>
  withDeviceCopy(`venue:${key}`, call, schema);

export const catalogueList = (api: ApiClient, kind: CatalogueKind, page: number) =>
  venueCopy(`${kind}:list:${page}`, () => getCatalogueList(api, kind, page), catalogueSchemas.list[kind]);

export const catalogueItem = async (api: ApiClient, kind: CatalogueKind, id: number) => ({
  item: await venueCopy(`${kind}:${id}`, () => getCatalogueItem(api, kind, id), catalogueSchemas.item[kind]),
});

/**
 * An event with the places each of its times has left on the chosen day (the first day still on sale when none or
 * another is chosen). Places are never kept on the device: any order can take them. At a warm start the event shows
 * from the device at once and its places follow when the network brings them.
 */
export async function eventWithPlaces(api: ApiClient, id: number, chosenDay: string | undefined, timeZone: string | null | undefined) {
  const { item } = await catalogueItem(api, 'events', id);
  const event = item.ok ? item.data.data : null;
  if (!event || !('event_schedules' in event) || event.capacity == null) return { item, places: null };
  const day = offeredDay(eventDays(event, venueNow(timeZone, new Date()).today), chosenDay);
  if (day === undefined) return { item, places: null };
  const places = () => getEventPlaces(api, id, day);
  const key = `events:${id}:places:${day}`;
  if (showsDeviceCopyFirst(key)) {
    void revalidate(key, null, places);
    return { item, places: null };
  }
  return { item, places: await answerOf(key, places) };
}

export const memberships = (api: ApiClient, page: number) => venueCopy(`memberships:${page}`, () => getMemberships(api, page), membershipListResponse);
export const offers = (api: ApiClient, page: number) => venueCopy(`offers:${page}`, () => getOffers(api, page), offerListResponse);
export const outlets = (api: ApiClient, page: number) => venueCopy(`outlets:${page}`, () => getOutlets(api, page), outletListResponse);
export const outlet = (api: ApiClient, id: number) => venueCopy(`outlets:${id}`, () => getOutlet(api, id), outletResponse);
export const venueServices = (api: ApiClient) => venueCopy('venue/services', () => getVenueServices(api), venueServicesResponse);

export const profileDetails = (api: ApiClient) => getProfileDetails(api);
export const accountProfile = async (api: ApiClient) => ({ details: await getProfileDetails(api), choices: await getProfileChoices(api) });
export const family = async (api: ApiClient, page: number) => ({ members: await getFamily(api, page), choices: await getProfileChoices(api) });
export const order = (api: ApiClient, token: string) => getOrder(api, token);

/**
 * An order's tickets and transaction details (its owner's only). Without a network, the upcoming tickets this device
 * kept for the customer instead: the one personal data a customer's own device keeps, for the gate.
 */
export async function orderTickets(api: ApiClient, orderId: number, user: User | null) {
  const documents = await getOrderDocuments(api, orderId);
  // Loaded only then: every screen's loaders come with the first screen, the device's tickets rarely.
  const tickets = !documents.ok && documents.status === 0 ? await import('../services/keptTickets') : null;
  const owner = tickets?.ticketOwner(user) ?? null;
  const kept = tickets && owner !== null ? await tickets.keptOrders(owner) : [];
  return { documents, kept };
}
// The customer's money: personal, so never a device copy.
export const savedCards = (api: ApiClient) => getSavedCards(api);
/** The wallet page with the cards its top-up may pay with. */
export const wallet = async (api: ApiClient, page: number, range: BookingRange) => {
  const [ledger, cards] = await Promise.all([getWallet(api, page, range), getSavedCards(api)]);
  return { ledger, cards };
};
export const qpoints = (api: ApiClient, page: number, range: BookingRange) => getQpoints(api, page, range);
/** The partner page with the cards an invoice may be paid with. */
export const partner = async (api: ApiClient, page: number) => {
  const [account, cards] = await Promise.all([getPartner(api, page), getSavedCards(api)]);
  return { account, cards };
};
export const bookings = (api: ApiClient, kind: BookingKind, search: BookingListSearch) => getBookings(api, kind, search);
export const booking = (api: ApiClient, kind: BookingKind, id: number) => getBookingDetails(api, kind, id);
export const bookingMove = (api: ApiClient, token: string) => getBookingMove(api, token);
