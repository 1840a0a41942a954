import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import {
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
import { cartHolds, facilities, facilityProducts, products, venueServices } from '../../db/schema/facilities';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue, type VenueRow } from '../../http/venue';
import {
  assertBookableDate,
  channelOf,
  FACILITY_MESSAGES,
  findService,
  isStartOffered,
  isWindowOpen,
  loadDaySchedule,
  serviceFacilities,
  sessionOf,
  slotWindow,
  type OtherHold,
} from './facilitiesData';
import { ticketsFor } from './products';
import { serve } from '../../http/serve';

/** How long a cart line holds its slot against other sessions. */
export const HOLD_MINUTES = 10;

/** Holds of one venue are placed one at a time, so two sessions never both take the last place. */
const HOLD_LOCK_CLASS = 7301;

function requireSession(request: FastifyRequest): string {
  const session = sessionOf(request);
  if (session === null) throw new HttpError(400, FACILITY_MESSAGES.sessionRequired);
  return session;
}

const sameItem = (venueId: number, sessionId: string, item: ReleaseHold) =>
  and(
    eq(cartHolds.venueId, venueId),
    eq(cartHolds.sessionId, sessionId),
    eq(cartHolds.facilityId, item.facility_id),
    eq(cartHolds.productId, item.product_id),
    eq(cartHolds.date, item.date),
    eq(cartHolds.startTime, item.start_time),
    eq(cartHolds.endTime, item.end_time),
  );

async function sessionHolds(db: Database, venueId: number, sessionId: string, now: Date): Promise<Hold[]> {
  const rows = await db
    .select()
    .from(cartHolds)
    .where(and(eq(cartHolds.venueId, venueId), eq(cartHolds.sessionId, sessionId), gt(cartHolds.expiresAt, now)))
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

/**
 * This session's unexpired holds on the item's facility that day (the item's own earlier hold already removed).
 * The schedule leaves a session's own holds out, but places it holds for other tickets are taken all the same:
 * without them one cart could hold more participants than the slot has.
 */
async function ownHoldsOnFacility(db: Database, venueId: number, sessionId: string, item: HoldItem, now: Date): Promise<OtherHold[]> {
  const rows = await db
    .select({
      productId: cartHolds.productId,
      startTime: cartHolds.startTime,
      endTime: cartHolds.endTime,
      quantity: cartHolds.quantity,
      participants: sql<number>`${cartHolds.quantity} * ${products.participantCount}`,
    })
    .from(cartHolds)
    .innerJoin(products, eq(products.id, cartHolds.productId))
    .where(
      and(
        eq(cartHolds.venueId, venueId),
        eq(cartHolds.sessionId, sessionId),
        eq(cartHolds.facilityId, item.facility_id),
        eq(cartHolds.date, item.date),
        gt(cartHolds.expiresAt, now),
      ),
    );
  return rows.map((row) => ({ ...row, facilityId: item.facility_id, sessionId, participants: Number(row.participants) }));
}

interface HoldRequest {
  venue: VenueRow;
  sessionId: string;
  request: FastifyRequest;
  now: Date;
}

/**
 * Checks the item against the facility's time as it stands (other sessions' holds included) and holds it for
 * this session, replacing the session's earlier hold of the same item. A pitch must be free; a ticket must fit
 * what is left of the facility and of its stock.
 */
async function placeHold(db: Database, { venue, sessionId, request, now }: HoldRequest, item: HoldItem): Promise<void> {
  const [row] = await db
    .select({ facility: facilities })
    .from(facilities)
    .innerJoin(venueServices, eq(venueServices.id, facilities.venueServiceId))
    .where(and(eq(facilities.id, item.facility_id), eq(venueServices.venueId, venue.id), eq(facilities.isActive, true)))
    .limit(1);
  if (!row) throw notFound(FACILITY_MESSAGES.facilityNotFound);
  const service = await findService(db, venue, row.facility.venueServiceId);
  assertBookableDate(venue, service, item.date, now);
  const slot = slotWindow(item.start_time, item.end_time);
  const [sold] = await db
    .select({ id: products.id })
    .from(facilityProducts)
    .innerJoin(products, eq(products.id, facilityProducts.productId))
    .where(
      and(
        eq(facilityProducts.facilityId, row.facility.id),
        eq(facilityProducts.productId, item.product_id),
        inArray(products.kind, [row.facility.perCapacity ? 'ticket' : 'rental']),
      ),
    )
    .limit(1);
  if (!sold) throw new HttpError(400, FACILITY_MESSAGES.productNotSold);

  await db.delete(cartHolds).where(sameItem(venue.id, sessionId, item));
  if (!isStartOffered(venue, service, item.date, item.start_time, now)) throw new HttpError(409, FACILITY_MESSAGES.noFacility);
  const all = await serviceFacilities(db, service.id);
  const day = await loadDaySchedule(db, all.filter((each) => each.id === row.facility.id), all, {
    date: item.date,
    channel: channelOf(request),
    sessionId,
    now,
    minBookingTime: service.minBookingTime,
  });
  const [facility] = day.facilities;
  if (!facility) throw notFound(FACILITY_MESSAGES.facilityNotFound);
  if (facility.per_capacity !== 1) {
    if (capacityLeft(facility, day.facilities, slot) <= 0) throw new HttpError(409, FACILITY_MESSAGES.noFacility);
  } else {
    if (!isWindowOpen(facility, day.facilities, slot)) throw new HttpError(409, FACILITY_MESSAGES.noFacility);
    const holds = [...day.holds, ...(await ownHoldsOnFacility(db, venue.id, sessionId, item, now))];
    const ticket = (await ticketsFor(db, facility, day.facilities, slot, item.date, holds)).find((each) => each.product_id === item.product_id);
    if (!ticket) throw new HttpError(400, FACILITY_MESSAGES.productNotSold);
    // Every reservation counts here, this session's other lines included (no session id: none is taken as ours).
    const left = ticketCapacityLeft(ticket, { cartTickets: [], sessionId: null, date: item.date, startTime: item.start_time });
    const requested = item.quantity * ticket.participant_count;
    if (left <= 0) throw new HttpError(409, FACILITY_MESSAGES.capacityReached);
    if (requested > left) throw new HttpError(409, FACILITY_MESSAGES.capacityExceeded(left, requested));
  }
  await db.insert(cartHolds).values({
    venueId: venue.id,
    sessionId,
    facilityId: item.facility_id,
    productId: item.product_id,
    date: item.date,
    startTime: item.start_time,
    endTime: item.end_time,
    quantity: item.quantity,
    expiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
  });
}

/**
 * POST cart/sync holds the lines of this session (X-Session-Id) for HOLD_MINUTES, all or none; DELETE cart/sync
 * releases one. Both answer the session's holds. Expired holds are purged on the way.
 */
export const HOLDS_OFF = 'This venue does not hold cart items';

export const cartHoldRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(app, cartSyncCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    // The venue decides whether lines are held (allow_facility_items_reservation); releasing stays open so a
    // venue that switches holds off never strands the ones already made.
    if (venue.config.allow_facility_items_reservation !== 1) throw new HttpError(403, HOLDS_OFF);
    const sessionId = requireSession(request);
    const { products: items } = parseInput(cartSyncBody, request.body, 'body');
    const at = now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${HOLD_LOCK_CLASS}, ${venue.id})`);
      await tx.delete(cartHolds).where(lte(cartHolds.expiresAt, at));
      for (const item of items) await placeHold(tx, { venue, sessionId, request, now: at }, item);
    });
    return sendParsed(reply, cartSyncResponse, { status: true, data: { holds: await sessionHolds(db, venue.id, sessionId, at) } });
  });

  serve(app, releaseHoldCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const sessionId = requireSession(request);
    const item = parseInput(releaseHoldBody, request.body, 'body');
    await db.delete(cartHolds).where(sameItem(venue.id, sessionId, item));
    return sendParsed(reply, cartSyncResponse, { status: true, data: { holds: await sessionHolds(db, venue.id, sessionId, now()) } });
  });
};
