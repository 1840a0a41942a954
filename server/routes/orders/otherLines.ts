import { and, eq } from 'drizzle-orm';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { sameStartTime } from '../../../src/domain/booking/ticketCapacity';
import { vatOn } from '../../../src/domain/money';
import { type Database } from '../../db/client';
import { academies, events, memberships, offers, outletProducts, outlets, trainers } from '../../db/schema/catalogue';
import { HttpError } from '../../http/errors';
import { type VenueRow } from '../../http/venue';
import { eventPlacesTaken, placesLeft, takenAt } from './eventCapacity';
import { ORDER_MESSAGES } from './messages';
import { pricedLine, type PricedLine } from './lines';

const missing = () => new HttpError(404, ORDER_MESSAGES.itemNotFound);
const notForSale = () => new HttpError(400, ORDER_MESSAGES.notSoldOnline);

function assertVenue(venue: VenueRow, line: { venue_id: number }) {
  if (line.venue_id !== venue.id) throw new HttpError(400, ORDER_MESSAGES.wrongVenue);
}

/**
 * Event tickets: on one of the event's days, at one of its schedules, at the event's price, and within the places
 * the session has left. The caller holds the session's place lock (placeLocks.ts), so the count cannot change under it; tickets of
 * earlier lines of this order for the same session count as taken.
 */
async function eventLines(tx: Database, venue: VenueRow, lines: OrderProducts['event'], now: Date): Promise<PricedLine[]> {
  const priced: PricedLine[] = [];
  const inThisOrder: { eventId: number; date: string; startTime: string; quantity: number }[] = [];
  for (const line of lines) {
    assertVenue(venue, line);
    const [event] = await tx.select().from(events).where(and(eq(events.id, line.event_id), eq(events.venueId, venue.id))).limit(1);
    if (!event) throw missing();
    if (event.price === null) throw notForSale();
    const runs = line.date >= event.startDate && line.date <= event.endDate && event.schedules.some((schedule) => sameStartTime(schedule.start_time, line.start_time));
    if (!runs) throw new HttpError(409, ORDER_MESSAGES.eventTimeInvalid);
    if (event.capacity !== null) {
      const earlier = inThisOrder
        .filter((each) => each.eventId === event.id && each.date === line.date && sameStartTime(each.startTime, line.start_time))
        .reduce((sum, each) => sum + each.quantity, 0);
      const left = placesLeft(event.capacity, takenAt(await eventPlacesTaken(tx, event.id, line.date, now), line.start_time) + earlier) ?? 0;
      if (left <= 0) throw new HttpError(409, ORDER_MESSAGES.capacityReached);
      if (line.quantity > left) throw new HttpError(409, ORDER_MESSAGES.capacityExceeded(left, line.quantity));
    }
    inThisOrder.push({ eventId: event.id, date: line.date, startTime: line.start_time, quantity: line.quantity });
    priced.push(
      pricedLine({
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
      }),
    );
  }
  return priced;
}

async function trainingLines(tx: Database, venue: VenueRow, lines: OrderProducts['training']): Promise<PricedLine[]> {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    assertVenue(venue, line);
    const [trainer] = await tx.select().from(trainers).where(and(eq(trainers.id, line.trainer_id), eq(trainers.venueId, venue.id))).limit(1);
    if (!trainer) throw missing();
    if (trainer.sessionPrice === null) throw notForSale();
    priced.push(
      pricedLine({
        kind: 'training',
        productId: null,
        itemId: trainer.id,
        name: trainer.name,
        arName: trainer.arName,
        date: line.date,
        startTime: line.start_time,
        endTime: line.end_time,
        quantity: line.quantity,
        unitPrice: trainer.sessionPrice,
        unitTax: vatOn(trainer.sessionPrice),
        customers: line.customers,
      }),
    );
  }
  return priced;
}

/**
 * Academy programmes (workshops): one per programme per order, starting inside the programme's dates and not before
 * the venue's today (a place whose start date has passed is not sold).
 */
async function workshopLines(tx: Database, venue: VenueRow, lines: OrderProducts['workshop'], today: string): Promise<PricedLine[]> {
  const programmes = new Set<number>();
  const priced: PricedLine[] = [];
  for (const line of lines) {
    assertVenue(venue, line);
    if (programmes.has(line.workshop_program_id)) throw new HttpError(409, ORDER_MESSAGES.workshopDuplicate);
    programmes.add(line.workshop_program_id);
    const [academy] = await tx.select().from(academies).where(and(eq(academies.id, line.workshop_id), eq(academies.venueId, venue.id))).limit(1);
    if (!academy) throw missing();
    if (academy.price === null) throw notForSale();
    if (line.start_date < academy.startDate || line.start_date > academy.endDate) throw new HttpError(409, ORDER_MESSAGES.itemNotFound);
    if (line.start_date < today) throw new HttpError(409, ORDER_MESSAGES.workshopStarted);
    priced.push(
      pricedLine({
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
      }),
    );
  }
  return priced;
}

/** Memberships: one of each per order (a second one is what 'Membership already in cart' refuses). */
async function membershipLines(tx: Database, venue: VenueRow, lines: OrderProducts['membership']): Promise<PricedLine[]> {
  const chosen = new Set<number>();
  const priced: PricedLine[] = [];
  for (const line of lines) {
    assertVenue(venue, line);
    if (chosen.has(line.membership_id)) throw new HttpError(409, ORDER_MESSAGES.membershipDuplicate);
    chosen.add(line.membership_id);
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.id, line.membership_id), eq(memberships.venueId, venue.id)))
      .limit(1);
    if (!membership) throw missing();
    priced.push(
      pricedLine({
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
      }),
    );
  }
  return priced;
}

/** What the cart refuses for offers and outlets, refused again here (src/i18n/locales/en/cart.json, rules). */
export const OFFER_OUTLET_MESSAGES = {
  packageDuplicate: 'Package already in cart',
  otherOutlet: "Items from different outlets can't be bought in one order. Finish or clear your cart first.",
} as const;

/** Packages: one of each per order, on sale on the order's day, at the package's price and tax. */
async function offerLines(tx: Database, venue: VenueRow, lines: OrderProducts['offers'], today: string): Promise<PricedLine[]> {
  const chosen = new Set<number>();
  const priced: PricedLine[] = [];
  for (const line of lines) {
    assertVenue(venue, line);
    if (chosen.has(line.offer_id)) throw new HttpError(409, OFFER_OUTLET_MESSAGES.packageDuplicate);
    chosen.add(line.offer_id);
    const [offer] = await tx.select().from(offers).where(and(eq(offers.id, line.offer_id), eq(offers.venueId, venue.id))).limit(1);
    if (!offer || today < offer.validFrom || today > offer.validTo) throw missing();
    priced.push(
      pricedLine({
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
      }),
    );
  }
  return priced;
}

/** Outlet (POS) products: all from one outlet of the venue, each at the outlet's price and tax. */
async function posLines(tx: Database, venue: VenueRow, lines: OrderProducts['pos']): Promise<PricedLine[]> {
  if (new Set(lines.map((line) => line.outlet_id)).size > 1) throw new HttpError(409, OFFER_OUTLET_MESSAGES.otherOutlet);
  const chosen = new Set<number>();
  const priced: PricedLine[] = [];
  for (const line of lines) {
    assertVenue(venue, line);
    if (chosen.has(line.product_id)) throw new HttpError(409, ORDER_MESSAGES.productDuplicate);
    chosen.add(line.product_id);
    const [product] = await tx
      .select({ product: outletProducts })
      .from(outletProducts)
      .innerJoin(outlets, eq(outlets.id, outletProducts.outletId))
      .where(and(eq(outletProducts.id, line.product_id), eq(outletProducts.outletId, line.outlet_id), eq(outlets.venueId, venue.id)))
      .limit(1);
    if (!product) throw missing();
    priced.push(
      pricedLine({
        kind: 'pos',
        productId: null,
        itemId: product.product.id,
        name: product.product.name,
        arName: product.product.arName,
        date: null,
        startTime: null,
        endTime: null,
        quantity: line.quantity,
        unitPrice: product.product.price,
        unitTax: product.product.taxAmount,
        customers: line.customers,
      }),
    );
  }
  return priced;
}

/**
 * The lines other than facilities, priced from the server's catalogue (whatever price the client names). `today` is
 * the venue's day; `now` decides which unpaid orders still hold their event places.
 */
export async function priceOtherLines(tx: Database, venue: VenueRow, products: OrderProducts, today: string, now: Date): Promise<PricedLine[]> {
  return [
    ...(await eventLines(tx, venue, products.event, now)),
    ...(await trainingLines(tx, venue, products.training)),
    ...(await workshopLines(tx, venue, products.workshop, today)),
    ...(await membershipLines(tx, venue, products.membership)),
    ...(await offerLines(tx, venue, products.offers, today)),
    ...(await posLines(tx, venue, products.pos)),
  ];
}
