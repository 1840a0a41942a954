import { fromPromise } from 'xstate';
import { BookingActionFailure, type CancelActors, type RescheduleActors } from '../../machines/bookingActionActors';
import { type ApiClient, type ApiResult } from '../api/client';
import { getBalances } from '../api/orders';
import { leaveForGateway } from './checkout';
import { cancelBooking, getCancelQuote, getRescheduleQuote, getRescheduleSlots, rescheduleBooking } from '../api/bookingActions';

/** The envelope's data, or the failure the machines read (status and the server's message). */
async function dataOf<T>(answer: Promise<ApiResult<{ data: T }>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new BookingActionFailure(result.status, result.message);
  return result.data.data;
}

/** The real calls of the cancel and reschedule machines. */
export function bookingActionActors(api: ApiClient): CancelActors & RescheduleActors {
  return {
    quoteCancel: fromPromise(({ input }) => dataOf(getCancelQuote(api, input.bookingId))),
    submitCancel: fromPromise(({ input }) => dataOf(cancelBooking(api, input))),
    loadSlots: fromPromise(({ input }) => dataOf(getRescheduleSlots(api, input))),
    quoteReschedule: fromPromise(({ input }) => dataOf(getRescheduleQuote(api, input))),
    submitReschedule: fromPromise(({ input }) => dataOf(rescheduleBooking(api, input))),
    loadPaymentMethods: fromPromise(() => dataOf(getBalances(api))),
    goToPayment: fromPromise(async ({ input }) => leaveForGateway(input)),
  };
}
