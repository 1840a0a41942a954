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

/**
 * The booking lists and details as their routes show them. A booking's actions (cancel, reschedule) belong to another
 * feature: they are handed to these screens here, as `renderActions`, so the features never import each other.
 */
export const FacilityBookingsScreen = () => <FacilityBookingsPage />;
export const EventBookingsScreen = () => <EventBookingsPage />;
export const TrainerSessionsScreen = () => <TrainerSessionsPage />;
export const TrainerSessionDetailsScreen = () => <TrainerSessionDetailsPage />;
export const AcademyBookingsScreen = () => <AcademyBookingsPage />;
export const AcademyBookingDetailsScreen = () => <AcademyBookingDetailsPage />;
export const MembershipBookingsScreen = () => <MembershipBookingsPage />;
export const RetailBookingsScreen = () => <RetailBookingsPage />;
