import { eq, sql } from 'drizzle-orm';
import { addonMax } from '../../../src/domain/booking/addonLimits';
import { capacityLeft, facilityFreeStarts } from '../../../src/domain/booking/availability';
import { addDays, minutesOfTime } from '../../../src/domain/booking/dayTime';
import { sameStartTime } from '../../../src/domain/booking/ticketCapacity';
import { cancellationTerms } from '../../../src/domain/bookingActions/policy';
import { TRAINER_BOOKING_DAYS, trainerStartTimes } from '../../../src/domain/catalogue/purchaseDays';
import { sessionEnd } from '../../../src/domain/cart/catalogueLines';
import { type RescheduleBody, type RescheduleQuote, type RescheduleResult, type RescheduleSlots, type RescheduleTarget } from '../../../src/domain/contract/bookingActions';
import { type ScheduleFacility } from '../../../src/domain/contract/facilities';
import { formatAmount, roundMoney } from '../../../src/domain/money';
import { venueNow } from '../../../src/domain/venueTime';
import { type Database } from '../../db/client';
import { trainers } from '../../db/schema/catalogue';
import { refunds } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { type VenueRow } from '../../http/venue';
import {
  assertBookableDate,
  facilityProductRows,
  findService,
  isStartOffered,
  loadDaySchedule,
  rentalsAt,
  serviceFacilities,
  venueClock,
  type Channel,
} from '../facilities/facilitiesData';
import { lockPlaces } from '../facilities/placeLocks';
import { addonCategoriesFor } from '../facilities/products';
import { ORDER_MESSAGES } from '../orders/messages';
import { takeBackOrderQpoints } from '../wallet/qpointsAward';
import { addLedgerEntry, ledgerBalance, lockCustomerMoney } from '../orders/ledgers';
import { bookedTrainerSessions } from '../orders/otherLines';
import { venueMoment } from './cancel';
import { abandonOpenMove, putBookingOn, startDearerMove } from './movePayments';
import { BOOKING_ACTION_MESSAGES } from './messages';
import { assertActionAllowed, bookingStart, policyFor, refundable, type OwnedBooking } from './ownedBooking';

/** How far ahead a facility booking may move when its service sets no limit. */
const FACILITY_MOVE_DAYS = 60;

const conflict = (message: string) => new HttpError(409, message);

/** Where the booking is moving to, and what it costs there. */
interface Move {
  date: string;
  startTime: string;
  endTime: string;
  /** The booking's line at the venue's price for the new slot, its discount kept. */
  newAmount: number;
}

interface MoveContext {
  venue: VenueRow;
  booking: OwnedBooking;
  channel: Channel;
  now: Date;
  /** A card payment can be taken (a dearer slot's difference). */
  cardPayments: boolean;
}

const lineMinutes = (booking: OwnedBooking) => (minutesOfTime(booking.line.endTime ?? '') ?? 0) - (minutesOfTime(booking.line.startTime ?? '') ?? 0);

const endOf = (startTime: string, minutes: number) => sessionEnd(startTime, minutes);

/** The day's schedule of the booking's facility, with the booking's own place counted as free. */
async function facilityDay(db: Database, { venue, booking, channel, now }: MoveContext, date: string) {
  const own = booking.facilityBooking;
  if (!own || booking.venueServiceId === null) throw conflict(BOOKING_ACTION_MESSAGES.refused.notOffered);
  const service = await findService(db, venue, booking.venueServiceId);
  const all = await serviceFacilities(db, service.id);
  const day = await loadDaySchedule(db, all.filter((each) => each.id === own.facilityId), all, { date, channel, sessionId: null, now, minBookingTime: service.minBookingTime });
  const facility = day.facilities[0];
  if (!facility) throw conflict(BOOKING_ACTION_MESSAGES.refused.notOffered);
  const scheduled = own.date === date ? withoutOwnPlace(facility, own) : facility;
  const sold = await facilityProductRows(db, [own.facilityId], ['rental', 'ticket']);
  return { service, scheduled, all: day.facilities.map((each) => (each.id === scheduled.id ? scheduled : each)), sold, own };
}

/** The facility as if the booking were not on it: one window of its time and participants taken off. */
function withoutOwnPlace(facility: ScheduleFacility, own: NonNullable<OwnedBooking['facilityBooking']>): ScheduleFacility {
  const index = facility.bookings.findIndex((window) => sameStartTime(window.start_time, own.startTime) && sameStartTime(window.end_time, own.endTime));
  return {
    ...facility,
    bookings: facility.bookings.filter((_, at) => at !== index),
    day_booked_quantity: facility.is_enable_per_day_capacity === 1 ? Math.max(0, facility.day_booked_quantity - own.quantity) : facility.day_booked_quantity,
  };
}

/** Whether the booking fits the facility at the window: a free pitch, or room for all its participants. */
function fits(day: Awaited<ReturnType<typeof facilityDay>>, window: { start_time: string; end_time: string }): boolean {
  const left = capacityLeft(day.scheduled, day.all, window);
  return day.scheduled.per_capacity === 1 ? left >= day.own.quantity : left > 0;
}

const soldAt = (day: Awaited<ReturnType<typeof facilityDay>>, productId: number | null, startTime: string) =>
  rentalsAt(day.sold, startTime).find((row) => row.product.id === productId) ?? null;

const isCurrentSlot = (booking: OwnedBooking, date: string, startTime: string) => booking.line.date === date && sameStartTime(booking.line.startTime ?? '', startTime);

const priced = (booking: OwnedBooking, gross: number) => roundMoney(Math.max(0, gross * booking.line.quantity - booking.line.discount));

/**
 * The booking's add-ons on the new day, by the checkout's rule (orders/facilityLines.ts): still sold with the
 * facility then, and within what is left of their stock that day; on its own day an add-on's own quantity counts
 * as free. Refused with the checkout's messages.
 */
async function assertAddonsAvailable(db: Database, booking: OwnedBooking, facilityId: number, date: string) {
  const addons = booking.addons.filter((addon) => addon.productId !== null && addon.cancelledAt === null);
  if (addons.length === 0) return;
  const sold = (await addonCategoriesFor(db, facilityId, date)).flatMap((category) => category.products);
  for (const addon of addons) {
    const product = sold.find((each) => each.product_id === addon.productId);
    if (!product) throw conflict(ORDER_MESSAGES.productNotSold);
    const ownOnDay = addon.date === date ? addon.quantity : 0;
    const max = addonMax({ ...product, sold: typeof product.sold === 'number' ? product.sold - ownOnDay : product.sold });
    if (addon.quantity > max) throw conflict(ORDER_MESSAGES.addonMax(max));
  }
}

/** The facility booking at the new slot: checked against the day's schedule under the caller's locks, or refused. */
async function facilityMove(db: Database, context: MoveContext, target: RescheduleTarget): Promise<Move> {
  const { venue, booking, now } = context;
  const day = await facilityDay(db, context, target.date);
  assertBookableDate(venue, day.service, target.date, now);
  const endTime = endOf(target.start_time, lineMinutes(booking));
  if (!isStartOffered(venue, day.service, target.date, target.start_time, now)) throw conflict(BOOKING_ACTION_MESSAGES.slotTaken);
  const product = soldAt(day, booking.line.productId, target.start_time);
  if (!product) throw conflict(BOOKING_ACTION_MESSAGES.notSoldThen);
  if (!fits(day, { start_time: target.start_time, end_time: endTime })) throw conflict(BOOKING_ACTION_MESSAGES.slotTaken);
  await assertAddonsAvailable(db, booking, day.own.facilityId, target.date);
  return { date: target.date, startTime: target.start_time, endTime, newAmount: priced(booking, product.product.price + product.product.taxAmount) };
}

async function bookedTrainer(db: Database, booking: OwnedBooking) {
  const [trainer] = await db.select().from(trainers).where(eq(trainers.id, booking.line.itemId ?? 0)).limit(1);
  if (!trainer || trainer.sessionMinutes === null || trainer.sessionPrice === null) throw conflict(BOOKING_ACTION_MESSAGES.refused.notOffered);
  return { trainer, sessionMinutes: trainer.sessionMinutes };
}

/** The trainer's starts on the day no one else has, the booking's own session counted as free. */
async function trainerStarts(db: Database, { venue, booking, now }: MoveContext, date: string, sessionMinutes: number): Promise<string[]> {
  const clock = venueNow(venue.config.time_zone, now);
  const lastDay = addDays(clock.today, TRAINER_BOOKING_DAYS) ?? clock.today;
  if (date < clock.today || date > lastDay) return [];
  const starts = trainerStartTimes(sessionMinutes, date, { date: clock.today, time: clock.time });
  const booked = await bookedTrainerSessions(db, [booking.line.itemId ?? 0], [date], now);
  const ownStart = booking.line.date === date ? minutesOfTime(booking.line.startTime ?? '') : null;
  const own = booked.findIndex((session) => session.start === ownStart);
  const others = booked.filter((_, at) => at !== own);
  return starts.filter((start) => {
    const from = minutesOfTime(start) ?? 0;
    return !others.some((session) => session.start < from + sessionMinutes && from < session.end);
  });
}

/**
 * A trainer session is priced per session, the same at every hour: moved to another hour it keeps what was paid for
 * it, even if the trainer's price has changed since (a move is not a new purchase).
 */
async function trainerMove(db: Database, context: MoveContext, target: RescheduleTarget): Promise<Move> {
  const { sessionMinutes } = await bookedTrainer(db, context.booking);
  const clock = venueClock(context.venue, context.now);
  if (target.date > (addDays(clock.today, TRAINER_BOOKING_DAYS) ?? clock.today)) throw conflict(BOOKING_ACTION_MESSAGES.trainerDay(TRAINER_BOOKING_DAYS));
  const starts = await trainerStarts(db, context, target.date, sessionMinutes);
  if (!starts.some((start) => sameStartTime(start, target.start_time))) throw conflict(BOOKING_ACTION_MESSAGES.slotTaken);
  return {
    date: target.date,
    startTime: target.start_time,
    endTime: endOf(target.start_time, sessionMinutes),
    newAmount: await linePaid(db, context.booking),
  };
}

/** Refuses a reschedule of a booking that can no longer be changed: past the policy's cut-off, as a cancel would be. */
async function assertStillChangeable(db: Database, context: MoveContext) {
  const { venue, booking, now } = context;
  assertActionAllowed(booking, venue, now, 'reschedule');
  const terms = cancellationTerms(await policyFor(db, venue, booking), { startsAt: bookingStart(booking, venue), now: now.getTime(), refundable: 0 });
  if (terms.outcome === 'refused') throw conflict(BOOKING_ACTION_MESSAGES.tooLate(venueMoment(venue, terms.cutoff), 'rescheduled'));
}

/** What the booking's line is still worth: its total less what was refunded on it already. */
async function linePaid(db: Database, booking: OwnedBooking): Promise<number> {
  const [row] = await db
    .select({ refunded: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(eq(refunds.orderLineId, booking.line.id));
  return roundMoney(Math.max(0, booking.line.total - Number(row?.refunded ?? 0)));
}

/** The slots the booking can move to on `date` (its current one left out). */
export async function rescheduleSlots(db: Database, context: MoveContext, date: string): Promise<RescheduleSlots> {
  await assertStillChangeable(db, context);
  const { venue, booking, now } = context;
  const today = venueClock(venue, now).today;
  if (booking.kind === 'training') {
    const { sessionMinutes } = await bookedTrainer(db, booking);
    const starts = await trainerStarts(db, context, date, sessionMinutes);
    return {
      date,
      first_date: today,
      last_date: addDays(today, TRAINER_BOOKING_DAYS) ?? today,
      slots: starts.filter((start) => !isCurrentSlot(booking, date, start)).map((start) => ({ start_time: start, end_time: endOf(start, sessionMinutes) })),
    };
  }
  const day = await facilityDay(db, context, date);
  const lastDate = addDays(today, day.service.advanceBookingDaysLimit ?? FACILITY_MOVE_DAYS) ?? today;
  const window = { date, first_date: today, last_date: lastDate };
  if (date < today || date > lastDate) return { ...window, slots: [] };
  assertBookableDate(venue, day.service, date, now);
  const minutes = lineMinutes(booking);
  const starts = facilityFreeStarts(day.scheduled, day.all, { durationMinutes: minutes, incrementMinutes: day.service.timeIncrement })
    .filter((start) => isStartOffered(venue, day.service, date, start, now))
    .filter((start) => !isCurrentSlot(booking, date, start) && soldAt(day, booking.line.productId, start) !== null)
    .filter((start) => fits(day, { start_time: start, end_time: endOf(start, minutes) }));
  return { ...window, slots: starts.map((start) => ({ start_time: start, end_time: endOf(start, minutes) })) };
}

/** The reschedule's price: what moving to the slot costs against what was paid (the slot must be free for it). */
export async function quoteReschedule(db: Database, context: MoveContext, target: RescheduleTarget): Promise<RescheduleQuote> {
  await assertStillChangeable(db, context);
  const { booking } = context;
  if (isCurrentSlot(booking, target.date, target.start_time)) throw conflict(BOOKING_ACTION_MESSAGES.sameSlot);
  const move = booking.kind === 'training' ? await trainerMove(db, context, target) : await facilityMove(db, context, target);
  const paid = await linePaid(db, booking);
  const difference = roundMoney(move.newAmount - paid);
  const { line } = booking;
  return {
    booking_id: line.id,
    currency: booking.order.currency,
    current: { date: line.date ?? '', start_time: line.startTime, end_time: line.endTime },
    next: { date: move.date, start_time: move.startTime, end_time: move.endTime },
    paid,
    new_amount: move.newAmount,
    difference,
    refund_to_wallet: difference < 0 ? roundMoney(-difference) : 0,
    to_pay: difference > 0 ? difference : 0,
  };
}

/**
 * Moves the booking inside the caller's transaction, which holds the order row's lock: the customer's money lock
 * and the new day's place lock (the facility day or trainer day that orders and holds take) are taken before the slot is checked again, so a
 * reschedule and an order racing for the last place never both get it. The old place is given up in the same
 * transaction that takes the new one; a cheaper slot's difference goes back to the wallet at once. A dearer facility
 * slot is held for its difference's payment instead (movePayments.ts); a trainer session keeps its price (trainerMove).
 */
export async function confirmReschedule(tx: Database, context: MoveContext, body: RescheduleBody): Promise<RescheduleResult> {
  const { booking, now } = context;
  const { order, line } = booking;
  await lockCustomerMoney(tx, order.customerId);
  await lockPlaces(
    tx,
    booking.facilityBooking
      ? { facilityDays: [{ facilityId: booking.facilityBooking.facilityId, date: body.date }], stockedProducts: booking.addons.flatMap((addon) => (addon.productId === null ? [] : [addon.productId])) }
      : { trainerDays: [{ trainerId: line.itemId ?? 0, date: body.date }] },
  );
  const quote = await quoteReschedule(tx, context, body);
  if (Math.abs(quote.difference - body.difference) > 0.005) throw conflict(BOOKING_ACTION_MESSAGES.priceChanged);
  if (quote.to_pay > 0) {
    if (!body.payment) throw new HttpError(400, BOOKING_ACTION_MESSAGES.paymentRequired(formatAmount(quote.to_pay, quote.currency)));
    return startDearerMove(tx, { venue: context.venue, booking, quote, pay: body.payment, cardPayments: context.cardPayments, now });
  }
  await abandonOpenMove(tx, line.id, now);
  await putBookingOn(tx, line.id, { date: quote.next.date, startTime: quote.next.start_time ?? '', endTime: quote.next.end_time ?? '' });
  const refund = Math.min(quote.refund_to_wallet, (await refundable(tx, booking)).booking);
  if (refund > 0) {
    await takeBackOrderQpoints(tx, order, refund, now);
    await tx.insert(refunds).values({ orderId: order.id, orderLineId: line.id, amount: refund, method: 'wallet', status: 'refunded', reason: 'rescheduled', createdAt: now, settledAt: now });
    await addLedgerEntry(tx, 'wallet', { customerId: order.customerId, orderId: order.id, amount: refund, reason: `Refund of ${line.name}, order ${order.reference} (rescheduled)`, createdAt: now });
  }
  return {
    booking_id: line.id,
    currency: order.currency,
    slot: quote.next,
    refund_to_wallet: roundMoney(refund),
    paid_difference: 0,
    wallet_balance: await ledgerBalance(tx, 'wallet', order.customerId),
    payment: null,
  };
}
