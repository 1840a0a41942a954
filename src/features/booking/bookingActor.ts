import { type ActorRefFrom } from 'xstate';
import { type facilityBookingMachine } from '../../../machines/facilityBooking';

export type FacilityBookingRef = ActorRefFrom<typeof facilityBookingMachine>;

/** useSelector's comparison for a list the selector derives anew from every snapshot: equal items, equal list. */
export const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((each, index) => each === b[index]);
