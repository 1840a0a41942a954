import type { ApiClient } from './client';
import {
  bookingDetailsCall,
  bookingDetailsResponse,
  bookingListCall,
  bookingListResponse,
  type BookingKind,
} from '../domain/contract/bookings';
import { bookingSorts, type BookingListSearch } from '../domain/contract/routeParams';

/** GET customers/bookings/{kind} (bearer): one page of the customer's bookings in the range and order the address names. */
export function getBookings(api: ApiClient, kind: BookingKind, search: BookingListSearch) {
  const sort = bookingSorts[search.sort ?? 'date_desc'];
  return api.call(bookingListCall.path({ kind }), {
    method: bookingListCall.method,
    query: { page: search.page ?? 1, range: search.range ?? 'all', ...sort },
    schema: bookingListResponse,
  });
}

/** GET customers/bookings/{kind}/{id} (bearer): one of the customer's bookings with everything about it. */
export function getBookingDetails(api: ApiClient, kind: BookingKind, id: number) {
  return api.call(bookingDetailsCall.path({ kind, id }), { method: bookingDetailsCall.method, schema: bookingDetailsResponse });
}
