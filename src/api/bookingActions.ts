import {
  bookingMoveCall,
  bookingMoveResponse,
  cancelCall,
  cancelQuoteCall,
  cancelQuoteResponse,
  cancelResponse,
  rescheduleCall,
  rescheduleQuoteCall,
  rescheduleQuoteResponse,
  rescheduleResponse,
  rescheduleSlotsCall,
  rescheduleSlotsResponse,
  type DifferencePayment,
  type RescheduleBody,
  type RescheduleTarget,
} from '../domain/contract/bookingActions';
import { HEADERS } from '../domain/contract/headers';
import { type ApiClient } from './client';

/** GET customers/bookings/:id/cancel: what cancelling now gives back, and how. */
export function getCancelQuote(api: ApiClient, bookingId: number) {
  return api.call(cancelQuoteCall.path({ id: bookingId }), { method: cancelQuoteCall.method, schema: cancelQuoteResponse });
}

/** POST customers/bookings/:id/cancel under an Idempotency-Key: a retry gets the first answer, never a second refund. */
export function cancelBooking(api: ApiClient, request: { bookingId: number; key: string; refund: number }) {
  return api.call(cancelCall.path({ id: request.bookingId }), {
    method: cancelCall.method,
    body: { refund: request.refund },
    headers: { [HEADERS.idempotencyKey]: request.key },
    schema: cancelResponse,
  });
}

/** GET customers/bookings/:id/reschedule/slots?date=: where the booking can move to that day. */
export function getRescheduleSlots(api: ApiClient, request: { bookingId: number; date: string }) {
  return api.call(rescheduleSlotsCall.path({ id: request.bookingId }), { method: rescheduleSlotsCall.method, query: { date: request.date }, schema: rescheduleSlotsResponse });
}

/** GET customers/bookings/:id/reschedule?date=&start_time=: the price difference of moving there. */
export function getRescheduleQuote(api: ApiClient, request: { bookingId: number } & RescheduleTarget) {
  return api.call(rescheduleQuoteCall.path({ id: request.bookingId }), {
    method: rescheduleQuoteCall.method,
    query: { date: request.date, start_time: request.start_time },
    schema: rescheduleQuoteResponse,
  });
}

/** POST customers/bookings/:id/reschedule under an Idempotency-Key. */
export function rescheduleBooking(api: ApiClient, request: { bookingId: number; key: string } & Omit<RescheduleBody, 'payment'> & { payment?: DifferencePayment }) {
  return api.call(rescheduleCall.path({ id: request.bookingId }), {
    method: rescheduleCall.method,
    body: { date: request.date, start_time: request.start_time, difference: request.difference, payment: request.payment },
    headers: { [HEADERS.idempotencyKey]: request.key },
    schema: rescheduleResponse,
  });
}

/** GET customers/booking-moves/:token: a dearer move and how it ended (after the payment page). */
export function getBookingMove(api: ApiClient, token: string) {
  return api.call(bookingMoveCall.path({ token }), { method: bookingMoveCall.method, schema: bookingMoveResponse });
}
