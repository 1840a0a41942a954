import { LaterSection } from '../../ui/LaterSection';

const later = (titleKey: string) => () => <LaterSection titleKey={titleKey} detailKey="later.profileText" />;

export const FacilityBookingsPage = later('profile.facilityBookings');
export const TrainerSessionsPage = later('profile.trainerSessions');
export const TrainerSessionDetailPage = later('profile.trainerSession');
export const AcademyBookingsPage = later('profile.academyBookings');
export const AcademyBookingDetailPage = later('profile.academyBooking');
export const EventBookingsPage = later('profile.eventBookings');
export const MembershipsBookingsPage = later('profile.membershipsBookings');
export const ProfileRetailPage = later('profile.retail');
