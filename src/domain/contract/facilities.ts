import * as z from 'zod/mini';
import { HOLD_LINES_MAX } from './orderLimits';
import { calendarDate, id, queryId } from './primitives';
import { flag } from './config';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** A time of day as `HH:mm:ss` in the venue's time zone; '24:00:00' closes a day. */
export const timeOfDay = onFirstUse(() => z.string().check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$|^24:00:00$/)));

/** Query flags arrive as '0' or '1'. */
const queryFlag = onFirstUse(() => z.pipe(z.enum(['0', '1']), z.transform((v: '0' | '1') => (v === '1' ? 1 : 0))));

const named = { id, name: z.string(), ar_name: z.nullish(z.string()) };

// ---------------------------------------------------------------------------------------------------------------
// GET venue/services

/** A service of the venue (pitches, a pool…). `filter_by`: 0 none, 1 facility, 2 product or ticket. */
export const venueService = onFirstUse(() => z.object({
  ...named,
  is_public: flag,
  map_pin: z.nullish(z.string()),
  filter_by: z._default(z.union([z.literal(0), z.literal(1), z.literal(2)]), 0),
  /** Each filter shows unless its flag is explicitly 0. */
  is_game_formation_enabled: z.nullish(flag),
  is_surface_enabled: z.nullish(flag),
  is_outdoor_enabled: z.nullish(flag),
  facilities: z._default(z.array(z.object(named)), []),
}));
export type VenueService = z.infer<typeof venueService>;
export const venueServicesCall = endpoint('GET', 'venue/services');
export const venueServicesResponse = onFirstUse(() => envelope(z.array(venueService)));

// ---------------------------------------------------------------------------------------------------------------
// GET facilities/services/filters/{serviceId}

export const serviceIdParams = onFirstUse(() => z.object({ serviceId: queryId }));
export const filterOption = onFirstUse(() => z.object(named));
export type FilterOption = z.infer<typeof filterOption>;
export const serviceFilters = onFirstUse(() => z.object({
  surfaces: z.array(filterOption),
  formations: z.array(filterOption),
  /** The outdoor values the service's facilities have: 0 indoor, 1 outdoor. */
  outdoor: z.array(z.union([z.literal(0), z.literal(1)])),
}));
export type ServiceFilters = z.infer<typeof serviceFilters>;
export const serviceFiltersCall = endpoint('GET', 'facilities/services/filters/:serviceId');
export const serviceFiltersResponse = onFirstUse(() => envelope(serviceFilters));

// ---------------------------------------------------------------------------------------------------------------
// GET facilities/schedule

/** Filters shared by the schedule and availability calls. */
const facilityFilterQuery = {
  venue_service_id: queryId,
  date: calendarDate,
  facility_surface_id: z.optional(queryId),
  is_outdoor: z.optional(queryFlag),
};

export const scheduleCall = endpoint('GET', 'facilities/schedule');
export const scheduleQuery = onFirstUse(() => z.object({
  ...facilityFilterQuery,
  /** Sent as repeated `game_formations[]` parameters; any one of them matches. */
  'game_formations[]': z.optional(z.union([queryId, z.array(queryId)])),
}));
export type ScheduleQuery = z.input<typeof scheduleQuery>;

export const timeWindow = onFirstUse(() => z.object({ start_time: timeOfDay, end_time: timeOfDay }));
export type TimeWindow = z.infer<typeof timeWindow>;

/** Time taken on a facility; `quantity` counts participants on a per-capacity facility, 1 otherwise. */
export const occupiedWindow = onFirstUse(() => z.extend(timeWindow, { quantity: z._default(z.int(), 1) }));
export type OccupiedWindow = z.infer<typeof occupiedWindow>;

/**
 * A facility with everything needed to work out its free slots for the day on the client (so a cached schedule
 * still answers for any duration): its opening for the caller's channel, and what already takes its time.
 * Related facilities (parent and child) are listed by id; their bookings count against this one.
 */
export const scheduleFacility = onFirstUse(() => z.object({
  ...named,
  image: z.nullish(z.string()),
  per_capacity: flag,
  capacity: z.int(),
  is_enable_per_day_capacity: flag,
  min_booking_time: z.nullish(z.int()),
  facility_surface_id: z.nullish(z.int()),
  is_outdoor: flag,
  game_formation_ids: z._default(z.array(z.int()), []),
  parent_facilities: z._default(z.array(z.int()), []),
  child_facilities: z._default(z.array(z.int()), []),
  /** Opening hours of the day for the caller's channel (B2C, Members or Partners); empty when closed. */
  schedule_control: z.array(timeWindow),
  bookings: z.array(occupiedWindow),
  maintenances: z.array(timeWindow),
  event_schedules: z.array(timeWindow),
  workshop_program_schedules: z.array(timeWindow),
  /** Other sessions' unexpired holds (cart/sync); the caller's own are left out. */
  cart_items: z.array(occupiedWindow),
  /** Participants already booked on the whole day, for per-day capacity. */
  day_booked_quantity: z._default(z.int(), 0),
  /** From price of the facility's default products for the minimum booking time, tax included. */
  from_price: z.nullish(z.number()),
}));
export type ScheduleFacility = z.infer<typeof scheduleFacility>;

export const scheduleConfiguration = onFirstUse(() => z.object({
  min_booking_time: z.int(),
  max_booking_time: z.nullable(z.int()),
  time_increment: z.int(),
  per_capacity: flag,
  online_booking_delay: z.int(),
  advance_booking_days_limit: z.nullable(z.int()),
}));
export type ScheduleConfiguration = z.infer<typeof scheduleConfiguration>;

export const schedule = onFirstUse(() => z.object({
  date: calendarDate,
  facilities: z.array(scheduleFacility),
  configuration: scheduleConfiguration,
  /** The channel the schedule was made for. */
  channel: z.enum(['B2C', 'Members', 'Partners']),
}));
export type Schedule = z.infer<typeof schedule>;
export const scheduleResponse = onFirstUse(() => envelope(schedule));

// ---------------------------------------------------------------------------------------------------------------
// GET facilities/fetchAvailableFacilities and GET facilities/auto

export const slotQuery = onFirstUse(() => z.object({
  ...facilityFilterQuery,
  start_time: timeOfDay,
  end_time: timeOfDay,
  game_formation_id: z.optional(queryId),
  per_capacity: z.optional(queryFlag),
  facility_id: z.optional(queryId),
  product_id: z.optional(queryId),
}));
export type SlotQuery = z.input<typeof slotQuery>;

export const availableFacility = onFirstUse(() => z.object({
  ...named,
  image: z.nullish(z.string()),
  per_capacity: flag,
  /** Participants still free for the slot (per-capacity), or 1 for a free pitch. */
  capacity_left: z.int(),
  /** The facility's default products for the slot, tax included; null for per-capacity facilities. */
  price: z.nullable(z.number()),
}));
export type AvailableFacility = z.infer<typeof availableFacility>;
export const availableFacilitiesCall = endpoint('GET', 'facilities/fetchAvailableFacilities');
export const availableFacilitiesResponse = onFirstUse(() => envelope(z.array(availableFacility)));

export const reservedSlot = onFirstUse(() => z.object({ session_id: z.string(), quantity: z.int(), start_time: timeOfDay }));
export const dependency = onFirstUse(() => z.object({ product_id: z.int(), period: z.string() }));

/** Fields every sellable product carries; prices are per unit, `total_price` = price + tax_amount. */
const productFields = {
  product_id: id,
  product_type_id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  image: z.nullish(z.string()),
  price: z.number(),
  tax_amount: z.number(),
  total_price: z.number(),
};

/** A ticket of a per-capacity facility, with what is left of it for the slot. */
export const ticket = onFirstUse(() => z.object({
  ...productFields,
  facility_id: id,
  participant_count: z.int().check(z.positive()),
  inventory_enable: flag,
  remaining_capacity: z.int(),
  available_capacity: z.int(),
  reserved_slots: z.array(reservedSlot),
  dependencies: z.array(dependency),
}));
export type Ticket = z.infer<typeof ticket>;

/** A product added with a pitch on Continue: `quantity` units cover the chosen duration. */
export const defaultProduct = onFirstUse(() => z.object({ ...productFields, facility_id: id, quantity: z.int().check(z.positive()) }));
export type DefaultProduct = z.infer<typeof defaultProduct>;

export const addon = onFirstUse(() => z.object({
  ...productFields,
  category_id: id,
  inventory_enable: flag,
  total_stock: z.nullish(z.int()),
  sold: z.nullish(z.int()),
  /** 'T' counts stock over all time; anything else per day. */
  inventory_period: z.nullish(z.string()),
}));
export type Addon = z.infer<typeof addon>;

export const addonCategory = onFirstUse(() => z.object({ ...named, products: z.array(addon) }));
export type AddonCategory = z.infer<typeof addonCategory>;

export const facilityWithProducts = onFirstUse(() => z.object({
  facility: z.object({ ...named, image: z.nullish(z.string()), per_capacity: flag, capacity: z.int() }),
  default_products: z.array(defaultProduct),
  products: z.array(ticket),
  categories: z.array(addonCategory),
}));
export type FacilityWithProducts = z.infer<typeof facilityWithProducts>;
export const autoFacilityCall = endpoint('GET', 'facilities/auto');
export const facilityWithProductsResponse = onFirstUse(() => envelope(facilityWithProducts));

// ---------------------------------------------------------------------------------------------------------------
// GET facilities/facility-rentals/short and GET /facilities/customer-configurations

export const serviceQuery = onFirstUse(() => z.object({ venue_service_id: queryId }));
export const rentalShort = onFirstUse(() => z.object({ name: z.string(), ar_name: z.nullish(z.string()), product_id: id }));
export type RentalShort = z.infer<typeof rentalShort>;
export const rentalsShortCall = endpoint('GET', 'facilities/facility-rentals/short');
export const rentalsShortResponse = onFirstUse(() => envelope(z.array(rentalShort)));

export const customerConfigurationsCall = endpoint('GET', 'facilities/customer-configurations');
export const customerConfigurationsResponse = onFirstUse(() => envelope(z.object({ customer_threshold: z.nullable(z.int()) })));

// ---------------------------------------------------------------------------------------------------------------
// POST and DELETE cart/sync — timed holds of facility lines (allow_facility_items_reservation)

/** Only keeps sums exact: the places a session may hold are capped by the venue (cart_hold_places_per_session). */
export const HOLD_QUANTITY_MAX = 999;

export const holdItem = onFirstUse(() => z.object({
  product_id: id,
  quantity: z.int().check(z.positive(), z.maximum(HOLD_QUANTITY_MAX, `at most ${HOLD_QUANTITY_MAX} can be held on one line`)),
  date: calendarDate,
  start_time: timeOfDay,
  end_time: timeOfDay,
  facility_id: id,
}));
export type HoldItem = z.infer<typeof holdItem>;
export const cartSyncCall = endpoint('POST', 'cart/sync');
export const releaseHoldCall = endpoint('DELETE', 'cart/sync');
export const cartSyncBody = onFirstUse(() => z.object({ products: z.array(holdItem).check(z.minLength(1), z.maxLength(HOLD_LINES_MAX, `at most ${HOLD_LINES_MAX} lines can be held in one request`)) }));
export const releaseHoldBody = onFirstUse(() => z.omit(holdItem, { quantity: true }));
export type ReleaseHold = z.infer<typeof releaseHoldBody>;
export const hold = onFirstUse(() => z.extend(holdItem, { expires_at: z.string() }));
export type Hold = z.infer<typeof hold>;
export const cartSyncResponse = onFirstUse(() => envelope(z.object({ holds: z.array(hold) })));

/**
 * POST cart/session issues the secret a browser holds and releases under (sent as X-Session-Id): 32 hex digits,
 * 128 random bits. cart/sync refuses a session the venue did not issue.
 */
export const cartSessionCall = endpoint('POST', 'cart/session');
export const CART_SESSION_PATTERN = /^[0-9a-f]{32}$/;
export const cartSessionResponse = onFirstUse(() => envelope(z.object({ session_id: z.string().check(z.regex(CART_SESSION_PATTERN)) })));
