import { fromPromise } from 'xstate';
import type { ApiClient, ApiResult } from '../api/client';
import {
  getAvailableFacilities,
  getFacilityWithProducts,
  getRentalsShort,
  getSchedule,
  getServiceFilters,
  getVenueServices,
} from '../api/facilities';
import * as z from 'zod/mini';
import { rentalShort, serviceFilters, venueService, type ScheduleQuery } from '../domain/contract/facilities';
import { WordedFailure, type AddLinesRequest, type FacilityBookingActors, type ScheduleLoad, type ScheduleRequest } from '../../machines/facilityBookingActors';
import { fitsHoldAllowance } from '../domain/cart/holds';
import type { PortalDb } from '../db/db';
import type { FacilityCartLine } from '../domain/cart/facilityLine';
import { ensureCartSessionId, type HoldSessionStore } from './cartSession';
import { withDeviceCopy } from './deviceCopy';
import { holdFacilityLines, HoldRefused, loadCart } from './cartStore';
import { portalDb } from './database';
import { readCartTickets, storeFacilityLines } from './facilityCart';
import { readCachedSchedule, saveSchedule } from './scheduleCache';

export type FacilityBookingServiceOptions = {
  /** allow_facility_items_reservation: facility lines are held on the server before they go in the cart. */
  holdsLines: boolean;
  /** cart_hold_places_per_session: the places one cart may hold at once, checked before asking the venue. */
  holdPlacesLimit: number;
  now?: () => number;
  /** The device database; tests hand in their own. */
  database?: () => Promise<PortalDb>;
  cartSessionId?: () => string;
  holdSessions?: HoldSessionStore;
};

/** The message an actor rejects with: the server's words, or '' when the network failed (the UI words it). */
class CallFailed extends Error {}

function dataOf<T>(result: ApiResult<{ data: T }>): T {
  if (result.ok) return result.data.data;
  throw new CallFailed(result.message);
}

function scheduleQuery(request: ScheduleRequest): ScheduleQuery {
  return {
    venue_service_id: request.venue_service_id,
    date: request.date,
    facility_surface_id: request.facility_surface_id,
    is_outdoor: request.is_outdoor === undefined ? undefined : request.is_outdoor === 1 ? '1' : '0',
    'game_formations[]': request.game_formations.length > 0 ? request.game_formations : undefined,
  };
}

/** Query values travel as text; the contract's coercing schemas read them back on the server. */
function asQuery<T extends object>(request: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
}

/**
 * A fresh schedule is kept for the offline view; when the network is down the last kept copy answers, with the
 * time it was saved. A server that answers with an error is believed: its message is shown, not the cache.
 */
async function loadSchedule(api: ApiClient, db: () => Promise<PortalDb>, request: ScheduleRequest, now: () => number): Promise<ScheduleLoad> {
  const query = scheduleQuery(request);
  const result = await getSchedule(api, query);
  if (result.ok) {
    const savedAt = now();
    await saveSchedule(await db(), query, result.data.data, savedAt);
    return { schedule: result.data.data, savedAt, source: 'network' };
  }
  if (result.status === 0) {
    const cached = await readCachedSchedule(await db(), query);
    if (cached) return { ...cached, source: 'cache' };
  }
  throw new CallFailed(result.message);
}

/**
 * The lists the modal opens with (services, their filters, ticket names) are kept on the device as they arrive, so a
 * terminal that restarts without the network can still show the cached schedules.
 */
async function keptForOffline<T>(
  db: () => Promise<PortalDb>,
  key: string,
  call: () => Promise<ApiResult<{ data: T }>>,
  schema: z.ZodMiniType<T>,
  now: () => number,
): Promise<T> {
  const result = await withDeviceCopy(key, call, z.object({ data: schema }), { db, now });
  if (result.ok) return result.data.data;
  throw new CallFailed(result.message);
}

/** The answer of a venue whose holds from this network reached their limit (cart_hold_places_per_address). */
const ADDRESS_HOLDS_FULL = 429;

/**
 * Holds the lines (held lines carry their hold's expiry, which the cart counts down). Refused here, in the
 * visitor's language, when the cart would hold more places than one session may, and so when the venue says
 * this network holds too many.
 */
async function holdLines(api: ApiClient, db: () => Promise<PortalDb>, sessionKey: string, lines: FacilityCartLine[], options: FacilityBookingServiceOptions, now: () => number) {
  const { lines: cart } = await loadCart(await db(), sessionKey);
  if (!fitsHoldAllowance(cart, lines, options.holdPlacesLimit, now())) {
    throw new WordedFailure({ ns: 'facilityBooking', key: 'notices.holdPlacesLimit', values: { max: options.holdPlacesLimit } });
  }
  try {
    return await holdFacilityLines(api, lines, options.holdSessions);
  } catch (error) {
    if (error instanceof HoldRefused && error.status === ADDRESS_HOLDS_FULL) throw new WordedFailure({ ns: 'facilityBooking', key: 'notices.holdAddressLimit' });
    throw error;
  }
}

async function addLines(api: ApiClient, db: () => Promise<PortalDb>, request: AddLinesRequest, options: FacilityBookingServiceOptions, now: () => number): Promise<void> {
  const sessionKey = (options.cartSessionId ?? ensureCartSessionId)();
  const lines = options.holdsLines ? await holdLines(api, db, sessionKey, request.lines, options, now) : request.lines;
  const stored = await storeFacilityLines(await db(), sessionKey, lines, request.addons);
  if (!stored) throw new CallFailed('');
}

/** The real calls and storage behind the facility booking machine (machines/facilityBooking.ts). */
export function createFacilityBookingActors(api: ApiClient, options: FacilityBookingServiceOptions): FacilityBookingActors {
  const now = options.now ?? (() => Date.now());
  const db = options.database ?? (() => portalDb('now'));
  return {
    loadServices: fromPromise(() => keptForOffline(db, 'venue/services', () => getVenueServices(api), z.array(venueService), now)),
    loadFilters: fromPromise(({ input }) => keptForOffline(db, `filters/${input.serviceId}`, () => getServiceFilters(api, input.serviceId), serviceFilters, now)),
    loadRentals: fromPromise(({ input }) => keptForOffline(db, `rentals/${input.serviceId}`, () => getRentalsShort(api, input.serviceId), z.array(rentalShort), now)),
    loadSchedule: fromPromise(({ input }) => loadSchedule(api, db, input, now)),
    loadAvailableFacilities: fromPromise(async ({ input }) => dataOf(await getAvailableFacilities(api, asQuery(input) as never))),
    loadFacilityProducts: fromPromise(async ({ input }) => dataOf(await getFacilityWithProducts(api, asQuery(input) as never))),
    readCartTickets: fromPromise(async () => readCartTickets(await db())),
    addLines: fromPromise(({ input }) => addLines(api, db, input, options, now)),
  };
}
