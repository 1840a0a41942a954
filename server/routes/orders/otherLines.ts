import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { addDays, minutesOfTime } from '../../../src/domain/booking/dayTime';
import { sameStartTime } from '../../../src/domain/booking/ticketCapacity';
import { sessionEnd } from '../../../src/domain/cart/catalogueLines';
import { MEMBERSHIP_START_MAX_DAYS, TRAINER_BOOKING_DAYS, trainerStartTimes, type VenueNow } from '../../../src/domain/catalogue/purchaseDays';
import { vatOn } from '../../../src/domain/money';
import { venueClock } from '../facilities/facilitiesData';
import { type Database } from '../../db/client';
import { academies, events, memberships, offers, outletProducts, outlets, trainers } from '../../db/schema/catalogue';
import { orderLines, orders } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { type VenueRow } from '../../http/venue';
import { eventCapacitiesAndTaken, holdsItsPlaces, placesLeft, sameSession, takenAt, type SessionTickets } from './eventCapacity';
import { catalogueKey, type CatalogueCache } from './catalogueCache';
import { ORDER_MESSAGES } from './messages';
import { pricedLine, type PricedLine } from './lines';

const missing = () => new HttpError(404, ORDER_MESSAGES.itemNotFound);
const notForSale = () => new HttpError(400, ORDER_MESSAGES.notSoldOnline);
const conflict = (message: string) => new HttpError(409, message);

function assertVenue(venue: VenueRow, lines: readonly { venue_id: number }[]) {
  if (lines.some((line) => line.venue_id !== venue.id)) throw new HttpError(400, ORDER_MESSAGES.wrongVenue);
}

const distinct = <T>(values: readonly T[]) => [...new Set(values)];
const byId = <Row extends { id: number }>(rows: readonly Row[]) => new Map(rows.map((row) => [row.id, row]));

/** The clock every line is checked against: the venue's today and time of day. */
interface LineClock {
  venue: VenueNow;
  now: Date;
}

/**
 * Event tickets: on one of the event's days from the venue's today on, at one of its schedules, at the event's
 * price, and within the places the session has left. The caller holds the session's place lock (placeLocks.ts), so
 * the count cannot change under it; tickets of earlier lines of this order for the same session count as taken.
 */
async function eventLines(tx: Database, venue: VenueRow, lines: OrderProducts['event'], clock: LineClock, catalogue: CatalogueCache): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const ids = distinct(lines.map((line) => line.event_id));
  const found = await catalogue.read(catalogueKey('events', venue.id, ids), async () => byId(await tx.select().from(events).where(and(eq(events.venueId, venue.id), inArray(events.id, ids)))));
  // Capacities are read with what is taken, never from the catalogue copy: a venue's change applies to the next order.
  const { capacities, taken } = await eventCapacitiesAndTaken(tx, [...found.keys()], distinct(lines.map((line) => line.date)), clock.now);
  const inThisOrder: SessionTickets[] = [];
  return lines.map((line) => {
    const event = found.get(line.event_id);
    if (!event) throw missing();
    if (event.price === null) throw notForSale();
    if (line.date < clock.venue.date) throw conflict(ORDER_MESSAGES.eventDayPassed);
    const runs = line.date >= event.startDate && line.date <= event.endDate && event.schedules.some((schedule) => sameStartTime(schedule.start_time, line.start_time));
    if (!runs) throw conflict(ORDER_MESSAGES.eventTimeInvalid);
    const capacity = capacities.get(event.id) ?? null;
    if (capacity !== null) {
      const session = { eventId: event.id, date: line.date, startTime: line.start_time };
      const earlier = inThisOrder.filter((each) => sameSession(each, session)).reduce((sum, each) => sum + each.quantity, 0);
      const left = placesLeft(capacity, takenAt(taken.filter((each) => sameSession(each, session)), line.start_time) + earlier) ?? 0;
      if (left <= 0) throw conflict(ORDER_MESSAGES.capacityReached);
      if (line.quantity > left) throw conflict(ORDER_MESSAGES.capacityExceeded(left, line.quantity));
    }
    inThisOrder.push({ eventId: event.id, date: line.date, startTime: line.start_time, quantity: line.quantity });
    return pricedLine({
      kind: 'event',
      productId: null,
      itemId: event.id,
      name: event.name,
      arName: event.arName,
      date: line.date,
      startTime: line.start_time,
      endTime: line.end_time,
      quantity: line.quantity,
      unitPrice: event.price,
      unitTax: vatOn(event.price),
      customers: line.customers,
    });
  });
}

interface TrainerSession {
  trainerId: number;
  date: string;
  start: number;
  end: number;
}

const overlaps = (a: TrainerSession, b: TrainerSession) => a.trainerId === b.trainerId && a.date === b.date && a.start < b.end && b.start < a.end;

/** The sessions of these trainers on these days that orders holding their places (but `exceptOrderId`) have booked and not cancelled. */
export async function bookedTrainerSessions(tx: Database, trainerIds: readonly number[], dates: readonly string[], now: Date, exceptOrderId?: number): Promise<TrainerSession[]> {
  if (trainerIds.length === 0) return [];
  const rows = await tx
    .select({ trainerId: orderLines.itemId, date: orderLines.date, startTime: orderLines.startTime, endTime: orderLines.endTime })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.kind, 'training'),
        inArray(orderLines.itemId, [...trainerIds]),
        inArray(orderLines.date, [...dates]),
        isNull(orderLines.cancelledAt),
        holdsItsPlaces(now),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
  return rows.flatMap(({ trainerId, date, startTime, endTime }) => {
    const start = minutesOfTime(startTime ?? '');
    const end = minutesOfTime(endTime ?? '');
    return trainerId === null || date === null || start === null || end === null ? [] : [{ trainerId, date, start, end }];
  });
}

/**
 * Trainer sessions: at one of the hourly starts the trainer page offers (src/domain/catalogue/purchaseDays.ts),
 * from the venue's now to TRAINER_BOOKING_DAYS ahead, lasting the trainer's session, while no other order (nor an
 * earlier line of this one) has the trainer at that time.
 */
async function trainingLines(tx: Database, venue: VenueRow, lines: OrderProducts['training'], clock: LineClock): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const found = byId(await tx.select().from(trainers).where(and(eq(trainers.venueId, venue.id), inArray(trainers.id, distinct(lines.map((line) => line.trainer_id))))));
  const booked = await bookedTrainerSessions(tx, [...found.keys()], distinct(lines.map((line) => line.date)), clock.now);
  const lastDay = addDays(clock.venue.date, TRAINER_BOOKING_DAYS) ?? clock.venue.date;
  return lines.map((line) => {
    const trainer = found.get(line.trainer_id);
    if (!trainer) throw missing();
    if (trainer.sessionPrice === null || trainer.sessionMinutes === null) throw notForSale();
    const endTime = sessionEnd(line.start_time, trainer.sessionMinutes);
    const offered =
      line.date <= lastDay &&
      trainerStartTimes(trainer.sessionMinutes, line.date, clock.venue).some((start) => sameStartTime(start, line.start_time)) &&
      sameStartTime(endTime, line.end_time);
    if (!offered) throw conflict(ORDER_MESSAGES.trainerTimeInvalid);
    const session = { trainerId: trainer.id, date: line.date, start: minutesOfTime(line.start_time) ?? 0, end: minutesOfTime(endTime) ?? 0 };
    if (booked.some((other) => overlaps(other, session))) throw conflict(ORDER_MESSAGES.trainerBooked);
    booked.push(session);
    return pricedLine({
      kind: 'training',
      productId: null,
      itemId: trainer.id,
      name: trainer.name,
      arName: trainer.arName,
      date: line.date,
      startTime: line.start_time,
      endTime,
      quantity: line.quantity,
      unitPrice: trainer.sessionPrice,
      unitTax: vatOn(trainer.sessionPrice),
      customers: line.customers,
    });
  });
}

/** The trainer sessions of an order's lines. */
export function trainerSessionsOf(lines: readonly PricedLine[]): TrainerSession[] {
  return lines.flatMap((line) => {
    const start = minutesOfTime(line.startTime ?? '');
    const end = minutesOfTime(line.endTime ?? '');
    return line.kind === 'training' && line.itemId !== null && line.date !== null && start !== null && end !== null ? [{ trainerId: line.itemId, date: line.date, start, end }] : [];
  });
}

/**
 * Checks an order's trainer sessions again once its rows are written, under the trainers' day locks (the caller takes
 * them as the order's last step): two buyers of one trainer's hour never both get it.
 */
export async function confirmTrainerSessions(tx: Database, orderId: number, sessions: readonly TrainerSession[], now: Date): Promise<void> {
  if (sessions.length === 0) return;
  const booked = await bookedTrainerSessions(tx, distinct(sessions.map((session) => session.trainerId)), distinct(sessions.map((session) => session.date)), now, orderId);
  if (sessions.some((session) => booked.some((other) => overlaps(other, session)))) throw conflict(ORDER_MESSAGES.trainerBooked);
}

/** Refuses the second line of something an order holds once ('Membership already in cart' and its kin). */
function assertOncePerOrder<Line>(lines: readonly Line[], keyOf: (line: Line) => number, message: string) {
  if (new Set(lines.map(keyOf)).size !== lines.length) throw conflict(message);
}

/**
 * Academy programmes (workshops): one per programme per order, starting inside the programme's dates and not before
 * the venue's today (a place whose start date has passed is not sold).
 */
async function workshopLines(tx: Database, venue: VenueRow, lines: OrderProducts['workshop'], clock: LineClock): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  assertOncePerOrder(lines, (line) => line.workshop_program_id, ORDER_MESSAGES.workshopDuplicate);
  const found = byId(await tx.select().from(academies).where(and(eq(academies.venueId, venue.id), inArray(academies.id, distinct(lines.map((line) => line.workshop_id))))));
  return lines.map((line) => {
    const academy = found.get(line.workshop_id);
    // Each academy runs one programme, numbered as the academy (POST workshops/check).
    if (!academy || line.workshop_program_id !== academy.id) throw missing();
    if (academy.price === null) throw notForSale();
    if (line.start_date < academy.startDate || line.start_date > academy.endDate) throw conflict(ORDER_MESSAGES.itemNotFound);
    if (line.start_date < clock.venue.date) throw conflict(ORDER_MESSAGES.workshopStarted);
    return pricedLine({
      kind: 'workshop',
      productId: null,
      itemId: academy.id,
      name: academy.name,
      arName: academy.arName,
      date: line.start_date,
      startTime: null,
      endTime: null,
      quantity: line.quantity,
      unitPrice: academy.price,
      unitTax: vatOn(academy.price),
      customers: line.customers,
    });
  });
}

/** Memberships: one of each per order, starting from the venue's today to MEMBERSHIP_START_MAX_DAYS ahead. */
async function membershipLines(tx: Database, venue: VenueRow, lines: OrderProducts['membership'], clock: LineClock): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  assertOncePerOrder(lines, (line) => line.membership_id, ORDER_MESSAGES.membershipDuplicate);
  const found = byId(
    await tx.select().from(memberships).where(and(eq(memberships.venueId, venue.id), inArray(memberships.id, distinct(lines.map((line) => line.membership_id))))),
  );
  const lastStart = addDays(clock.venue.date, MEMBERSHIP_START_MAX_DAYS) ?? clock.venue.date;
  return lines.map((line) => {
    const membership = found.get(line.membership_id);
    if (!membership) throw missing();
    if (line.start_date < clock.venue.date || line.start_date > lastStart) throw conflict(ORDER_MESSAGES.membershipStart(MEMBERSHIP_START_MAX_DAYS));
    return pricedLine({
      kind: 'membership',
      productId: null,
      itemId: membership.id,
      name: membership.name,
      arName: membership.arName,
      date: line.start_date,
      startTime: null,
      endTime: null,
      quantity: line.quantity,
      unitPrice: membership.price,
      unitTax: membership.taxAmount,
      customers: line.customers,
    });
  });
}

/** What the cart refuses for offers and outlets, refused again here (src/i18n/locales/en/cart.json, rules). */
export const OFFER_OUTLET_MESSAGES = {
  packageDuplicate: 'Package already in cart',
  otherOutlet: "Items from different outlets can't be bought in one order. Finish or clear your cart first.",
} as const;

/** Packages: one of each per order, on sale on the venue's today, at the package's price and tax. */
async function offerLines(tx: Database, venue: VenueRow, lines: OrderProducts['offers'], clock: LineClock): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  assertOncePerOrder(lines, (line) => line.offer_id, OFFER_OUTLET_MESSAGES.packageDuplicate);
  const found = byId(await tx.select().from(offers).where(and(eq(offers.venueId, venue.id), inArray(offers.id, distinct(lines.map((line) => line.offer_id))))));
  const today = clock.venue.date;
  return lines.map((line) => {
    const offer = found.get(line.offer_id);
    if (!offer || today < offer.validFrom || today > offer.validTo) throw missing();
    return pricedLine({
      kind: 'offer',
      productId: null,
      itemId: offer.id,
      name: offer.name,
      arName: offer.arName,
      date: null,
      startTime: null,
      endTime: null,
      quantity: line.quantity,
      unitPrice: offer.price,
      unitTax: offer.taxAmount,
      customers: line.customers,
    });
  });
}

/** Outlet (POS) products: all from one outlet of the venue, each once, at the outlet's price and tax. */
async function posLines(tx: Database, venue: VenueRow, lines: OrderProducts['pos']): Promise<PricedLine[]> {
  const [outletId, ...others] = distinct(lines.map((line) => line.outlet_id));
  if (outletId === undefined) return [];
  if (others.length > 0) throw conflict(OFFER_OUTLET_MESSAGES.otherOutlet);
  assertOncePerOrder(lines, (line) => line.product_id, ORDER_MESSAGES.productDuplicate);
  const rows = await tx
    .select({ product: outletProducts })
    .from(outletProducts)
    .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
    .where(and(eq(outletProducts.outletId, outletId), eq(outlets.venueId, venue.id), inArray(outletProducts.id, lines.map((line) => line.product_id))));
  const found = byId(rows.map((row) => row.product));
  return lines.map((line) => {
    const product = found.get(line.product_id);
    if (!product) throw missing();
    return pricedLine({
      kind: 'pos',
      productId: null,
      itemId: product.id,
      name: product.name,
      arName: product.arName,
      date: null,
      startTime: null,
      endTime: null,
      quantity: line.quantity,
      unitPrice: product.price,
      unitTax: product.taxAmount,
      customers: line.customers,
    });
  });
}

/**
 * The lines other than facilities, checked against the catalogue, its dates and times and what is left (one query
 * per kind, not per line), and priced from it whatever price the client names. `now` also decides which unpaid
 * orders still hold their event places and trainer sessions. Events are read through `catalogue` (their dates,
 * times and prices; the places they have left are counted every time).
 */
export async function priceOtherLines(tx: Database, venue: VenueRow, products: OrderProducts, now: Date, catalogue: CatalogueCache): Promise<PricedLine[]> {
  const { event, training, workshop, membership, offers: packages, pos } = products;
  assertVenue(venue, [...event, ...training, ...workshop, ...membership, ...packages, ...pos]);
  const { today, time } = venueClock(venue, now);
  const clock: LineClock = { venue: { date: today, time }, now };
  return [
    ...(await eventLines(tx, venue, event, clock, catalogue)),
    ...(await trainingLines(tx, venue, training, clock)),
    ...(await workshopLines(tx, venue, workshop, clock)),
    ...(await membershipLines(tx, venue, membership, clock)),
    ...(await offerLines(tx, venue, packages, clock)),
    ...(await posLines(tx, venue, pos)),
  ];
}
