import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import { type BookingMove, type DifferencePayment, type RescheduleQuote, type RescheduleResult } from '../../../src/domain/contract/bookingActions';
import { roundMoney } from '../../../src/domain/money';
import { isCardExpired } from '../../../src/domain/wallet/savedCards';
import { qpointsEarned } from '../../../src/domain/wallet/walletRules';
import { LEDGER_REASONS } from '../../../src/domain/wallet/ledgerEntries';
import { type Notifier } from '../../auth/notifications';
import { type Database } from '../../db/client';
import { bookingMoves } from '../../db/schema/bookingMoves';
import { facilityBookings } from '../../db/schema/facilities';
import { orderLines, orders, payments, qpointsLedger, savedCards } from '../../db/schema/orders';
import { HttpError, notFound } from '../../http/errors';
import { venueClock } from '../facilities/facilitiesData';
import { hostedPayment, newTransactionId, venueGateway } from '../orders/gateway';
import { addLedgerEntry, ledgerBalance, lockCustomerMoney } from '../orders/ledgers';
import { lockOrder, UNPAID_ORDER_MINUTES, type OrderRow } from '../orders/lifecycle';
import { ORDER_MESSAGES } from '../orders/messages';
import { walletSettingsOf } from '../wallet/walletSettings';
import { BOOKING_ACTION_MESSAGES } from './messages';
import { rescheduleMessage, tellBuyer } from './notices';
import { BOOKING_KIND, type OwnedBooking } from './ownedBooking';
import { type VenueRow } from '../../http/venue';

export type MoveRow = typeof bookingMoves.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Where the payment page sends the browser back to: the move's own page, which says how it ended. */
export const movePagePath = (move: Pick<MoveRow, 'token'>) => `/profile/booking-moves/${move.token}`;

const slotOf = (date: string, startTime: string | null, endTime: string | null) => ({ date, start_time: startTime, end_time: endTime });

/** Puts a booking's line and its add-ons (and their facility bookings) on a slot. */
export async function putBookingOn(tx: Database, lineId: number, slot: { date: string; startTime: string; endTime: string }): Promise<void> {
  const ofBooking = or(eq(orderLines.id, lineId), eq(orderLines.parentLineId, lineId));
  const moved = await tx.update(orderLines).set(slot).where(ofBooking).returning({ facilityBookingId: orderLines.facilityBookingId });
  const bookingIds = moved.flatMap((line) => (line.facilityBookingId === null ? [] : [line.facilityBookingId]));
  if (bookingIds.length > 0) await tx.update(facilityBookings).set(slot).where(inArray(facilityBookings.id, bookingIds));
}

/** Places the holds of the new slot: a copy of each of the booking's facility bookings there. */
async function holdNewSlot(tx: Database, booking: OwnedBooking, quote: RescheduleQuote, now: Date): Promise<number[]> {
  const ids = [booking.line, ...booking.addons].flatMap((line) => (line.facilityBookingId === null || line.cancelledAt !== null ? [] : [line.facilityBookingId]));
  if (ids.length === 0) return [];
  const held = await tx.select().from(facilityBookings).where(inArray(facilityBookings.id, ids));
  const rows = await tx
    .insert(facilityBookings)
    .values(
      held.map((row) => ({
        facilityId: row.facilityId,
        productId: row.productId,
        customerId: row.customerId,
        date: quote.next.date,
        startTime: quote.next.start_time ?? row.startTime,
        endTime: quote.next.end_time ?? row.endTime,
        quantity: row.quantity,
        isBookingApproved: row.isBookingApproved,
        createdAt: now,
      })),
    )
    .returning({ id: facilityBookings.id });
  return rows.map((row) => row.id);
}

async function assertCardUsable(tx: Database, customerId: number, cardId: number, today: string) {
  const [card] = await tx.select({ expiry: savedCards.expiry }).from(savedCards).where(and(eq(savedCards.id, cardId), eq(savedCards.customerId, customerId))).limit(1);
  if (!card) throw new HttpError(404, ORDER_MESSAGES.cardNotFound);
  if (isCardExpired(card.expiry, today)) throw new HttpError(422, ORDER_MESSAGES.cardExpired);
}

const isSameMove = (move: MoveRow, quote: RescheduleQuote) =>
  move.date === quote.next.date && move.startTime === quote.next.start_time && Math.abs(move.amount - quote.to_pay) < 0.005;

async function hostedFor(tx: Database, move: MoveRow, order: OrderRow): Promise<RescheduleResult['payment']> {
  if (move.paymentId === null) return null;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, move.paymentId)).limit(1);
  if (!payment || payment.status !== 'pending') return null;
  const hosted = hostedPayment(payment.gateway, { transactionId: payment.transactionId, amount: payment.amount, currency: order.currency, reference: order.reference });
  return { move_token: move.token, pg: hosted.pg, url: hosted.url, form_fields: hosted.form_fields };
}

async function pendingAnswer(tx: Database, move: MoveRow, order: OrderRow): Promise<RescheduleResult> {
  return {
    booking_id: move.orderLineId,
    currency: order.currency,
    slot: slotOf(move.fromDate, move.fromStartTime, move.fromEndTime),
    refund_to_wallet: 0,
    paid_difference: 0,
    wallet_balance: await ledgerBalance(tx, 'wallet', order.customerId),
    payment: await hostedFor(tx, move, order),
  };
}

export interface DearerMove {
  venue: VenueRow;
  booking: OwnedBooking;
  quote: RescheduleQuote;
  pay: DifferencePayment;
  cardPayments: boolean;
  now: Date;
}

/**
 * Starts a move to a dearer slot inside the confirm's transaction (the order row, the customer's money and the new
 * slot's places locked): the new slot is held, the wallet pays first when asked, and the rest waits for a card
 * payment on the order, like an unpaid order, for UNPAID_ORDER_MINUTES. The booking stays where it is until the
 * difference is paid. The same move asked for again while it waits answers the same payment.
 */
export async function startDearerMove(tx: Database, { venue, booking, quote, pay, cardPayments, now }: DearerMove): Promise<RescheduleResult> {
  const { order, line } = booking;
  const open = await openMoveOf(tx, line.id);
  if (open && open.expiresAt > now && isSameMove(open, quote)) return pendingAnswer(tx, open, order);
  if (open) await abandonMove(tx, open, open.expiresAt > now ? 'failed' : 'expired', now);

  const today = venueClock(venue, now).today;
  if (pay.card_id) await assertCardUsable(tx, order.customerId, pay.card_id, today);
  const byWallet = pay.wallet === 1 ? roundMoney(Math.min(Math.max(0, await ledgerBalance(tx, 'wallet', order.customerId)), quote.to_pay)) : 0;
  const byCard = roundMoney(quote.to_pay - byWallet);
  if (byCard > 0 && !cardPayments) throw new HttpError(503, ORDER_MESSAGES.cardPaymentUnavailable);

  const [move] = await tx
    .insert(bookingMoves)
    .values({
      token: randomBytes(24).toString('base64url'),
      orderId: order.id,
      orderLineId: line.id,
      customerId: order.customerId,
      fromDate: line.date ?? quote.current.date,
      fromStartTime: line.startTime,
      fromEndTime: line.endTime,
      date: quote.next.date,
      startTime: quote.next.start_time ?? '',
      endTime: quote.next.end_time ?? '',
      amount: quote.to_pay,
      paidByWallet: byWallet,
      holdBookingIds: await holdNewSlot(tx, booking, quote, now),
      state: 'pending',
      expiresAt: new Date(now.getTime() + UNPAID_ORDER_MINUTES * 60_000),
      createdAt: now,
    })
    .returning();
  if (!move) throw new Error('the move was not created');
  await addLedgerEntry(tx, 'wallet', { customerId: order.customerId, orderId: order.id, amount: -byWallet, reason: `Order ${order.reference}`, createdAt: now });
  if (byCard === 0) {
    const completed = await completeMove(tx, move, order, null, now);
    return { ...(await pendingAnswer(tx, completed, order)), slot: slotOf(completed.date, completed.startTime, completed.endTime), paid_difference: completed.amount };
  }
  const transactionId = newTransactionId();
  const [payment] = await tx
    .insert(payments)
    .values({ orderId: order.id, gateway: await venueGateway(tx, venue.id), transactionId, amount: byCard, savedCardId: pay.card_id ?? null, saveCard: pay.save_card === 1, createdAt: now })
    .returning({ id: payments.id });
  const [waiting] = await tx.update(bookingMoves).set({ paymentId: payment?.id ?? null }).where(eq(bookingMoves.id, move.id)).returning();
  if (!waiting) throw new Error('the move was not updated');
  return pendingAnswer(tx, waiting, order);
}

/** The q-points the paid difference earns, by the venue's rule for any paid order. */
async function awardDifferenceQpoints(tx: Database, order: OrderRow, amount: number, now: Date) {
  const points = qpointsEarned(amount, (await walletSettingsOf(tx, order.venueId)).qpointsPerUnit);
  if (points > 0) await tx.insert(qpointsLedger).values({ customerId: order.customerId, amount: points, reason: LEDGER_REASONS.earned, orderId: order.id, createdAt: now });
}

/**
 * Completes a paid move, once (the caller holds the order row's lock and has checked the move is pending): the
 * booking goes onto the held slot and the holds go, the difference joins the line and the order's totals (its VAT
 * at the line's rate) and earns its q-points.
 */
export async function completeMove(tx: Database, move: MoveRow, order: OrderRow, cardPayment: PaymentRow | null, now: Date): Promise<MoveRow> {
  await putBookingOn(tx, move.orderLineId, { date: move.date, startTime: move.startTime, endTime: move.endTime });
  if (move.holdBookingIds.length > 0) await tx.delete(facilityBookings).where(inArray(facilityBookings.id, move.holdBookingIds));
  const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, move.orderLineId)).limit(1);
  const gross = (line?.unitPrice ?? 0) + (line?.unitTax ?? 0);
  const vat = gross > 0 ? roundMoney((move.amount * (line?.unitTax ?? 0)) / gross) : 0;
  await tx.update(orderLines).set({ total: roundMoney((line?.total ?? 0) + move.amount) }).where(eq(orderLines.id, move.orderLineId));
  await tx
    .update(orders)
    .set({
      subtotal: roundMoney(order.subtotal + move.amount - vat),
      vat: roundMoney(order.vat + vat),
      total: roundMoney(order.total + move.amount),
      paidByWallet: roundMoney(order.paidByWallet + move.paidByWallet),
      paidByCard: roundMoney(order.paidByCard + (cardPayment?.amount ?? 0)),
    })
    .where(eq(orders.id, order.id));
  await awardDifferenceQpoints(tx, order, move.amount, now);
  const [done] = await tx.update(bookingMoves).set({ state: 'completed', settledAt: now, holdBookingIds: [] }).where(eq(bookingMoves.id, move.id)).returning();
  if (!done) throw new Error('the move was not updated');
  return done;
}

/**
 * Ends a move that will not be paid (declined, replaced or expired): the holds go, the wallet's part comes back and
 * a pending card payment is declined. The booking was never touched. The caller holds the order row's lock.
 */
export async function abandonMove(tx: Database, move: MoveRow, state: 'failed' | 'expired', now: Date): Promise<MoveRow> {
  if (move.holdBookingIds.length > 0) await tx.delete(facilityBookings).where(inArray(facilityBookings.id, move.holdBookingIds));
  if (move.paidByWallet > 0) {
    await lockCustomerMoney(tx, move.customerId);
    await addLedgerEntry(tx, 'wallet', { customerId: move.customerId, orderId: move.orderId, amount: move.paidByWallet, reason: 'Refund of an unpaid booking move', createdAt: now });
  }
  if (move.paymentId !== null) await tx.update(payments).set({ status: 'declined', settledAt: now }).where(and(eq(payments.id, move.paymentId), eq(payments.status, 'pending')));
  const [ended] = await tx.update(bookingMoves).set({ state, settledAt: now, holdBookingIds: [] }).where(eq(bookingMoves.id, move.id)).returning();
  return ended ?? move;
}

const openMoveOf = async (tx: Database, lineId: number) =>
  (await tx.select().from(bookingMoves).where(and(eq(bookingMoves.orderLineId, lineId), eq(bookingMoves.state, 'pending'))).for('update'))[0] ?? null;

/** Ends the booking's move waiting for payment, if any, when the booking is cancelled or moved otherwise (the caller holds the order's lock). */
export async function abandonOpenMove(tx: Database, lineId: number, now: Date): Promise<void> {
  const open = await openMoveOf(tx, lineId);
  if (open) await abandonMove(tx, open, open.expiresAt > now ? 'failed' : 'expired', now);
}

/** The move a payment pays for, locked (the caller holds its order's lock), and expired on the way when its time is up. */
export async function lockMoveOfPayment(tx: Database, paymentId: number, now: Date): Promise<MoveRow | null> {
  const [move] = await tx.select().from(bookingMoves).where(eq(bookingMoves.paymentId, paymentId)).for('update');
  if (!move) return null;
  return expiredOnTheWay(tx, move, now);
}

/** A pending move past its time, expired now (lazy expiry, as orders do); any other move as it is. */
const expiredOnTheWay = (tx: Database, move: MoveRow, now: Date) => (move.state === 'pending' && move.expiresAt <= now ? abandonMove(tx, move, 'expired', now) : move);

/** Tells the buyer their booking moved, once the difference is paid. */
export async function tellMoveCompleted(db: Database, notifier: Notifier, move: MoveRow, now: Date): Promise<void> {
  const [row] = await db
    .select({ name: orderLines.name, reference: orders.reference, currency: orders.currency })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, move.orderLineId))
    .limit(1);
  if (!row) return;
  const booking = { line: { name: row.name, date: move.fromDate, startTime: move.fromStartTime }, order: { reference: row.reference } };
  const result = { slot: slotOf(move.date, move.startTime, move.endTime), refund_to_wallet: 0, paid_difference: move.amount, currency: row.currency };
  await tellBuyer(db, notifier, move.customerId, rescheduleMessage(booking, result), now);
}

/** Expires the moves whose time is up, each under its order's lock as every other writer of it. */
export async function expireDueMoves(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: bookingMoves.id, orderId: bookingMoves.orderId })
    .from(bookingMoves)
    .where(and(eq(bookingMoves.state, 'pending'), lte(bookingMoves.expiresAt, now)))
    .orderBy(asc(bookingMoves.id));
  for (const { id, orderId } of due) {
    await db.transaction(async (tx) => {
      await lockOrder(tx, { id: orderId }, now);
      const [move] = await tx.select().from(bookingMoves).where(eq(bookingMoves.id, id)).for('update');
      if (move?.state === 'pending' && move.expiresAt <= now) await abandonMove(tx, move, 'expired', now);
    });
  }
  return due.length;
}

/** The customer's own move by its token (404 otherwise), expired on the way when its time is up. */
export async function customerMove(db: Database, where: { token: string; customerId: number; venueId: number }, now: Date): Promise<BookingMove> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: bookingMoves.orderId })
      .from(bookingMoves)
      .innerJoin(orders, eq(orders.id, bookingMoves.orderId))
      .where(and(eq(bookingMoves.token, where.token), eq(bookingMoves.customerId, where.customerId), eq(orders.venueId, where.venueId)))
      .limit(1);
    if (!found) throw notFound(BOOKING_ACTION_MESSAGES.moveNotFound);
    const order = await lockOrder(tx, { id: found.orderId }, now);
    const [locked] = await tx.select().from(bookingMoves).where(eq(bookingMoves.token, where.token)).for('update');
    const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, locked?.orderLineId ?? 0)).limit(1);
    if (!order || !locked || !line) throw notFound(BOOKING_ACTION_MESSAGES.moveNotFound);
    const move = await expiredOnTheWay(tx, locked, now);
    const pending = move.state === 'pending';
    return {
      booking_id: move.orderLineId,
      kind: BOOKING_KIND[line.kind],
      name: line.name,
      ar_name: line.arName,
      state: move.state,
      currency: order.currency,
      amount: move.amount,
      from: slotOf(move.fromDate, move.fromStartTime, move.fromEndTime),
      to: slotOf(move.date, move.startTime, move.endTime),
      expires_at: pending ? move.expiresAt.toISOString() : null,
      payment: pending ? await hostedFor(tx, move, order) : null,
    };
  });
}
