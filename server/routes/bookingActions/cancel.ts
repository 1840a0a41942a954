import { eq, inArray, or } from 'drizzle-orm';
import { cancellationTerms } from '../../../src/domain/bookingActions/policy';
import { CARD_REFUND_BUSINESS_DAYS, type CancelQuote, type CancelResult } from '../../../src/domain/contract/bookingActions';
import { type Database } from '../../db/client';
import { facilityBookings } from '../../db/schema/facilities';
import { orderLines, refunds } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { type VenueRow } from '../../http/venue';
import { REJECTED_STATUS } from '../facilities/facilitiesData';
import { addLedgerEntry, ledgerBalance, lockCustomerMoney } from '../orders/ledgers';
import { takeBackOrderQpoints } from '../wallet/qpointsAward';
import { BOOKING_ACTION_MESSAGES } from './messages';
import { abandonOpenMove } from './movePayments';
import { assertActionAllowed, bookingStart, policyFor, refundable, refundSplit, type OwnedBooking } from './ownedBooking';

/** The venue-time moment a customer reads in a refusal: 'YYYY-MM-DD HH:mm' where the venue is. */
export function venueMoment(venue: VenueRow, epochMs: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: venue.config.time_zone || 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** What cancelling the booking now would give back, and how (the booking must be one that can be cancelled). */
export async function quoteCancel(db: Database, venue: VenueRow, booking: OwnedBooking, now: Date): Promise<CancelQuote> {
  assertActionAllowed(booking, venue, now, 'cancel');
  const policy = await policyFor(db, venue, booking);
  const left = await refundable(db, booking);
  const terms = cancellationTerms(policy, { startsAt: bookingStart(booking, venue), now: now.getTime(), refundable: left.booking });
  const split = refundSplit(terms.refund, left.card);
  return {
    booking_id: booking.line.id,
    currency: booking.order.currency,
    outcome: terms.outcome,
    paid: left.booking,
    fee: terms.fee,
    refund: terms.refund,
    to_wallet: split.toWallet,
    to_card: split.toCard,
    free_until: new Date(terms.freeUntil).toISOString(),
    cancel_until: new Date(terms.cutoff).toISOString(),
    card_refund_business_days: CARD_REFUND_BUSINESS_DAYS,
  };
}

/**
 * Cancels the booking inside the caller's transaction, which holds the order row's lock (ownedBooking with lock):
 * quoted again under the lock, refused when outside the policy or when the refund is no longer the one the customer
 * saw; then its lines are cancelled, its facility bookings give back their places (other kinds count only lines
 * that are not cancelled), and the refund is recorded: to the card as requested, to the wallet at once.
 */
export async function cancelBooking(tx: Database, venue: VenueRow, booking: OwnedBooking, expectedRefund: number, now: Date): Promise<CancelResult> {
  const quote = await quoteCancel(tx, venue, booking, now);
  if (quote.outcome === 'refused') throw new HttpError(409, BOOKING_ACTION_MESSAGES.tooLate(venueMoment(venue, Date.parse(quote.cancel_until)), 'cancelled'));
  if (Math.abs(quote.refund - expectedRefund) > 0.005) throw new HttpError(409, BOOKING_ACTION_MESSAGES.termsChanged(quote.refund, quote.currency));

  const { line, order } = booking;
  await abandonOpenMove(tx, line.id, now);
  await tx.update(orderLines).set({ cancelledAt: now }).where(or(eq(orderLines.id, line.id), eq(orderLines.parentLineId, line.id)));
  const bookingIds = [line, ...booking.addons].flatMap((each) => (each.facilityBookingId === null ? [] : [each.facilityBookingId]));
  if (bookingIds.length > 0) await tx.update(facilityBookings).set({ statusId: REJECTED_STATUS }).where(inArray(facilityBookings.id, bookingIds));

  const refund = { orderId: order.id, orderLineId: line.id, reason: 'cancelled' as const, createdAt: now };
  if (quote.to_card > 0) await tx.insert(refunds).values({ ...refund, amount: quote.to_card, method: 'card', status: 'requested' });
  await lockCustomerMoney(tx, order.customerId);
  await takeBackOrderQpoints(tx, order, quote.refund, now);
  if (quote.to_wallet > 0) {
    await tx.insert(refunds).values({ ...refund, amount: quote.to_wallet, method: 'wallet', status: 'refunded', settledAt: now });
    await addLedgerEntry(tx, 'wallet', { customerId: order.customerId, orderId: order.id, amount: quote.to_wallet, reason: `Refund of ${line.name}, order ${order.reference} (cancelled)`, createdAt: now });
  }
  return {
    booking_id: line.id,
    currency: order.currency,
    refund: quote.refund,
    to_wallet: quote.to_wallet,
    to_card: quote.to_card,
    wallet_balance: await ledgerBalance(tx, 'wallet', order.customerId),
  };
}
