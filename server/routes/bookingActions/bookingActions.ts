import { eq } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import {
  cancelBody,
  cancelCall,
  cancelQuoteCall,
  cancelQuoteResponse,
  cancelResponse,
  rescheduleBody,
  rescheduleCall,
  rescheduleQuoteCall,
  rescheduleQuoteResponse,
  rescheduleResponse,
  rescheduleSlotsCall,
  rescheduleSlotsQuery,
  rescheduleSlotsResponse,
  rescheduleTarget,
  type CancelResult,
  type RescheduleResult,
} from '../../../src/domain/contract/bookingActions';
import { HEADERS } from '../../../src/domain/contract/headers';
import { id } from '../../../src/domain/contract/primitives';
import { formatAmount } from '../../../src/domain/money';
import { type Notifier } from '../../auth/notifications';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { type AppContext } from '../../http/context';
import { loginFirst, requireCustomer } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue, type VenueRow } from '../../http/venue';
import { channelOf, type Channel } from '../facilities/facilitiesData';
import { answerOnce, IDEMPOTENCY_KEY_MAX, requestDigest } from '../orders/idempotency';
import { cancelBooking, quoteCancel } from './cancel';
import { BOOKING_ACTION_MESSAGES } from './messages';
import { ownedBooking, type OwnedBooking } from './ownedBooking';
import { confirmReschedule, quoteReschedule, rescheduleSlots } from './reschedule';

export type BookingActionsContext = AppContext & { notifier: Notifier };

const bookingParams = z.object({ id: z.pipe(z.coerce.number(), id) });

/** The booking a call names, the customer's own at this venue (404 otherwise). */
async function requestedBooking(db: Database, request: FastifyRequest, now: Date, lock = false) {
  const customer = requireCustomer(request);
  const venue = await requireVenue(db, request);
  const { id: lineId } = parseInput(bookingParams, request.params, 'id');
  return { customer, venue, lineId, booking: await ownedBooking(db, { venue, customerId: customer.id, lineId, lock }) };
}

function idempotencyKey(request: FastifyRequest): string {
  const header = request.headers[HEADERS.idempotencyKey.toLowerCase()];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX) throw new HttpError(400, BOOKING_ACTION_MESSAGES.idempotencyKeyRequired);
  return key;
}

const slotText = (slot: { date: string; start_time: string | null }) => [slot.date, slot.start_time?.slice(0, 5)].filter(Boolean).join(' at ');

/** Tells the buyer, on every channel they have, what changed and what comes back (the outbox in development). */
async function tellBuyer(db: Database, notifier: Notifier, customerId: number, message: { subject: string; body: string[] }, now: Date) {
  const [buyer] = await db.select({ email: customers.email, mobile: customers.mobile, firstName: customers.firstName }).from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!buyer) return;
  await notifier.send({ channel: NOTIFICATION_CHANNELS.ALL, to: { email: buyer.email, mobile: buyer.mobile }, subject: message.subject, body: [`Hello ${buyer.firstName},`, '', ...message.body].join('\n') }, now);
}

function cancelMessage(booking: OwnedBooking, result: CancelResult) {
  const money = (amount: number) => formatAmount(amount, result.currency);
  return {
    subject: `Booking cancelled: ${booking.line.name}`,
    body: [
      `Your booking ${booking.line.name}${booking.line.date ? ` on ${slotText({ date: booking.line.date, start_time: booking.line.startTime })}` : ''} (order ${booking.order.reference}) is cancelled.`,
      ...(result.to_wallet > 0 ? [`${money(result.to_wallet)} is back in your wallet.`] : []),
      ...(result.to_card > 0 ? [`A refund of ${money(result.to_card)} to your card is requested; it reaches your card within 7 business days.`] : []),
      ...(result.refund === 0 ? ['Under the venue’s cancellation policy nothing is refunded.'] : []),
    ],
  };
}

function rescheduleMessage(booking: OwnedBooking, result: RescheduleResult) {
  return {
    subject: `Booking moved: ${booking.line.name}`,
    body: [
      `Your booking ${booking.line.name} (order ${booking.order.reference}) is now on ${slotText(result.slot)}.`,
      ...(result.refund_to_wallet > 0 ? [`${formatAmount(result.refund_to_wallet, result.currency)} is back in your wallet.`] : []),
    ],
  };
}

/**
 * Cancel and reschedule of the signed-in customer's bookings (src/domain/contract/bookingActions.ts). The confirms
 * run once per Idempotency-Key (orders/idempotency.ts): a retry gets the first answer, never a second refund.
 */
export const bookingActionRoutes: FastifyPluginAsync<BookingActionsContext> = async (app, { db, now, notifier }) => {
  const moveContext = (venue: VenueRow, booking: OwnedBooking, channel: Channel, at: Date) => ({ venue, booking, channel, now: at });

  serve(app, cancelQuoteCall, async (request, reply) => {
    const at = now();
    const { venue, booking } = await requestedBooking(db, request, at);
    return sendParsed(reply, cancelQuoteResponse, { status: true, data: await quoteCancel(db, venue, booking, at) });
  }, { onRequest: loginFirst });

  serve(app, cancelCall, async (request, reply) => {
    const at = now();
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const { id: lineId } = parseInput(bookingParams, request.params, 'id');
    const body = parseInput(cancelBody, request.body ?? {}, 'body');
    const key = idempotencyKey(request);
    const digest = requestDigest({ action: 'cancel', booking: String(lineId), refund: String(body.refund) }, venue.id);
    const answer = await answerOnce(db, { scope: `customer:${customer.id}`, key, digest, now: at }, async (tx) => {
      const booking = await ownedBooking(tx, { venue, customerId: customer.id, lineId, lock: true });
      const result = await cancelBooking(tx, venue, booking, body.refund, at);
      return { statusCode: 200, body: cancelResponse.parse({ status: true, data: result, message: 'Booking cancelled' }), outcome: { booking, result } };
    });
    if (answer.outcome) await tellBuyer(db, notifier, customer.id, cancelMessage(answer.outcome.booking, answer.outcome.result), at);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  }, { onRequest: loginFirst });

  serve(app, rescheduleSlotsCall, async (request, reply) => {
    const at = now();
    const { venue, booking } = await requestedBooking(db, request, at);
    const { date } = parseInput(rescheduleSlotsQuery, request.query, 'query');
    return sendParsed(reply, rescheduleSlotsResponse, { status: true, data: await rescheduleSlots(db, moveContext(venue, booking, channelOf(request), at), date) });
  }, { onRequest: loginFirst });

  serve(app, rescheduleQuoteCall, async (request, reply) => {
    const at = now();
    const { venue, booking } = await requestedBooking(db, request, at);
    const target = parseInput(rescheduleTarget, request.query, 'query');
    return sendParsed(reply, rescheduleQuoteResponse, { status: true, data: await quoteReschedule(db, moveContext(venue, booking, channelOf(request), at), target) });
  }, { onRequest: loginFirst });

  serve(app, rescheduleCall, async (request, reply) => {
    const at = now();
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const { id: lineId } = parseInput(bookingParams, request.params, 'id');
    const body = parseInput(rescheduleBody, request.body ?? {}, 'body');
    const key = idempotencyKey(request);
    const digest = requestDigest({ action: 'reschedule', booking: String(lineId), date: body.date, start_time: body.start_time, difference: String(body.difference) }, venue.id);
    const channel = channelOf(request);
    const answer = await answerOnce(db, { scope: `customer:${customer.id}`, key, digest, now: at }, async (tx) => {
      const booking = await ownedBooking(tx, { venue, customerId: customer.id, lineId, lock: true });
      const result = await confirmReschedule(tx, moveContext(venue, booking, channel, at), body);
      return { statusCode: 200, body: rescheduleResponse.parse({ status: true, data: result, message: 'Booking moved' }), outcome: { booking, result } };
    });
    if (answer.outcome) await tellBuyer(db, notifier, customer.id, rescheduleMessage(answer.outcome.booking, answer.outcome.result), at);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  }, { onRequest: loginFirst });

};
