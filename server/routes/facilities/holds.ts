import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { siteConfig } from '../../../src/domain/contract/config';
import {
  CART_SESSION_PATTERN,
  cartSessionCall,
  cartSessionResponse,
  cartSyncBody,
  cartSyncCall,
  cartSyncResponse,
  releaseHoldBody,
  releaseHoldCall,
  type Hold,
  type HoldItem,
  type ReleaseHold,
} from '../../../src/domain/contract/facilities';
import { capacityLeft } from '../../../src/domain/booking/availability';
import { ticketCapacityLeft } from '../../../src/domain/booking/ticketCapacity';
import { type Database } from '../../db/client';
import { cartHolds, cartSessions, facilities, facilityProducts, products, venueServices } from '../../db/schema/facilities';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue, type VenueRow } from '../../http/venue';
import {
  assertBookableDate,
  channelOf,
  FACILITY_MESSAGES,
  isStartOffered,
  isWindowOpen,
  loadDaySchedule,
  lockFacilityDays,
  serviceFacilities,
  sessionOf,
  slotWindow,
  type Channel,
  type DaySchedule,
  type OtherHold,
  type ServiceFacility,
  type ServiceRow,
} from './facilitiesData';
import { loadTicketFacts, ticketsOf, type TicketFacts } from './products';
import { serve } from '../../http/serve';

/** How long a cart line holds its slot against other sessions. */
export const HOLD_MINUTES = 10;

/** A cart session nobody used for this long is forgotten; the client then asks for a new one. */
const CART_SESSION_IDLE_MS = 2 * 24 * 60 * 60_000;

/**
 * Orders still take the venue's capacity lock exclusively (placeOrder.ts); holds take it shared, so holds of
 * different facilities run side by side while an order never sees a hold half made.
 */
const VENUE_CAPACITY_LOCK = 7301;
/** Advisory lock class of one holder (a session, an address): its places are counted and added one request at a time. */
const HOLDER_LOCK = 7303;

export const HOLDS_OFF = 'This venue does not hold cart items';

/** The caller's cart session, refused unless this venue issued it; using it keeps it from being purged. */
async function requireCartSession(db: Database, venue: VenueRow, request: FastifyRequest, now: Date): Promise<string> {
  const session = sessionOf(request);
  if (session === null) throw new HttpError(400, FACILITY_MESSAGES.sessionRequired);
  if (!CART_SESSION_PATTERN.test(session)) throw new HttpError(403, FACILITY_MESSAGES.sessionUnknown);
  const [known] = await db
    .update(cartSessions)
    .set({ lastUsedAt: now })
    .where(and(eq(cartSessions.id, session), eq(cartSessions.venueId, venue.id)))
    .returning({ id: cartSessions.id });
  if (!known) throw new HttpError(403, FACILITY_MESSAGES.sessionUnknown);
  return session;
}

const lineKey = (item: ReleaseHold) => `${item.facility_id}|${item.product_id}|${item.date}|${item.start_time}|${item.end_time}`;

export const sameLine = (item: ReleaseHold) =>
  and(
    eq(cartHolds.facilityId, item.facility_id),
    eq(cartHolds.productId, item.product_id),
    eq(cartHolds.date, item.date),
    eq(cartHolds.startTime, item.start_time),
    eq(cartHolds.endTime, item.end_time),
  );

export const ofSession = (venueId: number, sessionId: string) => and(eq(cartHolds.venueId, venueId), eq(cartHolds.sessionId, sessionId));

async function sessionHolds(db: Database, venueId: number, sessionId: string, now: Date): Promise<Hold[]> {
  const rows = await db
    .select()
    .from(cartHolds)
    .where(and(ofSession(venueId, sessionId), gt(cartHolds.expiresAt, now)))
    .orderBy(asc(cartHolds.id));
  return rows.map((row) => ({
    product_id: row.productId,
    quantity: row.quantity,
    date: row.date,
    start_time: row.startTime,
    end_time: row.endTime,
    facility_id: row.facilityId,
    expires_at: row.expiresAt.toISOString(),
  }));
}

/** Places a held line takes from the holder's allowance: its participants (a pitch's units admit one each, as the client counts them). */
const heldPlaces = sql<number>`${cartHolds.quantity} * greatest(${products.participantCount}, 1)`;

interface Holder {
  venue: VenueRow;
  sessionId: string;
  address: string;
  channel: Channel;
  now: Date;
}

/** A line of the request with the facility, service and product it names, checked for what needs no schedule. */
interface ResolvedLine {
  item: HoldItem;
  facility: ServiceFacility;
  service: ServiceRow;
  /** The service's active facilities: the line's facility shares its time with its parent and children among them. */
  serviceFacilities: ServiceFacility[];
  /** Places the line takes from the holder's allowance (heldPlaces). */
  places: number;
}

/**
 * The request's lines (a line named twice: the last one counts) with their facilities and products, in three
 * queries whatever the number of lines; refused when a facility is not the venue's, a date cannot be booked or
 * the facility does not sell the product.
 */
async function resolveLines(db: Database, venue: VenueRow, items: readonly HoldItem[], now: Date): Promise<ResolvedLine[]> {
  const lines = [...new Map(items.map((item) => [lineKey(item), item])).values()];
  const facilityIds = [...new Set(lines.map((item) => item.facility_id))];
  const found = await db
    .select({ facility: facilities, service: venueServices })
    .from(facilities)
    .innerJoin(venueServices, eq(venueServices.id, facilities.venueServiceId))
    .where(and(inArray(facilities.id, facilityIds), eq(venueServices.venueId, venue.id), eq(facilities.isActive, true)));
  const serviceIds = [...new Set(found.map((row) => row.service.id))];
  const [sold, ...perService] = await Promise.all([
    db
      .select({ facilityId: facilityProducts.facilityId, productId: products.id, kind: products.kind, participantCount: products.participantCount })
      .from(facilityProducts)
      .innerJoin(products, eq(products.id, facilityProducts.productId))
      .where(and(inArray(facilityProducts.facilityId, facilityIds), inArray(products.id, [...new Set(lines.map((item) => item.product_id))]))),
    ...serviceIds.map((serviceId) => serviceFacilities(db, serviceId)),
  ]);
  const facilitiesOf = new Map(serviceIds.map((serviceId, index) => [serviceId, perService[index] ?? []]));
  return lines.map((item) => {
    const row = found.find((each) => each.facility.id === item.facility_id);
    const inService = facilitiesOf.get(row?.service.id ?? 0) ?? [];
    const facility = inService.find((each) => each.id === item.facility_id);
    if (!row || !facility) throw notFound(FACILITY_MESSAGES.facilityNotFound);
    assertBookableDate(venue, row.service, item.date, now);
    slotWindow(item.start_time, item.end_time);
    const product = sold.find((each) => each.facilityId === item.facility_id && each.productId === item.product_id);
    const kind = facility.perCapacity ? 'ticket' : 'rental';
    if (!product || product.kind !== kind) throw new HttpError(400, FACILITY_MESSAGES.productNotSold);
    const places = item.quantity * Math.max(1, product.participantCount);
    return { item, facility, service: row.service, serviceFacilities: inService, places };
  });
}

/** The facilities whose time a line shares, on its day: its own, its parent's and its children's. */
function sharedFacilityDays({ item, facility, serviceFacilities: service }: ResolvedLine) {
  const parents = facility.parentFacilityId === null ? [] : [facility.parentFacilityId];
  const children = service.filter((other) => other.parentFacilityId === facility.id).map((child) => child.id);
  return [facility.id, ...parents, ...children].map((facilityId) => ({ facilityId, date: item.date }));
}

/** Refuses the request when the session or the address would hold more places than the venue allows at once. */
async function assertWithinAllowance(tx: Database, holder: Holder, lines: readonly ResolvedLine[]): Promise<void> {
  const config = siteConfig.parse(holder.venue.config);
  const [held] = await tx
    .select({
      session: sql<number>`coalesce(sum(case when ${cartHolds.sessionId} = ${holder.sessionId} then ${heldPlaces} else 0 end), 0)::int`,
      address: sql<number>`coalesce(sum(case when ${cartHolds.clientAddress} = ${holder.address} then ${heldPlaces} else 0 end), 0)::int`,
    })
    .from(cartHolds)
    .innerJoin(products, eq(products.id, cartHolds.productId))
    .where(
      and(
        eq(cartHolds.venueId, holder.venue.id),
        gt(cartHolds.expiresAt, holder.now),
        or(eq(cartHolds.sessionId, holder.sessionId), eq(cartHolds.clientAddress, holder.address)),
      ),
    );
  const requested = lines.reduce((sum, line) => sum + line.places, 0);
  const session = Number(held?.session ?? 0);
  if (session + requested > config.cart_hold_places_per_session) {
    throw new HttpError(409, FACILITY_MESSAGES.sessionPlaces(config.cart_hold_places_per_session, session, requested));
  }
  if (Number(held?.address ?? 0) + requested > config.cart_hold_places_per_address) {
    throw new HttpError(429, FACILITY_MESSAGES.addressPlaces(config.cart_hold_places_per_address));
  }
}

/** This session's unexpired holds on these facilities, with the participants they take. */
async function ownHolds(tx: Database, holder: Holder, facilityIds: number[]): Promise<(OtherHold & { date: string })[]> {
  const rows = await tx
    .select({
      facilityId: cartHolds.facilityId,
      productId: cartHolds.productId,
      date: cartHolds.date,
      startTime: cartHolds.startTime,
      endTime: cartHolds.endTime,
      quantity: cartHolds.quantity,
      participants: sql<number>`${cartHolds.quantity} * ${products.participantCount}`,
    })
    .from(cartHolds)
    .innerJoin(products, eq(products.id, cartHolds.productId))
    .where(and(ofSession(holder.venue.id, holder.sessionId), inArray(cartHolds.facilityId, facilityIds), gt(cartHolds.expiresAt, holder.now)));
  return rows.map((row) => ({ ...row, sessionId: holder.sessionId, participants: Number(row.participants) }));
}

/** Loads each distinct key's value once, side by side. */
async function loadEach<T>(keys: readonly string[], load: (key: string) => Promise<T>): Promise<Map<string, T>> {
  const unique = [...new Set(keys)];
  const values = await Promise.all(unique.map(load));
  return new Map(unique.map((key, index) => [key, values[index] as T]));
}

/**
 * Checks every line against the facility's time as it stands (other sessions' holds included) and holds them
 * all for this session, replacing the session's earlier holds of the same lines. A pitch must be free; a ticket
 * must fit what is left of the facility and of its stock, this session's other lines (this request's included)
 * counted. The schedule is read once per service and day and the tickets once per facility and day, so the work
 * grows with the days and facilities named, not with the lines; only the locks of those facilities are taken.
 */
async function placeHolds(tx: Database, holder: Holder, lines: readonly ResolvedLine[]): Promise<void> {
  const { venue, sessionId, now } = holder;
  const touched = lines.flatMap(sharedFacilityDays);
  await lockFacilityDays(tx, touched);

  const pairs = [...new Map(touched.map((pair) => [`${pair.facilityId}|${pair.date}`, pair])).values()];
  await tx.delete(cartHolds).where(and(lte(cartHolds.expiresAt, now), or(...pairs.map((pair) => and(eq(cartHolds.facilityId, pair.facilityId), eq(cartHolds.date, pair.date))))));
  await tx.delete(cartHolds).where(and(ofSession(venue.id, sessionId), or(...lines.map((line) => sameLine(line.item)))));
  await assertWithinAllowance(tx, holder, lines);

  const dayKey = (line: ResolvedLine) => `${line.service.id}|${line.item.date}`;
  const days = await loadEach(lines.map(dayKey), (key) => {
    const line = lines.find((each) => dayKey(each) === key) as ResolvedLine;
    const service = line.serviceFacilities;
    const named = new Set(lines.filter((each) => dayKey(each) === key).map((each) => each.facility.id));
    return loadDaySchedule(tx, service.filter((facility) => named.has(facility.id)), service, {
      date: line.item.date,
      channel: holder.channel,
      sessionId,
      now,
      minBookingTime: line.service.minBookingTime,
    });
  });
  const ticketKey = (line: ResolvedLine) => `${line.facility.id}|${line.item.date}`;
  const ticketFacts = await loadEach(lines.filter((line) => line.facility.perCapacity).map(ticketKey), (key) => {
    const [facilityId = '0', date = ''] = key.split('|');
    return loadTicketFacts(tx, Number(facilityId), date);
  });
  const own = await ownHolds(tx, holder, [...new Set(lines.filter((line) => line.facility.perCapacity).map((line) => line.facility.id))]);

  for (const line of lines) {
    const { item } = line;
    if (!isStartOffered(venue, line.service, item.date, item.start_time, now)) throw new HttpError(409, FACILITY_MESSAGES.noFacility);
    const day = days.get(dayKey(line)) as DaySchedule;
    const facility = day.facilities.find((each) => each.id === item.facility_id);
    if (!facility) throw notFound(FACILITY_MESSAGES.facilityNotFound);
    const slot = slotWindow(item.start_time, item.end_time);
    if (!line.facility.perCapacity) {
      if (capacityLeft(facility, day.facilities, slot) <= 0) throw new HttpError(409, FACILITY_MESSAGES.noFacility);
      continue;
    }
    if (!isWindowOpen(facility, day.facilities, slot)) throw new HttpError(409, FACILITY_MESSAGES.noFacility);
    const holds = [...day.holds, ...own.filter((hold) => hold.facilityId === facility.id && hold.date === item.date)];
    const facts = ticketFacts.get(ticketKey(line)) as TicketFacts;
    const ticket = ticketsOf(facts, facility, day.facilities, slot, holds).find((each) => each.product_id === item.product_id);
    if (!ticket) throw new HttpError(400, FACILITY_MESSAGES.productNotSold);
    // Every reservation counts here, this session's other lines included (no session id: none is taken as ours).
    const left = ticketCapacityLeft(ticket, { cartTickets: [], sessionId: null, date: item.date, startTime: item.start_time });
    const requested = item.quantity * ticket.participant_count;
    if (left <= 0) throw new HttpError(409, FACILITY_MESSAGES.capacityReached);
    if (requested > left) throw new HttpError(409, FACILITY_MESSAGES.capacityExceeded(left, requested));
    own.push({ ...item, facilityId: item.facility_id, productId: item.product_id, startTime: item.start_time, endTime: item.end_time, sessionId, participants: requested });
  }

  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  await tx.insert(cartHolds).values(
    lines.map(({ item }) => ({
      venueId: venue.id,
      sessionId,
      clientAddress: holder.address,
      facilityId: item.facility_id,
      productId: item.product_id,
      date: item.date,
      startTime: item.start_time,
      endTime: item.end_time,
      quantity: item.quantity,
      expiresAt,
    })),
  );
}

/**
 * POST cart/session issues a cart session; POST cart/sync holds the lines of an issued session (X-Session-Id) for
 * HOLD_MINUTES, all or none; DELETE cart/sync releases one. Both answer the session's holds.
 */
export const cartHoldRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(app, cartSessionCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const at = now();
    await db.delete(cartSessions).where(lt(cartSessions.lastUsedAt, new Date(at.getTime() - CART_SESSION_IDLE_MS)));
    const id = randomBytes(16).toString('hex');
    await db.insert(cartSessions).values({ id, venueId: venue.id, lastUsedAt: at });
    return sendParsed(reply, cartSessionResponse, { status: true, data: { session_id: id } });
  });

  serve(app, cartSyncCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    // The venue decides whether lines are held (allow_facility_items_reservation); releasing stays open so a
    // venue that switches holds off never strands the ones already made.
    if (venue.config.allow_facility_items_reservation !== 1) throw new HttpError(403, HOLDS_OFF);
    const { products: items } = parseInput(cartSyncBody, request.body, 'body');
    const at = now();
    const sessionId = await requireCartSession(db, venue, request, at);
    const holder: Holder = { venue, sessionId, address: request.ip, channel: channelOf(request), now: at };
    const lines = await resolveLines(db, venue, items, at);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${VENUE_CAPACITY_LOCK}, ${venue.id})`);
      await lockHolders(tx, holder);
      await placeHolds(tx, holder, lines);
    });
    return sendParsed(reply, cartSyncResponse, { status: true, data: { holds: await sessionHolds(db, venue.id, sessionId, at) } });
  });

  serve(app, releaseHoldCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const item = parseInput(releaseHoldBody, request.body, 'body');
    const at = now();
    const sessionId = await requireCartSession(db, venue, request, at);
    await db.delete(cartHolds).where(and(ofSession(venue.id, sessionId), sameLine(item)));
    return sendParsed(reply, cartSyncResponse, { status: true, data: { holds: await sessionHolds(db, venue.id, sessionId, at) } });
  });
};

/** The session's lock, then the address's: every hold takes them in this order, before any facility's. */
async function lockHolders(tx: Database, holder: Holder): Promise<void> {
  const keys: SQL[] = [sql`hashtext(${`session ${holder.sessionId}`})`, sql`hashtext(${`address ${holder.venue.id} ${holder.address}`})`];
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${HOLDER_LOCK}, ${key})`);
}
