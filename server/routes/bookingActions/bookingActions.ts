import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
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
  bookingMoveCall,
  bookingMoveParams,
  bookingMoveResponse,
} from '../../../src/domain/contract/bookingActions';
import { HEADERS } from '../../../src/domain/contract/headers';
import { id } from '../../../src/domain/contract/primitives';
import { type Notifier } from '../../auth/notifications';
import { type Database } from '../../db/client';
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
import { customerMove, expireDueMoves } from './movePayments';
import { cancelMessage, rescheduleMessage, tellBuyer } from './notices';
import { devGatewayEnabled } from '../payments/payments';
import { EXPIRY_SWEEP_MS } from '../orders/orders';

export type BookingActionsContext = AppContext & { notifier: Notifier; devTools: boolean };

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

/**
 * Cancel and reschedule of the signed-in customer's bookings (src/domain/contract/bookingActions.ts). The confirms
 * run once per Idempotency-Key (orders/idempotency.ts): a retry gets the first answer, never a second refund.
 */
export const bookingActionRoutes: FastifyPluginAsync<BookingActionsContext> = async (app, { db, now, notifier, devTools }) => {
  const cardPayments = devGatewayEnabled(devTools);
  const moveContext = (venue: VenueRow, booking: OwnedBooking, channel: Channel, at: Date) => ({ venue, booking, channel, now: at, cardPayments });

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
      return { statusCode: 200, body: rescheduleResponse.parse({ status: true, data: result, message: result.payment ? 'Please complete the payment' : 'Booking moved' }), outcome: { booking, result } };
    });
    if (answer.outcome && answer.outcome.result.payment === null) await tellBuyer(db, notifier, customer.id, rescheduleMessage(answer.outcome.booking, answer.outcome.result), at);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  }, { onRequest: loginFirst });

  serve(app, bookingMoveCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const { token } = parseInput(bookingMoveParams, request.params, 'token');
    return sendParsed(reply, bookingMoveResponse, { status: true, data: await customerMove(db, { token, customerId: customer.id, venueId: venue.id }, now()) });
  }, { onRequest: loginFirst });

  const sweep = async () => {
    try {
      await expireDueMoves(db, now());
    } catch (error) {
      app.log.error({ err: error }, 'expiring unpaid booking moves failed');
    }
  };
  const timer = setInterval(() => void sweep(), EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
