import { and, eq } from 'drizzle-orm';
import { type AddonCategory, type ScheduleFacility } from '../../../src/domain/contract/facilities';
import { type OrderProducts } from '../../../src/domain/contract/orders';
import { addonMax } from '../../../src/domain/booking/addonLimits';
import { capacityLeft } from '../../../src/domain/booking/availability';
import { checkTicketDependencies } from '../../../src/domain/booking/dependencies';
import { ticketCapacityLeft, type CartTicket } from '../../../src/domain/booking/ticketCapacity';
import { type Database } from '../../db/client';
import { runStatement } from '../../db/statements';
import { facilities, venueServices, type facilityBookings } from '../../db/schema/facilities';
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
  type DaySchedule,
  serviceFacilities,
  slotMinutes,
  slotWindow,
  unitsFor,
  type Channel,
  type ServiceFacility,
  type ServiceRow,
} from '../facilities/facilitiesData';
import { addonCategoriesFor, loadTicketFacts, ticketsOf, type TicketFacts } from '../facilities/products';
import { catalogueKey, type CatalogueCache } from './catalogueCache';
import { ORDER_MESSAGES } from './messages';
import { pricedLine, type PricedLine } from './lines';
import { type AlongsideWrite } from './writeOrder';

type FacilityOrderLine = OrderProducts['capacity_facility'][number];
type AddonProduct = AddonCategory['products'][number];

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
export async function resolveFacilityLines(tx: Database, venue: VenueRow, lines: readonly FacilityOrderLine[], now: Date, catalogue: CatalogueCache): Promise<ResolvedFacilityLine[]> {
  assertNoDuplicateTickets(lines);
  const facilitiesOfService = new Map<number, ServiceFacility[]>();
  const resolved: ResolvedFacilityLine[] = [];
  for (const line of lines) {
    if (line.venue_id !== venue.id) throw new HttpError(400, ORDER_MESSAGES.wrongVenue);
    // A facility that is not found is not kept: the read fails, so the next order asks again.
    const { venueServiceId } = await catalogue.read(catalogueKey('facility', venue.id, [line.facility_id]), () => requireFacility(tx, venue, line.facility_id));
    const service = await catalogue.read(catalogueKey('service', venue.id, [venueServiceId]), () => findService(tx, venue, venueServiceId));
    assertBookableDate(venue, service, line.date, now);
    const slot = slotWindow(line.start_time, line.end_time);
    if (!isStartOffered(venue, service, line.date, line.start_time, now)) throw conflict(ORDER_MESSAGES.noFacility);
    // The facilities' capacities, kinds and tickets are read by every order, never from the copy: a venue's
    // change (or a facility taken out of use) applies to the next order.
    const all = facilitiesOfService.get(service.id) ?? (await serviceFacilities(tx, service.id));
    facilitiesOfService.set(service.id, all);
    const facility = all.find((each) => each.id === line.facility_id);
    if (!facility) throw new HttpError(404, ORDER_MESSAGES.itemNotFound);
    resolved.push({ line, facility, service, serviceFacilities: all, slot });
  }
  return resolved;
}

type BookingRow = typeof facilityBookings.$inferInsert & { facilityId: number; date: string; startTime: string; endTime: string; quantity: number };

/** One booking row to write and the priced line it belongs to. */
interface PendingBooking {
  row: BookingRow;
  line: PricedLine;
}

const bookingKey = (row: Pick<BookingRow, 'facilityId' | 'productId' | 'date' | 'startTime' | 'endTime' | 'quantity'>) =>
  [row.facilityId, row.productId, row.date, row.startTime, row.endTime, row.quantity].join('|');

/** The columns a booking row writes, by field name (the column is its snake_case), in the order the values go. */
const BOOKING_FIELDS = ['facilityId', 'productId', 'customerId', 'date', 'startTime', 'endTime', 'quantity'] as const satisfies readonly (keyof BookingRow)[];
const BOOKING_COLUMNS = BOOKING_FIELDS.map((field) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)).join(', ');

/** The insert of `count` bookings, its text put together once per count. */
function insertBookingsText(count: number): string {
  const rows = Array.from({ length: count }, (_, row) => `(${BOOKING_FIELDS.map((_field, column) => `$${row * BOOKING_FIELDS.length + column + 1}`).join(', ')})`);
  return `insert into facility_bookings (${BOOKING_COLUMNS}) values ${rows.join(', ')}
    returning id, facility_id as "facilityId", product_id as "productId", date::text as date, start_time as "startTime", end_time as "endTime", quantity`;
}

/**
 * Writes every booking of the order in one statement and gives each priced line its booking's id, matched by the
 * booking's fields rather than by the order rows come back in (rows that match are alike, so either id fits).
 */
async function insertBookings(tx: Database, pending: readonly PendingBooking[]): Promise<void> {
  if (pending.length === 0) return;
  const values = pending.flatMap(({ row }) => BOOKING_FIELDS.map((field) => row[field] ?? null));
  const inserted = await runStatement<{ id: number; facilityId: number; productId: number | null; date: string; startTime: string; endTime: string; quantity: number }>(
    tx,
    insertBookingsText(pending.length),
    values,
  );
  const idsOfKey = new Map<string, number[]>();
  for (const row of inserted) idsOfKey.set(bookingKey(row), [...(idsOfKey.get(bookingKey(row)) ?? []), row.id]);
  for (const { row, line } of pending) {
    const id = idsOfKey.get(bookingKey(row))?.shift();
    if (id === undefined) throw new Error('a facility booking was not created');
    line.facilityBookingId = id;
  }
}

/**
 * What the order has read of its facilities' days, kept up to date in memory as its lines take places: each day
 * (bookings, blocks, other sessions' holds) is read once for all the facilities of one service, and each
 * facility's tickets and add-ons once, so later lines see what earlier lines took without reading it back.
 */
class OrderDays {
  private readonly days = new Map<string, Promise<DaySchedule>>();
  private readonly tickets = new Map<string, Promise<TicketFacts>>();
  private readonly addons = new Map<string, Promise<AddonProduct[]>>();
  /** Add-on quantities the order's earlier lines took, by product and day. */
  private readonly addonsTaken = new Map<string, number>();

  constructor(
    private readonly tx: Database,
    private readonly context: FacilityBookingContext,
  ) {}

  /**
   * The day of every facility of the line's service (as the schedule reads it: a pitch's parent and children are
   * facilities of the day in their own right, so a booking the order makes on one is seen from the others).
   */
  day({ line, service, serviceFacilities: all }: ResolvedFacilityLine): Promise<DaySchedule> {
    const { sessionId, channel, now } = this.context;
    return this.once(this.days, `${service.id}|${line.date}`, () =>
      loadDaySchedule(this.tx, all, all, { date: line.date, channel, sessionId, now, minBookingTime: service.minBookingTime }),
    );
  }

  ticketFacts(facilityId: number, date: string): Promise<TicketFacts> {
    return this.once(this.tickets, `${facilityId}|${date}`, () => loadTicketFacts(this.tx, facilityId, date));
  }

  /** The add-ons sold with a facility on a day, their stock counting what earlier lines of the order took. */
  async addonProducts(facilityId: number, date: string): Promise<AddonProduct[]> {
    const products = await this.once(this.addons, `${facilityId}|${date}`, async () => (await addonCategoriesFor(this.tx, facilityId, date)).flatMap((category) => category.products));
    return products.map((product) => ({ ...product, sold: product.sold === null || product.sold === undefined ? product.sold : product.sold + (this.addonsTaken.get(`${product.product_id}|${date}`) ?? 0) }));
  }

  /**
   * Counts a booking the order makes as the database would once it is written: it takes time (or participants) on
   * its facility's day and, for a ticket, its stock; an add-on's stock is the venue's, whichever facility sells it.
   */
  async take(scheduled: ScheduleFacility, row: BookingRow, kind: 'place' | 'ticket' | 'addon'): Promise<void> {
    if (kind === 'addon') {
      const key = `${row.productId}|${row.date}`;
      this.addonsTaken.set(key, (this.addonsTaken.get(key) ?? 0) + row.quantity);
      return;
    }
    const participants = scheduled.per_capacity === 1 ? row.quantity : 1;
    scheduled.bookings.push({ start_time: row.startTime, end_time: row.endTime, quantity: participants });
    if (scheduled.is_enable_per_day_capacity === 1) scheduled.day_booked_quantity += row.quantity;
    if (kind === 'ticket') {
      const facts = await this.ticketFacts(row.facilityId, row.date);
      facts.sales.push({ productId: row.productId ?? null, startTime: row.startTime, endTime: row.endTime, quantity: row.quantity });
    }
  }

  private once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const known = cache.get(key);
    if (known) return known;
    const loaded = load();
    cache.set(key, loaded);
    return loaded;
  }
}

/**
 * Re-checks and books the resolved facility lines inside the order's transaction (which holds the locks of their
 * facility days and add-on stock). Each facility day is read once and each line is checked, in order, against it
 * and what the earlier lines took; the bookings are written together at the end. Pitches: the lines of one group
 * (a pitch's default products) take the pitch once, and must be rentals it sells at that time; their units are
 * the server's. Tickets: what is left for the caller (bookings and other sessions' holds) must admit quantity ×
 * participants, and no ticket may sit with one it depends on. Add-ons: sold on the facility, within stock.
 * Bookings take their places now; the order releases them if it is never paid. The caller's own holds of these
 * lines are released by the order's write (`releaseHolds`, for writeOrder's one statement).
 */
export async function bookFacilityLines(
  tx: Database,
  context: FacilityBookingContext,
  resolvedLines: readonly ResolvedFacilityLine[],
): Promise<{ lines: PricedLine[]; releaseHolds: AlongsideWrite | null }> {
  const { venue, customerId, sessionId } = context;
  const lines = resolvedLines.map((resolved) => resolved.line);
  const days = new OrderDays(tx, context);
  const pitchIds = [...new Set(resolvedLines.filter((resolved) => !resolved.facility.perCapacity).map((resolved) => resolved.facility.id))];
  const rentals = await facilityProductRows(tx, pitchIds, ['rental']);
  const priced: PricedLine[] = [];
  const pending: PendingBooking[] = [];
  const takenPitches = new Set<string>();

  for (const resolved of resolvedLines) {
    const { line, facility, service, slot } = resolved;
    const day = await days.day(resolved);
    const scheduled = day.facilities.find((each) => each.id === facility.id);
    if (!scheduled) throw new HttpError(404, ORDER_MESSAGES.itemNotFound);

    const booking = { facilityId: facility.id, productId: line.product_id, customerId, date: line.date, startTime: slot.start_time, endTime: slot.end_time };
    // What every priced line of this order line shares: its facility, service and slot.
    const onSlot = { kind: 'facility', itemId: facility.id, venueServiceId: service.id, date: line.date, startTime: slot.start_time, endTime: slot.end_time } as const;
    let base: PricedLine;
    if (!facility.perCapacity) {
      const pitchKey = [facility.id, line.date, slot.start_time, slot.end_time, line.group].join('|');
      if (!takenPitches.has(pitchKey) && capacityLeft(scheduled, day.facilities, slot) <= 0) throw conflict(ORDER_MESSAGES.noFacility);
      takenPitches.add(pitchKey);
      const rental = rentalsAt(rentals.filter((row) => row.facilityId === facility.id), slot.start_time).find((row) => row.product.id === line.product_id);
      if (!rental) throw new HttpError(400, ORDER_MESSAGES.productNotSold);
      const units = unitsFor(slotMinutes(slot), rental.product.unitMinutes);
      base = pricedLine({
        ...onSlot,
        productId: rental.product.id,
        productTypeId: rental.product.productTypeId,
        name: rental.product.name,
        arName: rental.product.arName,
        quantity: units,
        unitPrice: rental.product.price,
        unitTax: rental.product.taxAmount,
        customers: line.customers,
      });
      const row = { ...booking, quantity: 1 };
      pending.push({ row, line: base });
      await days.take(scheduled, row, 'place');
    } else {
      if (!isWindowOpen(scheduled, day.facilities, slot)) throw conflict(ORDER_MESSAGES.noFacility);
      const facts = await days.ticketFacts(facility.id, line.date);
      // Only the line's ticket is worked out: each one goes over the facility's whole day.
      const [ticket] = ticketsOf({ ...facts, products: facts.products.filter((product) => product.id === line.product_id) }, scheduled, day.facilities, slot, day.holds);
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
        ...onSlot,
        productId: ticket.product_id,
        productTypeId: ticket.product_type_id,
        name: ticket.name,
        arName: ticket.ar_name ?? null,
        quantity: line.quantity,
        unitPrice: ticket.price,
        unitTax: ticket.tax_amount,
        customers: line.customers,
      });
      const row = { ...booking, quantity: participants };
      pending.push({ row, line: base });
      await days.take(scheduled, row, 'ticket');
    }

    if (line.addons.length > 0) {
      const sold = await days.addonProducts(facility.id, line.date);
      for (const addon of line.addons) {
        const product = sold.find((each) => each.product_id === addon.product_id);
        if (!product) throw new HttpError(400, ORDER_MESSAGES.productNotSold);
        const max = addonMax(product);
        if (addon.quantity > max) throw conflict(ORDER_MESSAGES.addonMax(max));
        const addonLine = pricedLine({
          ...onSlot,
          productId: product.product_id,
          productTypeId: product.product_type_id,
          name: product.name,
          arName: product.ar_name ?? null,
          quantity: addon.quantity,
          unitPrice: product.price,
          unitTax: product.tax_amount,
          customers: [],
        });
        base.addons.push(addonLine);
        const row = { ...booking, productId: product.product_id, quantity: addon.quantity };
        pending.push({ row, line: addonLine });
        await days.take(scheduled, row, 'addon');
      }
    }
    priced.push(base);
  }

  await insertBookings(tx, pending);
  return { lines: priced, releaseHolds: sessionId !== null && lines.length > 0 ? releaseOwnHolds(venue.id, sessionId, lines) : null };
}

/**
 * The caller's holds of the lines it has now booked, in one statement: the bookings take their places. The lines go
 * as arrays, so the text is the same for any number of them.
 */
const releaseOwnHolds =
  (venueId: number, sessionId: string, lines: readonly FacilityOrderLine[]): AlongsideWrite =>
  (add) => `delete from cart_holds h
    using unnest(${add(lines.map((line) => line.facility_id))}::int[], ${add(lines.map((line) => line.product_id))}::int[], ${add(lines.map((line) => line.date))}::date[],
      ${add(lines.map((line) => line.start_time))}::text[], ${add(lines.map((line) => line.end_time))}::text[]) as line(facility_id, product_id, date, start_time, end_time)
    where h.venue_id = ${add(venueId)} and h.session_id = ${add(sessionId)} and h.facility_id = line.facility_id and h.product_id = line.product_id
      and h.date = line.date and h.start_time = line.start_time and h.end_time = line.end_time`;
