import { fromPromise, type PromiseActorLogic } from 'xstate';
import { type CartTicket } from '../src/domain/booking/ticketCapacity';
import { type FacilityAddonLine, type FacilityCartLine } from '../src/domain/cart/facilityLine';
import {
  type AvailableFacility,
  type FacilityWithProducts,
  type RentalShort,
  type Schedule,
  type ServiceFilters,
  type VenueService,
} from '../src/domain/contract/facilities';
import { type NoticeMessage } from './facilityBooking';

/**
 * The calls the facility booking machine makes, as typed placeholders. The app supplies the real ones
 * (src/services/facilityBooking.ts, `createFacilityBookingActors()`) with `.provide({ actors })`; tests supply
 * fakes. Every actor rejects with an Error whose `message` is the server's message (shown in an error toast,
 * spec §8), or '' when the network failed.
 */

/** A refusal the device words itself (a limit it knows, or an answer it recognises) instead of showing the server's text. */
export class WordedFailure extends Error {
  constructor(readonly notice: NoticeMessage) {
    super('');
  }
}

/** GET facilities/schedule, with the parameters named as the call sends them. */
export interface ScheduleRequest {
  venue_service_id: number;
  date: string;
  /** Sent as repeated `game_formations[]`; empty sends none. */
  game_formations: number[];
  facility_surface_id?: number;
  is_outdoor?: 0 | 1;
}

/**
 * The schedule, and where it came from: the network, or (the network being down) the copy saved in Dexie for
 * the same service, date and filters, with the time it was saved (epoch ms). The real actor answers from the
 * network when it can and falls back to the cache; it rejects when it has neither.
 */
export interface ScheduleLoad {
  schedule: Schedule;
  savedAt: number;
  source: 'network' | 'cache';
}

/** GET facilities/fetchAvailableFacilities (and facilities/auto with facility_id), named as the call sends them. */
export interface SlotRequest {
  venue_service_id: number;
  date: string;
  start_time: string;
  end_time: string;
  game_formation_id?: number;
  facility_surface_id?: number;
  is_outdoor?: 0 | 1;
  per_capacity?: 0 | 1;
  /** The facility-or-ticket filter: filter_by 1 sends facility_id, filter_by 2 product_id. */
  facility_id?: number;
  product_id?: number;
}

export type FacilityProductsRequest = SlotRequest & { facility_id: number };

/**
 * Adds to the cart of this session. `lines` are facility lines (a pitch's default products sharing one group, or
 * one ticket with its visitors); `addons` attach to the cart line whose `group` they carry (reject with the
 * server's wording when there is none). When allow_facility_items_reservation is on the real actor also holds
 * the lines (POST cart/sync) and rejects with the server's message when the hold is refused.
 */
export interface AddLinesRequest {
  lines: FacilityCartLine[];
  addons: FacilityAddonLine[];
}

export type LoadServices = PromiseActorLogic<VenueService[], void>;
export type LoadFilters = PromiseActorLogic<ServiceFilters, { serviceId: number }>;
/** GET facilities/facility-rentals/short: the ticket filter's options (filter_by 2). */
export type LoadRentals = PromiseActorLogic<RentalShort[], { serviceId: number }>;
export type LoadSchedule = PromiseActorLogic<ScheduleLoad, ScheduleRequest>;
export type LoadAvailableFacilities = PromiseActorLogic<AvailableFacility[], SlotRequest>;
/** GET facilities/auto: the facility with its default products, tickets and add-on categories for the slot. */
export type LoadFacilityProducts = PromiseActorLogic<FacilityWithProducts, FacilityProductsRequest>;
/** The facility tickets already in this session's cart, for the capacity, threshold and dependency rules. */
export type ReadCartTickets = PromiseActorLogic<CartTicket[], void>;
export type AddLines = PromiseActorLogic<void, AddLinesRequest>;

/** A type alias rather than an interface, so setup() accepts it as its actors map. */
export type FacilityBookingActors = {
  loadServices: LoadServices;
  loadFilters: LoadFilters;
  loadRentals: LoadRentals;
  loadSchedule: LoadSchedule;
  loadAvailableFacilities: LoadAvailableFacilities;
  loadFacilityProducts: LoadFacilityProducts;
  readCartTickets: ReadCartTickets;
  addLines: AddLines;
};

function placeholder<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(() => Promise.reject(new Error(`${name} is provided by the app`)));
}

/** The placeholders the machine is set up with; each rejects until the app provides the real actor. */
export const FACILITY_BOOKING_PLACEHOLDERS: FacilityBookingActors = {
  loadServices: placeholder('loadServices'),
  loadFilters: placeholder('loadFilters'),
  loadRentals: placeholder('loadRentals'),
  loadSchedule: placeholder('loadSchedule'),
  loadAvailableFacilities: placeholder('loadAvailableFacilities'),
  loadFacilityProducts: placeholder('loadFacilityProducts'),
  readCartTickets: placeholder('readCartTickets'),
  addLines: placeholder('addLines'),
};
