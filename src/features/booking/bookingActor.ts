import { type ActorRefFrom } from 'xstate';
import { type facilityBookingMachine } from '../../../machines/facilityBooking';

export type FacilityBookingRef = ActorRefFrom<typeof facilityBookingMachine>;
