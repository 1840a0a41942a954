import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type FastifyRequest } from 'fastify';
import { type OccupiedWindow, type Schedule, type ScheduleConfiguration, type ScheduleFacility, type TimeWindow } from '../../../src/domain/contract/facilities';
import { HEADERS } from '../../../src/domain/contract/headers';
import { capacityLeft } from '../../../src/domain/booking/availability';
import { addDays, dayNumber, minutesOfTime } from '../../../src/domain/booking/dayTime';
import { EXTENDED_SLOT_GRACE_MINUTES } from '../../../src/domain/booking/slotRules';
import { roundMoney } from '../../../src/domain/money';
import { venueNow, type VenueNow } from '../../../src/domain/venueTime';
import { type Database } from '../../db/client';
import { facilities, facilityProducts, products, venueServices } from '../../db/schema/facilities';
import { venues } from '../../db/schema/venue';
import { columnsAs, runStatement } from '../../db/statements';
import { HttpError, notFound } from '../../http/errors';
import { siteConfigOf, visitorToken, type VenueRow } from '../../http/venue';
import { isMember } from '../../auth/user';

export const FACILITY_MESSAGES = {
  serviceNotFound: 'Service not found',
  facilityNotFound: 'Facility not found',
  noFacility: 'No facility available for selected time slot',
  pastDate: 'Bookings cannot be made for a past date',
  beyondLimit: (days: number) => `Bookings can be made at most ${days} days in advance`,
  outsideRange: 'The selected date is outside the booking period',
  endBeforeStart: 'The end time must be after the start time',
  sessionRequired: `A cart session is required to hold a slot: get one with POST cart/session and send it in the ${HEADERS.session} header`,
  sessionUnknown: 'This cart session is unknown or has expired: get a new one with POST cart/session',
  sessionPlaces: (limit: number, held: number, requested: number) =>
    `One cart may hold at most ${limit} places at once; it holds ${held} and asks for ${requested} more. Book or remove what the cart holds first`,
  addressPlaces: (limit: number) =>
    `At most ${limit} places may be held at once from one network. Try again when some of them are booked or released`,
  productNotSold: 'This product is not sold on the selected facility',
  capacityReached: 'Maximum capacity reached',
  capacityExceeded: (remaining: number, requested: number) =>
    `Maximum capacity reached, remaining capacity is ${remaining}, requested capacity is ${requested}`,
} as const;

export type ServiceRow = typeof venueServices.$inferSelect;
export type FacilityRow = typeof facilities.$inferSelect;
export type Channel = Schedule['channel'];

/** Channel bit flags of facility_timings. */
const CHANNEL_BITS: Record<Channel, number> = { B2C: 1, Members: 2, Partners: 4 };
/** Booking status of a rejected booking: it frees its time and its stock. */
export const REJECTED_STATUS = 2;

/** Partners (a B2B id) and members (a membership card) see their own opening hours; everyone else the B2C ones. */
export function channelOf(request: FastifyRequest): Channel {
  const customer = request.customer;
  if (customer?.b2bId) return 'Partners';
  if (customer && isMember(customer)) return 'Members';
  return 'B2C';
}

/** The X-Session-Id of the caller, or null. */
export function sessionOf(request: FastifyRequest): string | null {
  const header = request.headers[HEADERS.session.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() !== '' ? value.trim() : null;
}

/** What others may see of a cart session (reserved slots): it tells sessions apart without giving away the secret. */
export function sessionReference(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
}

/** Advisory lock class of one facility on one day, in the single-key (bigint) space of advisory locks. */
const FACILITY_DAY_LOCK = 0x7302n;

/**
 * Takes the capacity locks of these facilities on these days, in one order every caller shares (ascending key),
 * so two transactions never wait on each other in a circle. A caller passes a facility's parent and children
 * too: they share its time. The key is exact (facility id and day number side by side), never a hash.
 */
export async function lockFacilityDays(tx: Database, facilityDays: readonly { facilityId: number; date: string }[]): Promise<void> {
  const keys = [
    ...new Set(facilityDays.map(({ facilityId, date }) => (FACILITY_DAY_LOCK << 48n) | (BigInt(facilityId) << 20n) | BigInt(dayNumber(date) ?? 0))),
  ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return;
  // Inlined: they are bigints made here, and unnest keeps their order.
  await tx.execute(sql`select pg_advisory_xact_lock(key) from unnest(${sql.raw(`array[${keys.join(',')}]::bigint[]`)}) as key`);
}

/** Sunday 1 … Saturday 64, as facility timings and workshop blocks store weekdays. */
export function weekdayBit(date: string): number {
  const days = dayNumber(date) ?? 0;
  // 1970-01-01 was a Thursday (index 4 counting from Sunday).
  return 1 << (((days % 7) + 7 + 4) % 7);
}

/** The last wall clock worked out per zone: it changes once a second, and a checkout reads it several times. */
const wallClocks = new Map<string, { second: number; clock: VenueClock }>();

export type VenueClock = Pick<VenueNow, 'today' | 'time' | 'minute'>;

/** The venue's date, time and minute of the day now (Intl's formatToParts is worked out once a second per zone). */
export function venueClock(venue: VenueRow, now: Date): VenueClock {
  const zone = venue.config.time_zone ?? '';
  const second = Math.floor(now.getTime() / 1000);
  const kept = wallClocks.get(zone);
  if (kept?.second === second) return kept.clock;
  const { today, time, minute } = venueNow(zone, now);
  const clock = { today, time, minute };
  wallClocks.set(zone, { second, clock });
  return clock;
}

export async function findService(db: Database, venue: VenueRow, serviceId: number): Promise<ServiceRow> {
  const [service] = await db
    .select()
    .from(venueServices)
    .where(and(eq(venueServices.id, serviceId), eq(venueServices.venueId, venue.id)))
    .limit(1);
  if (!service) throw notFound(FACILITY_MESSAGES.serviceNotFound);
  return service;
}

/** The caller's venue (X-Visitor-Token) and one of its services, in one query: 404 for either missing. */
export async function requireVenueService(db: Database, request: FastifyRequest, serviceId: number): Promise<{ venue: VenueRow; service: ServiceRow }> {
  const [row] = await db
    .select({ venue: venues, service: venueServices })
    .from(venues)
    .leftJoin(venueServices, and(eq(venueServices.venueId, venues.id), eq(venueServices.id, serviceId)))
    .where(eq(venues.vtoken, visitorToken(request)))
    .limit(1);
  if (!row) throw notFound('Venue not found');
  if (!row.service) throw notFound(FACILITY_MESSAGES.serviceNotFound);
  return { venue: row.venue, service: row.service };
}

/**
 * A date may be booked from the venue's today up to advance_booking_days_limit days ahead, and inside the
 * custom booking range when the venue turns it on; otherwise 400 with the reason.
 */
export function assertBookableDate(venue: VenueRow, service: ServiceRow, date: string, now: Date): void {
  if (dayNumber(date) === null) throw new HttpError(400, `date: ${date} is not a calendar date`);
  const { today } = venueClock(venue, now);
  if (date < today) throw new HttpError(400, FACILITY_MESSAGES.pastDate);
  const limit = service.advanceBookingDaysLimit;
  if (limit !== null && limit > 0 && date > (addDays(today, limit) ?? date)) throw new HttpError(400, FACILITY_MESSAGES.beyondLimit(limit));
  const config = siteConfigOf(venue);
  if (config.qube_enable_custom_booking_date_range === 1) {
    const { custom_booking_start_date: start, custom_booking_end_date: end } = config;
    if ((start && date < start) || (end && date > end)) throw new HttpError(400, FACILITY_MESSAGES.outsideRange);
  }
}

/**
 * Whether a start may still be booked: any start of a later day; today, starts from now plus the online booking
 * delay, and a start under way for at most the longest grace any host gets (the client narrows it per host).
 */
export function isStartOffered(venue: VenueRow, service: ServiceRow, date: string, startTime: string, now: Date): boolean {
  const { today, minute } = venueClock(venue, now);
  if (date !== today) return date > today;
  const start = minutesOfTime(startTime) ?? 0;
  return start >= minute + service.onlineBookingDelay || (start <= minute && minute - start <= EXTENDED_SLOT_GRACE_MINUTES);
}

/** A slot's window, refused when it does not run forward. */
export function slotWindow(start_time: string, end_time: string): TimeWindow {
  const start = minutesOfTime(start_time);
  const end = minutesOfTime(end_time);
  if (start === null || end === null || end <= start) throw new HttpError(400, FACILITY_MESSAGES.endBeforeStart);
  return { start_time, end_time };
}

export function slotMinutes(window: TimeWindow): number {
  return (minutesOfTime(window.end_time) ?? 0) - (minutesOfTime(window.start_time) ?? 0);
}

export function scheduleConfiguration(service: ServiceRow): ScheduleConfiguration {
  return {
    min_booking_time: service.minBookingTime,
    max_booking_time: service.maxBookingTime,
    time_increment: service.timeIncrement,
    per_capacity: service.perCapacity ? 1 : 0,
    online_booking_delay: service.onlineBookingDelay,
    advance_booking_days_limit: service.advanceBookingDaysLimit,
  };
}

export interface FacilityFilters {
  surfaceId?: number | undefined;
  isOutdoor?: 0 | 1 | undefined;
  /** Any one of them matches. */
  formationIds?: readonly number[] | undefined;
  perCapacity?: 0 | 1 | undefined;
  facilityId?: number | undefined;
  /** Facilities selling this product. */
  productId?: number | undefined;
}

/** A facility of a service with the game formations it suits and the products it sells. */
export type ServiceFacility = FacilityRow & { formationIds: number[]; sells: SoldProduct[] };

/** A product a facility sells, with the hours it is sold in (rentals limited to a time of day). */
export interface SoldProduct {
  productId: number;
  kind: 'rental' | 'ticket' | 'addon';
  startTime: string | null;
  endTime: string | null;
  price: number;
  taxAmount: number;
  unitMinutes: number;
}

/**
 * The statement of `serviceFacilities`, written once: every schedule call and every facility order reads it. Each
 * facility comes with the game formations it suits and the products it sells (json, money as numbers).
 */
const SERVICE_FACILITIES = `select ${columnsAs(facilities, 'f')},
    array(select ff.game_formation_id from facility_formations ff where ff.facility_id = f.id order by 1) as "formationIds",
    (select coalesce(json_agg(json_build_object(
        'productId', p.id, 'kind', p.kind, 'startTime', fp.start_time, 'endTime', fp.end_time,
        'price', p.price::float8, 'taxAmount', p.tax_amount::float8, 'unitMinutes', p.unit_minutes
      ) order by fp.sort, p.id), '[]'::json)
      from facility_products fp join products p on p.id = fp.product_id
      where fp.facility_id = f.id) as sells
  from facilities f
  where f.venue_service_id = $1 and f.is_active
  order by f.sort, f.id`;

/** The service's active facilities in their order, in one query (a schedule call reads them every time). */
export async function serviceFacilities(db: Database, serviceId: number): Promise<ServiceFacility[]> {
  const rows = await runStatement<ServiceFacility>(db, SERVICE_FACILITIES, [serviceId]);
  return rows.map((row) => ({ ...row, formationIds: row.formationIds.map(Number) }));
}

/** The facilities that pass the filters. */
export function matchingFacilities(rows: readonly ServiceFacility[], filters: FacilityFilters): ServiceFacility[] {
  const { surfaceId, isOutdoor, formationIds, perCapacity, facilityId, productId } = filters;
  return rows.filter(
    (row) =>
      (surfaceId === undefined || row.surfaceId === surfaceId) &&
      (isOutdoor === undefined || row.isOutdoor === (isOutdoor === 1)) &&
      (perCapacity === undefined || row.perCapacity === (perCapacity === 1)) &&
      (facilityId === undefined || row.id === facilityId) &&
      (productId === undefined || row.sells.some((sold) => sold.productId === productId)) &&
      (formationIds === undefined || formationIds.length === 0 || formationIds.some((id) => row.formationIds.includes(id))),
  );
}

/** Another session's unexpired hold on a facility of the day, with the participants it takes. */
export interface OtherHold {
  facilityId: number;
  productId: number;
  sessionId: string;
  startTime: string;
  endTime: string;
  /** As held: tickets, or rental units. */
  quantity: number;
  participants: number;
}

export interface DaySchedule {
  facilities: ScheduleFacility[];
  /** Other sessions' holds on those facilities (the caller's own left out). */
  holds: OtherHold[];
}

export interface DayRequest {
  date: string;
  channel: Channel;
  /** The caller's session: its own holds do not take time. */
  sessionId: string | null;
  now: Date;
  /** Minutes the from price is worked out for when the facility sets no minimum. */
  minBookingTime: number;
}

const byFacility = <T extends { facilityId: number }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.facilityId);
    if (list) list.push(row);
    else map.set(row.facilityId, [row]);
  }
  return (id: number) => map.get(id) ?? [];
};

const window = (row: { startTime: string; endTime: string }): TimeWindow => ({ start_time: row.startTime, end_time: row.endTime });

/** Rentals sold with a facility at a minute of the day (a rental limited to hours applies from its start, before its end). */
export function rentalsAt<T extends { startTime: string | null; endTime: string | null }>(rentals: readonly T[], startTime: string): T[] {
  const minute = minutesOfTime(startTime) ?? 0;
  return rentals.filter((rental) => {
    const from = rental.startTime === null ? null : minutesOfTime(rental.startTime);
    const to = rental.endTime === null ? null : minutesOfTime(rental.endTime);
    return (from === null || from <= minute) && (to === null || minute < to);
  });
}

/** Units of a rental covering a duration: a part unit is charged as a whole one. */
export const unitsFor = (minutes: number, unitMinutes: number) => Math.max(1, Math.ceil(minutes / Math.max(1, unitMinutes)));

export interface RentalRow {
  facilityId: number;
  startTime: string | null;
  endTime: string | null;
  product: typeof products.$inferSelect;
}

/** The products of these kinds the facilities sell, in their facility order. */
export async function facilityProductRows(db: Database, facilityIds: number[], kinds: ('rental' | 'ticket' | 'addon')[]): Promise<RentalRow[]> {
  if (facilityIds.length === 0) return [];
  return db
    .select({ facilityId: facilityProducts.facilityId, startTime: facilityProducts.startTime, endTime: facilityProducts.endTime, product: products })
    .from(facilityProducts)
    .innerJoin(products, eq(products.id, facilityProducts.productId))
    .where(and(inArray(facilityProducts.facilityId, facilityIds), inArray(products.kind, kinds)))
    .orderBy(asc(facilityProducts.sort), asc(products.id));
}

/** The cheapest sum of the default products for the minimum booking time, over the rental bands of the day. */
function fromPrice(facility: ServiceFacility, opening: readonly TimeWindow[], minutes: number): number | null {
  const total = (sold: SoldProduct) => sold.price + sold.taxAmount;
  if (facility.perCapacity) {
    const tickets = facility.sells.filter((sold) => sold.kind === 'ticket').map(total);
    return tickets.length > 0 ? roundMoney(Math.min(...tickets)) : null;
  }
  const rentals = facility.sells.filter((sold) => sold.kind === 'rental');
  const moments = [...opening.map((open) => open.start_time), ...rentals.flatMap((sold) => (sold.startTime ? [sold.startTime] : []))];
  const sums = moments
    .map((moment) => rentalsAt(rentals, moment))
    .filter((valid) => valid.length > 0)
    .map((valid) => valid.reduce((sum, sold) => sum + unitsFor(minutes, sold.unitMinutes) * total(sold), 0));
  return sums.length > 0 ? roundMoney(Math.min(...sums)) : null;
}

/** One row of a facility's day: an opening window, a booking, a block or another session's hold. */
interface DayWindow {
  kind: 'opening' | 'booking' | 'hold' | 'maintenance' | 'event' | 'workshop';
  facilityId: number;
  startTime: string;
  endTime: string;
  /** Tickets or rental units held; participants booked. */
  quantity: number;
  participants: number;
  productId: number | null;
  sessionId: string | null;
}

/**
 * The statement of `dayWindowRows`, written once: every schedule call and every facility line of an order runs it.
 * Parameters: $1 the facilities' ids, $2 theirs and their relatives', $3 the day's weekday bit, $4 the channel's
 * bit, $5 the day, $6 now, $7 the caller's session (null: none). Add-ons are stock, not time: their bookings are
 * left out.
 */
const DAY_WINDOWS = `select 'opening' as kind, facility_id as "facilityId", start_time as "startTime", end_time as "endTime", 0 as quantity, 0 as participants,
    null::int as "productId", null::text as "sessionId"
  from facility_timings where facility_id = any($1::int[]) and (weekdays & $3::int) <> 0 and (channels & $4::int) <> 0
union all
select 'booking', b.facility_id, b.start_time, b.end_time, b.quantity, b.quantity, null, null
  from facility_bookings b left join products p on p.id = b.product_id
  where b.facility_id = any($2::int[]) and b.date = $5::date and b.status_id <> ${REJECTED_STATUS} and (p.kind is null or p.kind <> 'addon')
union all
select kind, facility_id, start_time, end_time, 0, 0, null, null
  from facility_blocks
  where facility_id = any($2::int[]) and start_date <= $5::date and end_date >= $5::date and (kind <> 'workshop' or (weekdays & $3::int) <> 0)
union all
select 'hold', h.facility_id, h.start_time, h.end_time, h.quantity, h.quantity * p.participant_count, h.product_id, h.session_id
  from cart_holds h join products p on p.id = h.product_id
  where h.facility_id = any($2::int[]) and h.date = $5::date and h.expires_at > $6::timestamptz and ($7::text is null or h.session_id <> $7::text)`;

/**
 * The day's windows in one query (it runs on every schedule call, so one round trip instead of four): the
 * caller's channel's opening hours of the facilities, and the bookings (not rejected, add-ons left out: they are
 * stock, not time), blocks (workshops on their weekdays) and other sessions' unexpired holds of the facilities and
 * their relatives.
 */
async function dayWindowRows(db: Database, ids: number[], everyId: number[], request: DayRequest): Promise<DayWindow[]> {
  const rows = await runStatement<DayWindow>(db, DAY_WINDOWS, [
    ids,
    everyId,
    weekdayBit(request.date),
    CHANNEL_BITS[request.channel],
    request.date,
    request.now.toISOString(),
    request.sessionId,
  ]);
  return rows.sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/**
 * Everything that takes the facilities' time on a day, as the schedule carries it. Parents and children are
 * looked up among the service's facilities; one that is not among `rows` (filtered out) still blocks: what takes
 * its time is folded into its pitch relatives.
 */
export async function loadDaySchedule(
  db: Database,
  rows: readonly ServiceFacility[],
  service: readonly ServiceFacility[],
  request: DayRequest,
): Promise<DaySchedule> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { facilities: [], holds: [] };
  const childrenOf = (id: number) => service.filter((other) => other.parentFacilityId === id).map((child) => child.id);
  const relativesOf = (row: FacilityRow) => [...(row.parentFacilityId === null ? [] : [row.parentFacilityId]), ...childrenOf(row.id)];
  const everyId = [...new Set([...ids, ...rows.flatMap(relativesOf)])];

  const dayWindows = await dayWindowRows(db, ids, everyId, request);

  const perCapacity = new Map(rows.map((row) => [row.id, row.perCapacity]));
  const windowsOf = byFacility(dayWindows);
  const ofKind = (id: number, kind: DayWindow['kind']) => windowsOf(id).filter((row) => row.kind === kind);
  const otherHolds: OtherHold[] = dayWindows
    .filter((row) => row.kind === 'hold')
    .map((row) => ({ ...row, productId: row.productId ?? 0, sessionId: row.sessionId ?? '' }));

  const occupancy = (id: number, asParticipants: boolean) => ({
    bookings: ofKind(id, 'booking').map((row): OccupiedWindow => ({ ...window(row), quantity: asParticipants ? row.participants : 1 })),
    cart_items: ofKind(id, 'hold').map((row): OccupiedWindow => ({ ...window(row), quantity: asParticipants ? row.participants : 1 })),
    maintenances: ofKind(id, 'maintenance').map(window),
    event_schedules: ofKind(id, 'event').map(window),
    workshop_program_schedules: ofKind(id, 'workshop').map(window),
  });

  const scheduled = rows.map((row): ScheduleFacility => {
    const childIds = childrenOf(row.id);
    const parents = row.parentFacilityId === null ? [] : [row.parentFacilityId];
    const own = occupancy(row.id, row.perCapacity);
    if (!row.perCapacity) {
      for (const absent of [...parents, ...childIds].filter((id) => !perCapacity.has(id))) {
        const theirs = occupancy(absent, false);
        own.bookings.push(...theirs.bookings);
        own.cart_items.push(...theirs.cart_items);
        own.maintenances.push(...theirs.maintenances);
        own.event_schedules.push(...theirs.event_schedules);
        own.workshop_program_schedules.push(...theirs.workshop_program_schedules);
      }
    }
    const schedule_control = ofKind(row.id, 'opening').map(window);
    return {
      id: row.id,
      name: row.name,
      ar_name: row.arName,
      image: row.image,
      per_capacity: row.perCapacity ? 1 : 0,
      capacity: row.capacity,
      is_enable_per_day_capacity: row.perDayCapacity ? 1 : 0,
      min_booking_time: row.minBookingTime,
      facility_surface_id: row.surfaceId,
      is_outdoor: row.isOutdoor ? 1 : 0,
      game_formation_ids: row.formationIds,
      parent_facilities: parents,
      child_facilities: childIds,
      schedule_control,
      ...own,
      day_booked_quantity: row.perDayCapacity ? ofKind(row.id, 'booking').reduce((sum, booking) => sum + booking.participants, 0) : 0,
      from_price: fromPrice(row, schedule_control, row.minBookingTime ?? request.minBookingTime),
    };
  });
  return { facilities: scheduled, holds: otherHolds.filter((hold) => perCapacity.has(hold.facilityId)) };
}

/** Whether the window is open and not closed by a block, whatever is booked (per-capacity facilities). */
export function isWindowOpen(facility: ScheduleFacility, all: readonly ScheduleFacility[], slot: TimeWindow): boolean {
  return capacityLeft({ ...facility, bookings: [], cart_items: [], day_booked_quantity: 0, capacity: Math.max(1, facility.capacity) }, all, slot) > 0;
}
