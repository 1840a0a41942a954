import {
  AcademyBookingDetailsPage,
  AcademyBookingsPage,
  EventBookingsPage,
  FacilityBookingsPage,
  MembershipBookingsPage,
  RetailBookingsPage,
  TrainerSessionDetailsPage,
  TrainerSessionsPage,
} from '../features/bookings/BookingPages';
import { BookingActions } from '../features/bookingActions/BookingActions';
import { type BookingListItem } from '../domain/contract/bookings';

/** Cancel and reschedule, for the kinds a customer may change (memberships and retail purchases are not changed online). */
const actions = (booking: BookingListItem) => <BookingActions booking={booking} />;

/**
 * The booking lists and details as their routes show them. A booking's actions (cancel, reschedule) belong to another
 * feature: they are handed to these screens here, as `renderActions`, so the features never import each other.
 */
export const FacilityBookingsScreen = () => <FacilityBookingsPage renderActions={actions} />;
export const EventBookingsScreen = () => <EventBookingsPage renderActions={actions} />;
export const TrainerSessionsScreen = () => <TrainerSessionsPage renderActions={actions} />;
export const TrainerSessionDetailsScreen = () => <TrainerSessionDetailsPage renderActions={actions} />;
export const AcademyBookingsScreen = () => <AcademyBookingsPage renderActions={actions} />;
export const AcademyBookingDetailsScreen = () => <AcademyBookingDetailsPage renderActions={actions} />;
export const MembershipBookingsScreen = () => <MembershipBookingsPage />;
export const RetailBookingsScreen = () => <RetailBookingsPage />;
