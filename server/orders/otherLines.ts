import { and, eq } from 'drizzle-orm';
import { type OrderProducts } from '../../src/domain/contract/orders';
import { VAT_PERCENT } from '../../src/domain/constants';
import { sameStartTime } from '../../src/domain/booking/ticketCapacity';
import { type Database } from '../db/client';
import { academies, events, memberships, trainers } from '../db/schema';
import { HttpError } from '../http/errors';
import { type VenueRow } from '../http/venue';
import { ORDER_MESSAGES } from './messages';
import { pricedLine, type PricedLine } from './lines';
import { roundMoney } from './pricing';

/** Catalogue prices of events, trainers and academies are before VAT. */
const vatOn = (price: number) => roundMoney((price * VAT_PERCENT) / 100);

const missing = () => new HttpError(404, ORDER_MESSAGES.itemNotFound);
const notForSale = () => new HttpError(400, ORDER_MESSAGES.notSoldOnline);

function assertVenue(venue: VenueRow, line: { venue_id: number }) {
  if (line.venue_id !== venue.id) throw new HttpError(400, ORDER_MESSAGES.wrongVenue);
}

/** Event tickets: on one of the event's days, at one of its schedules, at the event's price. */
async function eventLines(tx: Database, venue: VenueRow, lines: OrderProducts['event']): Promise<PricedLine[]> {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    assertVenue(venue, line);
    const [event] = await tx.select().from(events).where(and(eq(events.id, line.event_id), eq(events.venueId, venue.id))).limit(1);
    if (!event) throw missing();
    if (event.price === null) throw notForSale();
    const runs = line.date >= event.startDate && line.date <= event.endDate && event.schedules.some((schedule) => sameStartTime(schedule.start_time, line.start_time));
    if (!runs) throw new HttpError(409, ORDER_MESSAGES.eventTimeInvalid);
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

/** Academy programmes (workshops): one per programme per order, starting inside the programme's dates. */
async function workshopLines(tx: Database, venue: VenueRow, lines: OrderProducts['workshop']): Promise<PricedLine[]> {
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

/**
 * The lines other than facilities, priced from the server's catalogue. Offers and outlet (POS) products have no
 * catalogue on this server yet, so they are refused rather than sold at a price the client names.
 */
export async function priceOtherLines(tx: Database, venue: VenueRow, products: OrderProducts): Promise<PricedLine[]> {
  if (products.offers.length > 0 || products.pos.length > 0) throw notForSale();
  return [
    ...(await eventLines(tx, venue, products.event)),
    ...(await trainingLines(tx, venue, products.training)),
    ...(await workshopLines(tx, venue, products.workshop)),
    ...(await membershipLines(tx, venue, products.membership)),
  ];
}
