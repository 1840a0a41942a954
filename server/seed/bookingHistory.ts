import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { dayjs } from '../../src/domain/dates';
import { roundMoney, vatOn } from '../../src/domain/money';
import { type Database } from '../db/client';
import { customers } from '../db/schema/accounts';
import { academies, events, memberships, offers, outletProducts, trainers } from '../db/schema/catalogue';
import { facilities, facilityBookings, products, venueServices } from '../db/schema/facilities';
import { orderLines, orders, payments, refunds, type orderLineKinds, type orderStatuses } from '../db/schema/orders';

type LineKind = (typeof orderLineKinds)[number];
type OrderStatus = (typeof orderStatuses)[number];
type BookingFlags = Partial<Pick<typeof facilityBookings.$inferInsert, 'statusId' | 'isBookingApproved' | 'cidApproved' | 'isCidApproved'>> & {
  /** Checked in (and out) at the booking's start (and end). */
  checkedIn?: boolean;
  checkedOut?: boolean;
};

interface HistoryLine {
  kind: LineKind;
  itemId: number;
  productId?: number;
  name: string;
  arName: string | null;
  date: string | null;
  startTime?: string;
  endTime?: string;
  quantity: number;
  unitPrice: number;
  unitTax: number;
  /** A facility line books its facility (taking its place unless the booking is rejected, status 2). */
  facility?: { facilityId: number; participants: number; flags?: BookingFlags };
  addons?: HistoryLine[];
  visitors?: string[];
}

interface HistoryOrder {
  customerId: number;
  status: OrderStatus;
  /** Days before the venue's today the order was placed. */
  placedDaysAgo: number;
  lines: HistoryLine[];
  /** The customer cancelled the (first) line; its refund went to the card, confirmed or still requested. */
  cancelled?: { refund: 'refunded' | 'requested' };
  requiresApproval?: boolean;
}

const code = (prefix: string, bytes: number) => `${prefix}-${randomBytes(bytes).toString('hex').toUpperCase()}`;
const lineTotal = (line: HistoryLine) => roundMoney((line.unitPrice + line.unitTax) * line.quantity);
const everyLine = (lines: readonly HistoryLine[]) => lines.flatMap((line) => [line, ...(line.addons ?? [])]);

/** Paid orders keep their places; lapsed ones, and rejected or cancelled bookings, gave them back (status 2). */
const FREED_STATUS = 2;

function keepsItsPlace(order: HistoryOrder, flags: BookingFlags | undefined): boolean {
  return order.status !== 'failed' && order.status !== 'expired' && !order.cancelled && flags?.statusId !== FREED_STATUS;
}

const inserted = <Row>(rows: readonly Row[], count: number, what: string): Row[] => {
  if (rows.length !== count) throw new Error(`demo history ${what} were not all created`);
  return [...rows];
};

/**
 * Writes the orders as POST orders and the gateway would have left them: their lines with ticket codes, the facility
 * bookings they made (with the capacity they take), their card payments, and the refund of each cancelled line. A
 * few statements for the whole history, not a few per order: every test app seeds it.
 */
async function insertOrders(db: Database, venue: { id: number; currency: string; zone: string }, now: Date, history: readonly HistoryOrder[]) {
  const facts = history.map((order) => {
    const lines = everyLine(order.lines);
    const subtotal = roundMoney(lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0));
    const vat = roundMoney(lines.reduce((sum, line) => sum + line.unitTax * line.quantity, 0));
    const placedAt = new Date(now.getTime() - order.placedDaysAgo * 86_400_000 - 3 * 3_600_000);
    return { order, subtotal, vat, total: roundMoney(subtotal + vat), placedAt, settledAt: new Date(placedAt.getTime() + 5 * 60_000) };
  });
  const orderRows = inserted(
    await db
      .insert(orders)
      .values(
        facts.map(({ order, subtotal, vat, total, placedAt, settledAt }) => ({
          token: randomBytes(24).toString('base64url'),
          reference: code('ORD', 5),
          venueId: venue.id,
          customerId: order.customerId,
          status: order.status,
          currency: venue.currency,
          subtotal,
          vat,
          discount: 0,
          total,
          paidByCard: total,
          requiresApproval: order.requiresApproval ?? false,
          createdAt: placedAt,
          settledAt,
        })),
      )
      .returning({ id: orders.id }),
    facts.length,
    'orders',
  );
  await db.insert(payments).values(
    facts.map(({ order, total, placedAt, settledAt }, index) => ({
      orderId: orderRows[index]?.id ?? 0,
      gateway: 'redirect' as const,
      transactionId: code('TXN', 8),
      amount: total,
      status: order.status === 'failed' || order.status === 'expired' ? ('declined' as const) : ('paid' as const),
      createdAt: placedAt,
      settledAt,
    })),
  );

  const at = (date: string, time: string) => dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm:ss', venue.zone).toDate();
  const cancelledAtOf = (index: number) => {
    const fact = facts[index];
    return fact?.order.cancelled ? new Date(fact.placedAt.getTime() + 86_400_000) : null;
  };
  // Every line with its order, its parent (for add-ons) and when it was cancelled (the first line of a cancelled order).
  const topLines = facts.flatMap(({ order }, orderIndex) => order.lines.map((line, lineIndex) => ({ line, orderIndex, cancelledAt: lineIndex === 0 ? cancelledAtOf(orderIndex) : null })));
  const addonLines = topLines.flatMap((parent, parentIndex) => (parent.line.addons ?? []).map((line) => ({ line, orderIndex: parent.orderIndex, cancelledAt: parent.cancelledAt, parentIndex })));
  const allLines = [...topLines, ...addonLines];

  const booked = allLines.filter(({ line }) => line.facility && line.date && line.startTime && line.endTime);
  const bookingRows = booked.length === 0 ? [] : inserted(
    await db
      .insert(facilityBookings)
      .values(
        booked.map(({ line, orderIndex }) => {
          const order = facts[orderIndex]?.order;
          const { checkedIn, checkedOut, ...flags } = line.facility?.flags ?? {};
          const date = line.date ?? '';
          const startTime = line.startTime ?? '';
          const endTime = line.endTime ?? '';
          return {
            facilityId: line.facility?.facilityId ?? 0,
            productId: line.productId ?? null,
            customerId: order?.customerId ?? null,
            date,
            startTime,
            endTime,
            quantity: line.facility?.participants ?? 1,
            ...flags,
            statusId: order && keepsItsPlace(order, line.facility?.flags) ? (flags.statusId ?? 1) : FREED_STATUS,
            checkInTime: checkedIn || checkedOut ? at(date, startTime) : null,
            checkOutTime: checkedOut ? at(date, endTime) : null,
            createdAt: facts[orderIndex]?.placedAt,
          };
        }),
      )
      .returning({ id: facilityBookings.id }),
    booked.length,
    'facility bookings',
  );
  const bookingIdOf = new Map(booked.map((entry, index) => [entry, bookingRows[index]?.id ?? null]));

  const lineValues = (entry: (typeof allLines)[number], parentLineId: number | null) => ({
    orderId: orderRows[entry.orderIndex]?.id ?? 0,
    parentLineId,
    kind: entry.line.kind,
    productId: entry.line.productId ?? null,
    itemId: entry.line.itemId,
    facilityBookingId: bookingIdOf.get(entry) ?? null,
    name: entry.line.name,
    arName: entry.line.arName,
    date: entry.line.date,
    startTime: entry.line.startTime ?? null,
    endTime: entry.line.endTime ?? null,
    quantity: entry.line.quantity,
    unitPrice: entry.line.unitPrice,
    unitTax: entry.line.unitTax,
    total: lineTotal(entry.line),
    customers: (entry.line.visitors ?? []).map((name) => ({ name })),
    ticketCode: parentLineId === null ? code('TKT', 6) : null,
    cancelledAt: entry.cancelledAt,
  });
  const topRows = inserted(await db.insert(orderLines).values(topLines.map((entry) => lineValues(entry, null))).returning({ id: orderLines.id }), topLines.length, 'lines');
  if (addonLines.length > 0) await db.insert(orderLines).values(addonLines.map((entry) => lineValues(entry, topRows[entry.parentIndex]?.id ?? null)));

  const cancelled = topLines.flatMap((entry, index) => {
    const refund = facts[entry.orderIndex]?.order.cancelled?.refund;
    return entry.cancelledAt && refund ? [{ entry, refund, lineId: topRows[index]?.id ?? null, cancelledAt: entry.cancelledAt }] : [];
  });
  if (cancelled.length > 0) {
    await db.insert(refunds).values(
      cancelled.map(({ entry, refund, lineId, cancelledAt }) => ({
        orderId: orderRows[entry.orderIndex]?.id ?? 0,
        orderLineId: lineId,
        amount: roundMoney(lineTotal(entry.line) + (entry.line.addons ?? []).reduce((sum, addon) => sum + lineTotal(addon), 0)),
        method: 'card' as const,
        status: refund,
        reason: 'cancelled' as const,
        createdAt: cancelledAt,
        settledAt: refund === 'refunded' ? new Date(cancelledAt.getTime() + 3 * 86_400_000) : null,
      })),
    );
  }
}

/** Finds seeded rows by their English name; the history names what the demo sells. */
function byName<Row extends { id: number; name: string }>(rows: readonly Row[], what: string) {
  return (name: string): Row => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`demo ${what} ${name} missing`);
    return found;
  };
}

/**
 * The demo customers' booking history, every date relative to `day(0)`, the venue's today (README, demo accounts):
 * Layla (customer) has bookings of every kind, past and upcoming, in every status label — approved, completed,
 * pending and awaiting approval (the venue's and the identity check's), inactive, rejected, cancelled, refund
 * requested, expired (unpaid, or never approved before its time) and sold out (an unpaid order for an event session a
 * partner has since booked out) — with 20 facility bookings, more than one page. Her upcoming paid facility
 * bookings (days 17 to 27), event tickets and trainer sessions (days 4 and 9) can be cancelled or rescheduled. Ahmed
 * (member) has a few of his own. Upcoming facility bookings sit on days and hours no other demo booking uses, and
 * take their places as real ones do; the catalogue's own sessions (and the days the tests book) keep their places.
 */
export async function seedBookingHistory(db: Database, venue: { id: number; currency: string; zone: string }, day: (offset: number) => string, now: Date, accounts: { customer: string; member: string; partner: string }) {
  const people = await db.select({ id: customers.id, email: customers.email }).from(customers).where(inArray(customers.email, Object.values(accounts)));
  const person = (email: string) => {
    const found = people.find((each) => each.email === email);
    if (!found) throw new Error(`demo account ${email} missing`);
    return found.id;
  };
  const layla = person(accounts.customer);
  const ahmed = person(accounts.member);
  const noura = person(accounts.partner);

  const facility = byName(
    await db
      .select({ id: facilities.id, name: facilities.name })
      .from(facilities)
      .innerJoin(venueServices, eq(venueServices.id, facilities.venueServiceId))
      .where(eq(venueServices.venueId, venue.id)),
    'facility',
  );
  const product = byName(await db.select().from(products).where(eq(products.venueId, venue.id)), 'product');
  const event = byName(await db.select().from(events).where(eq(events.venueId, venue.id)), 'event');
  const trainer = byName(await db.select().from(trainers).where(eq(trainers.venueId, venue.id)), 'trainer');
  const academy = byName(await db.select().from(academies).where(eq(academies.venueId, venue.id)), 'academy');
  const membership = byName(await db.select().from(memberships).where(eq(memberships.venueId, venue.id)), 'membership');
  const offer = byName(await db.select().from(offers).where(eq(offers.venueId, venue.id)), 'offer');
  const outletProduct = byName(await db.select().from(outletProducts), 'outlet product');

  /** A pitch rented by the half hour, or `quantity` tickets (or add-ons) of a facility, on `day(offset)`. */
  const facilityLine = (
    place: string,
    productName: string,
    offset: number,
    [startTime, endTime]: [string, string],
    options: { quantity?: number; flags?: BookingFlags; addons?: HistoryLine[]; visitors?: string[] } = {},
  ): HistoryLine => {
    const sold = product(productName);
    const minutes = dayjs(`2000-01-01 ${endTime}`).diff(dayjs(`2000-01-01 ${startTime}`), 'minute');
    const isRental = sold.kind === 'rental';
    const quantity = isRental ? Math.max(1, Math.ceil(minutes / sold.unitMinutes)) : (options.quantity ?? 1);
    return {
      kind: 'facility',
      itemId: facility(place).id,
      productId: sold.id,
      name: sold.name,
      arName: sold.arName,
      date: day(offset),
      startTime,
      endTime,
      quantity,
      unitPrice: sold.price,
      unitTax: sold.taxAmount,
      facility: { facilityId: facility(place).id, participants: isRental ? 1 : quantity * sold.participantCount, flags: options.flags },
      addons: options.addons,
      visitors: options.visitors,
    };
  };
  /** Equipment or food booked with a facility line, for the same place and time. */
  const addon = (place: string, productName: string, offset: number, slot: [string, string], quantity: number) => facilityLine(place, productName, offset, slot, { quantity });
  const eventLine = (name: string, offset: number, quantity: number): HistoryLine => {
    const found = event(name);
    const schedule = found.schedules[0] ?? { start_time: '19:00:00', end_time: '21:00:00' };
    const price = found.price ?? 0;
    return { kind: 'event', itemId: found.id, name: found.name, arName: found.arName, date: day(offset), startTime: schedule.start_time, endTime: schedule.end_time, quantity, unitPrice: price, unitTax: vatOn(price) };
  };
  const trainerLine = (name: string, offset: number, startTime: string): HistoryLine => {
    const found = trainer(name);
    const price = found.sessionPrice ?? 0;
    const endTime = dayjs(`2000-01-01 ${startTime}`).add(found.sessionMinutes ?? 60, 'minute').format('HH:mm:ss');
    return { kind: 'training', itemId: found.id, name: found.name, arName: found.arName, date: day(offset), startTime, endTime, quantity: 1, unitPrice: price, unitTax: vatOn(price), visitors: ['Layla Hassan'] };
  };
  const academyLine = (name: string, startOffset: number | null, visitor: string): HistoryLine => {
    const found = academy(name);
    const price = found.price ?? 0;
    return { kind: 'workshop', itemId: found.id, name: found.name, arName: found.arName, date: startOffset === null ? found.startDate : day(startOffset), quantity: 1, unitPrice: price, unitTax: vatOn(price), visitors: [visitor] };
  };
  const membershipLine = (name: string, startOffset: number): HistoryLine => {
    const found = membership(name);
    return { kind: 'membership', itemId: found.id, name: found.name, arName: found.arName, date: day(startOffset), quantity: 1, unitPrice: found.price, unitTax: found.taxAmount };
  };
  const offerLine = (name: string, quantity: number): HistoryLine => {
    const found = offer(name);
    return { kind: 'offer', itemId: found.id, name: found.name, arName: found.arName, date: null, quantity, unitPrice: found.price, unitTax: found.taxAmount };
  };
  const posLine = (name: string, quantity: number): HistoryLine => {
    const found = outletProduct(name);
    return { kind: 'pos', itemId: found.id, name: found.name, arName: found.arName, date: null, quantity, unitPrice: found.price, unitTax: found.taxAmount };
  };

  const morning: [string, string] = ['08:00:00', '09:00:00'];
  const paid = (customerId: number, placedDaysAgo: number, lines: HistoryLine[], extra: Partial<HistoryOrder> = {}): HistoryOrder => ({
    customerId,
    status: 'paid',
    placedDaysAgo,
    lines,
    ...extra,
  });
  const family = ['Layla Hassan', 'Omar Hassan', 'Mariam Hassan'];

  const history: HistoryOrder[] = [
    // Upcoming facility bookings: approved (cancellable, reschedulable), waiting for the venue, inactive, rejected, cancelled.
    paid(layla, 2, [facilityLine('Indoor Arena', 'Indoor Arena Rental', 17, morning, { addons: [addon('Indoor Arena', 'Football Hire', 17, morning, 2)], visitors: family })]),
    paid(layla, 3, [facilityLine('Five-a-side Cage', 'Cage Rental', 18, ['09:00:00', '10:30:00'])]),
    paid(layla, 4, [facilityLine('Main Pitch Half A', 'Half Pitch Rental', 19, ['07:00:00', '08:00:00'])]),
    // Bought before the venue raised the Adult price to 105: moving it to another time costs the difference.
    paid(layla, 5, [{ ...facilityLine('Aqua Park', 'Adult', 27, ['11:00:00', '12:00:00'], { quantity: 2, visitors: family.slice(0, 2) }), unitPrice: 80, unitTax: 4 }]),
    paid(layla, 6, [facilityLine('Bowling Lanes', 'Bowling Game', 21, ['13:00:00', '14:00:00'], { quantity: 4 })]),
    paid(layla, 1, [facilityLine('VIP Lanes', 'VIP Bowling Game', 22, ['17:00:00', '18:00:00'], { quantity: 2, flags: { isBookingApproved: 0 } })], {
      status: 'awaiting_approval',
      requiresApproval: true,
    }),
    paid(layla, 1, [facilityLine('Indoor Arena', 'Indoor Arena Rental', 23, ['07:00:00', '08:00:00'], { flags: { cidApproved: 0, isCidApproved: 0 } })]),
    paid(layla, 7, [facilityLine('Five-a-side Cage', 'Cage Rental', 26, morning, { flags: { statusId: 13 } })]),
    paid(layla, 8, [facilityLine('Main Pitch Half B', 'Half Pitch Rental', 27, morning, { flags: { isBookingApproved: 2, statusId: FREED_STATUS } })]),
    paid(layla, 9, [facilityLine('Indoor Arena', 'Indoor Arena Rental', 28, morning)], { cancelled: { refund: 'refunded' } }),
    paid(layla, 2, [facilityLine('Five-a-side Cage', 'Cage Rental', 29, morning)], { cancelled: { refund: 'requested' } }),
    paid(layla, 1, [facilityLine('Aqua Park', 'Child', 19, ['15:00:00', '16:00:00'], { quantity: 2 })], { status: 'expired' }),
    // Past facility bookings: checked out, checked in, used, never approved in time.
    paid(layla, 6, [facilityLine('Main Stadium Pitch', 'Full Pitch Rental', -2, ['19:00:00', '20:00:00'], { flags: { checkedOut: true }, addons: [addon('Main Stadium Pitch', 'Training Bibs Set', -2, ['19:00:00', '20:00:00'], 1)] })]),
    paid(layla, 8, [facilityLine('Indoor Arena', 'Indoor Arena Rental', -5, ['18:00:00', '19:00:00'], { flags: { checkedIn: true } })]),
    paid(layla, 12, [facilityLine('Five-a-side Cage', 'Cage Rental', -9, ['20:00:00', '21:00:00'])]),
    paid(layla, 14, [facilityLine('Aqua Park', 'Adult', -12, ['10:00:00', '11:00:00'], { quantity: 3, flags: { checkedOut: true }, visitors: family })]),
    paid(layla, 22, [facilityLine('Bowling Lanes', 'Bowling Game', -20, ['17:00:00', '18:00:00'], { quantity: 2 })]),
    paid(layla, 45, [facilityLine('Main Pitch Half A', 'Half Pitch Rental', -40, ['18:00:00', '19:00:00'], { flags: { isBookingApproved: 0 } })], {
      status: 'awaiting_approval',
      requiresApproval: true,
    }),
    paid(layla, 63, [facilityLine('Indoor Arena', 'Indoor Arena Rental', -60, ['17:00:00', '18:30:00'], { flags: { checkedOut: true } })]),
    paid(layla, 104, [facilityLine('Aqua Park', 'Family Pass', -100, ['12:00:00', '13:00:00'], { flags: { checkedOut: true } })]),

    // Event tickets: upcoming, past, cancelled, an unpaid order that lapsed, and one whose session has sold out since.
    paid(layla, 3, [eventLine('Lagoon Lantern Festival', 42, 2)]),
    paid(layla, 5, [eventLine('Kite Flying Afternoon', 49, 3)]),
    paid(noura, 10, [eventLine('Desert Stargazing Night', 56, event('Desert Stargazing Night').capacity ?? 1)]),
    paid(layla, 11, [eventLine('Desert Stargazing Night', 56, 2)], { status: 'expired' }),
    paid(layla, 2, [eventLine('Family Fun Run', 38, 2)], { status: 'failed' }),
    paid(layla, 40, [eventLine('Football Cup Final', -30, 2)]),
    paid(layla, 50, [eventLine('Summer Music Night', -35, 2)], { cancelled: { refund: 'refunded' } }),

    // Trainer sessions: two upcoming (cancellable, reschedulable), done, cancelled, lapsed.
    paid(layla, 2, [trainerLine('Coach Priya Nair', 4, '17:00:00')]),
    paid(layla, 3, [trainerLine('Coach Priya Nair', 9, '08:00:00')]),
    paid(layla, 10, [trainerLine('Coach Sara Al Mansoori', -7, '10:00:00')]),
    paid(layla, 20, [trainerLine('Coach Priya Nair', -15, '09:00:00')], { cancelled: { refund: 'refunded' } }),
    paid(layla, 26, [trainerLine('Coach Omar Haddad', -25, '11:00:00')], { status: 'expired' }),

    // Academy places: confirmed, awaiting approval, cancelled, a declined payment.
    paid(layla, 4, [academyLine('Junior Swimming Academy', null, 'Mariam Hassan')]),
    paid(layla, 2, [academyLine('Tennis Academy', null, 'Omar Hassan')], { status: 'awaiting_approval', requiresApproval: true }),
    paid(layla, 15, [academyLine('Youth Football Academy', null, 'Omar Hassan')], { cancelled: { refund: 'refunded' } }),
    paid(layla, 1, [academyLine('Padel Academy', null, 'Layla Hassan')], { status: 'failed' }),

    // Memberships: one that ran its time, one active, one never paid.
    paid(layla, 210, [membershipLine('Silver Membership', -200)]),
    paid(layla, 30, [membershipLine('Gold Membership', -28)]),
    paid(layla, 3, [membershipLine('Family Summer Pass', 5)], { status: 'expired' }),

    // Retail: outlet products and packages.
    paid(layla, 1, [posLine('Fresh Orange Juice', 2), posLine('Club Sandwich', 1)]),
    paid(layla, 16, [posLine('Swim Goggles', 1)]),
    paid(layla, 4, [offerLine('Family Fun Day', 1)]),
    paid(layla, 6, [offerLine('Splash & Bowl Combo', 1)], { cancelled: { refund: 'requested' } }),
    paid(layla, 9, [posLine('Iced Coffee', 2)], { status: 'failed' }),

    // Ahmed's own: a membership, a bowling game to come and a pitch he played on.
    paid(ahmed, 20, [membershipLine('Gold Membership', -18)]),
    paid(ahmed, 3, [facilityLine('Bowling Lanes', 'Bowling Game', 20, ['15:00:00', '16:00:00'], { quantity: 2 })]),
    paid(ahmed, 9, [facilityLine('Main Pitch Half B', 'Half Pitch Rental', -3, ['19:00:00', '20:00:00'], { flags: { checkedOut: true } })]),
  ];
  await insertOrders(db, venue, now, history);
}

