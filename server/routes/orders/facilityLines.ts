import { and, eq, inArray } from 'drizzle-orm';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { addonMax } from '../../../src/domain/booking/addonLimits';
import { capacityLeft } from '../../../src/domain/booking/availability';
import { checkTicketDependencies } from '../../../src/domain/booking/dependencies';
import { ticketCapacityLeft, type CartTicket } from '../../../src/domain/booking/ticketCapacity';
import { type Database } from '../../db/client';
import { cartHolds, facilities, facilityBookings, venueServices } from '../../db/schema/facilities';
import { HttpError } from '../../http/errors';
import { type VenueRow } from '../../http/venue';
import {
  assertBookableDate,
  facilityProductRows,
  findService,
  isStartOffered,
  isWindowOpen,
  loadDaySchedule,
  rentalsAt,
  serviceFacilities,
  slotMinutes,
  slotWindow,
  unitsFor,
  type Channel,
  type ServiceFacility,
  type ServiceRow,
} from '../facilities/facilitiesData';
import { addonCategoriesFor, ticketsFor } from '../facilities/products';
import { ORDER_MESSAGES } from './messages';
import { pricedLine, type PricedLine } from './lines';

type FacilityOrderLine = OrderProducts['capacity_facility'][number];

export interface FacilityBookingContext {
  venue: VenueRow;
  customerId: number;
  /** The caller's X-Session-Id: its own holds are its own places, and are released once booked. */
  sessionId: string | null;
  channel: Channel;
  now: Date;
}

const conflict = (message: string) => new HttpError(409, message);

const cartTicketOf = (line: FacilityOrderLine): CartTicket => ({
  facility_id: line.facility_id,
  bookingDate: line.date,
  product_id: line.product_id,
  quantity: line.quantity,
  participant_count: line.participant_count,
  selectedFacilityTiming: line.start_time,
  selectedFacilityEndTiming: line.end_time,
  selectedFacilityDate: line.date,
  group: line.group,
});

/** Two lines of one ticket at one start are one line the cart would have merged: a tampered or stale cart. */
function assertNoDuplicateTickets(lines: readonly FacilityOrderLine[]) {
  const seen = new Set<string>();
  for (const line of lines) {
    const key = [line.facility_id, line.product_id, line.date, line.start_time].join('|');
    if (seen.has(key)) throw conflict(ORDER_MESSAGES.productDuplicate);
    seen.add(key);
  }
}

async function requireFacility(tx: Database, venue: VenueRow, facilityId: number) {
  const [row] = await tx
    .select({ facility: facilities })
    .from(facilities)
    .innerJoin(venueServices, eq(venueServices.id, facilities.venueServiceId))
    .where(and(eq(facilities.id, facilityId), eq(venueServices.venueId, venue.id), eq(facilities.isActive, true)))
    .limit(1);
  if (!row) throw new HttpError(404, ORDER_MESSAGES.itemNotFound);
  return row.facility;
}

async function insertBooking(tx: Database, values: typeof facilityBookings.$inferInsert): Promise<number> {
  const [row] = await tx.insert(facilityBookings).values(values).returning({ id: facilityBookings.id });
  if (!row) throw new Error('the facility booking was not created');
  return row.id;
}

/** A facility line with what the catalogue says of it, read before the order takes any place lock. */
export interface ResolvedFacilityLine {
  line: FacilityOrderLine;
  facility: typeof facilities.$inferSelect;
  service: ServiceRow;
  /** The service's active facilities (the line's facility shares its time with its parent and children among them). */
  serviceFacilities: ServiceFacility[];
  slot: ReturnType<typeof slotWindow>;
}

/**
 * Checks the facility lines against the catalogue: the venue's active facility, a bookable day, a start the service
 * still offers. Nothing here depends on what is booked, so the order does it before it takes the places' locks and
 * those who wait on them wait only for the counting and the writes.
 */
export async function resolveFacilityLines(tx: Database, venue: VenueRow, lines: readonly FacilityOrderLine[], now: Date): Promise<ResolvedFacilityLine[]> {
  assertNoDuplicateTickets(lines);
  const facilitiesOfService = new Map<number, ServiceFacility[]>();
  const resolved: ResolvedFacilityLine[] = [];
  for (const line of lines) {
    if (line.venue_id !== venue.id) throw new HttpError(400, ORDER_MESSAGES.wrongVenue);
    const facility = await requireFacility(tx, venue, line.facility_id);
    const service = await findService(tx, venue, facility.venueServiceId);
    assertBookableDate(venue, service, line.date, now);
    const slot = slotWindow(line.start_time, line.end_time);
    if (!isStartOffered(venue, service, line.date, line.start_time, now)) throw conflict(ORDER_MESSAGES.noFacility);
    const all = facilitiesOfService.get(service.id) ?? (await serviceFacilities(tx, service.id));
    facilitiesOfService.set(service.id, all);
    resolved.push({ line, facility, service, serviceFacilities: all, slot });
  }
  return resolved;
}

/**
 * Re-checks and books the resolved facility lines, one after another inside the order's transaction (which holds
 * the locks of their facility days and add-on stock), so each line sees the places the earlier ones took. Pitches:
 * the lines of one group (a pitch's default products) take the pitch once, and must be rentals it sells at that
 * time; their units are the server's. Tickets: what is left for the caller (bookings and other sessions' holds)
 * must admit quantity × participants, and no ticket may sit with one it depends on. Add-ons: sold on the facility,
 * within stock. Bookings take their places now; the order releases them if it is never paid.
 */
export async function bookFacilityLines(tx: Database, context: FacilityBookingContext, resolvedLines: readonly ResolvedFacilityLine[]): Promise<PricedLine[]> {
  const { venue, customerId, sessionId, channel, now } = context;
  const lines = resolvedLines.map((resolved) => resolved.line);
  const priced: PricedLine[] = [];
  const takenPitches = new Set<string>();

  for (const { line, facility, service, serviceFacilities: all, slot } of resolvedLines) {
    const day = await loadDaySchedule(tx, all.filter((each) => each.id === facility.id), all, {
      date: line.date,
      channel,
      sessionId,
      now,
      minBookingTime: service.minBookingTime,
    });
    const [scheduled] = day.facilities;
    if (!scheduled) throw new HttpError(404, ORDER_MESSAGES.itemNotFound);

    const booking = { facilityId: facility.id, productId: line.product_id, customerId, date: line.date, startTime: slot.start_time, endTime: slot.end_time };
    let base: PricedLine;
    if (!facility.perCapacity) {
      const pitchKey = [facility.id, line.date, slot.start_time, slot.end_time, line.group].join('|');
      if (!takenPitches.has(pitchKey) && capacityLeft(scheduled, day.facilities, slot) <= 0) throw conflict(ORDER_MESSAGES.noFacility);
      takenPitches.add(pitchKey);
      const rental = rentalsAt(await facilityProductRows(tx, [facility.id], ['rental']), slot.start_time).find((row) => row.product.id === line.product_id);
      if (!rental) throw new HttpError(400, ORDER_MESSAGES.productNotSold);
      const units = unitsFor(slotMinutes(slot), rental.product.unitMinutes);
      base = pricedLine({
        kind: 'facility',
        productId: rental.product.id,
        productTypeId: rental.product.productTypeId,
        itemId: facility.id,
        venueServiceId: service.id,
        facilityBookingId: await insertBooking(tx, { ...booking, quantity: 1 }),
        name: rental.product.name,
        arName: rental.product.arName,
        date: line.date,
        startTime: slot.start_time,
        endTime: slot.end_time,
        quantity: units,
        unitPrice: rental.product.price,
        unitTax: rental.product.taxAmount,
        customers: line.customers,
      });
    } else {
      if (!isWindowOpen(scheduled, day.facilities, slot)) throw conflict(ORDER_MESSAGES.noFacility);
      const ticket = (await ticketsFor(tx, scheduled, day.facilities, slot, line.date, day.holds)).find((each) => each.product_id === line.product_id);
      if (!ticket) throw new HttpError(400, ORDER_MESSAGES.productNotSold);
      const others = lines.filter((other) => other !== line).map(cartTicketOf);
      if (!checkTicketDependencies(ticket, { date: line.date, startTime: slot.start_time, endTime: slot.end_time }, others).ok) {
        throw conflict(ORDER_MESSAGES.dependentTicket);
      }
      const left = ticketCapacityLeft(ticket, { cartTickets: [], sessionId, date: line.date, startTime: slot.start_time });
      const participants = line.quantity * ticket.participant_count;
      if (left <= 0) throw conflict(ORDER_MESSAGES.capacityReached);
      if (participants > left) throw conflict(ORDER_MESSAGES.capacityExceeded(left, participants));
      base = pricedLine({
        kind: 'facility',
        productId: ticket.product_id,
        productTypeId: ticket.product_type_id,
        itemId: facility.id,
        venueServiceId: service.id,
        facilityBookingId: await insertBooking(tx, { ...booking, quantity: participants }),
        name: ticket.name,
        arName: ticket.ar_name ?? null,
        date: line.date,
        startTime: slot.start_time,
        endTime: slot.end_time,
        quantity: line.quantity,
        unitPrice: ticket.price,
        unitTax: ticket.tax_amount,
        customers: line.customers,
      });
    }

    if (line.addons.length > 0) {
      const sold = (await addonCategoriesFor(tx, facility.id, line.date)).flatMap((category) => category.products);
      for (const addon of line.addons) {
        const product = sold.find((each) => each.product_id === addon.product_id);
        if (!product) throw new HttpError(400, ORDER_MESSAGES.productNotSold);
        // Stock taken by earlier lines of this order is already counted as sold: their bookings are in.
        const max = addonMax(product);
        if (addon.quantity > max) throw conflict(ORDER_MESSAGES.addonMax(max));
        base.addons.push(
          pricedLine({
            kind: 'facility',
            productId: product.product_id,
            productTypeId: product.product_type_id,
            itemId: facility.id,
            venueServiceId: service.id,
            facilityBookingId: await insertBooking(tx, { ...booking, productId: product.product_id, quantity: addon.quantity }),
            name: product.name,
            arName: product.ar_name ?? null,
            date: line.date,
            startTime: slot.start_time,
            endTime: slot.end_time,
            quantity: addon.quantity,
            unitPrice: product.price,
            unitTax: product.tax_amount,
            customers: [],
          }),
        );
      }
    }
    priced.push(base);
  }

  if (sessionId !== null && lines.length > 0) await releaseOwnHolds(tx, venue.id, sessionId, lines);
  return priced;
}

/** The caller's holds of the lines it has now booked: the bookings take their places. */
async function releaseOwnHolds(tx: Database, venueId: number, sessionId: string, lines: readonly FacilityOrderLine[]) {
  const facilityIds = [...new Set(lines.map((line) => line.facility_id))];
  const held = await tx
    .select()
    .from(cartHolds)
    .where(and(eq(cartHolds.venueId, venueId), eq(cartHolds.sessionId, sessionId), inArray(cartHolds.facilityId, facilityIds)));
  const booked = held.filter((hold) =>
    lines.some(
      (line) =>
        line.facility_id === hold.facilityId && line.product_id === hold.productId && line.date === hold.date && line.start_time === hold.startTime && line.end_time === hold.endTime,
    ),
  );
  if (booked.length > 0) await tx.delete(cartHolds).where(inArray(cartHolds.id, booked.map((hold) => hold.id)));
}
