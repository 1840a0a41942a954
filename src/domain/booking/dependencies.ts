import { slotInterval } from './dayTime';
import { bookingMessage, wholeQuantity, type BookingMessage } from './messages';
import { cartTicketDate, type CartTicket } from './ticketCapacity';

export interface TicketDependency {
  product_id: number;
  /** 'D': the whole day; any other value: the booked time. */
  period: string;
}

export interface DependentTicket {
  product_id: number;
  dependencies?: TicketDependency[] | null;
}

export interface BookingSlot {
  date: string;
  startTime: string;
  endTime: string;
}

const isDayPeriod = (period: string) => period.trim().toUpperCase() === 'D';

function overlaps(slot: BookingSlot, line: CartTicket): boolean {
  const wanted = slotInterval(slot);
  const held = slotInterval({ date: cartTicketDate(line), startTime: line.selectedFacilityTiming, endTime: line.selectedFacilityEndTiming });
  return wanted !== null && held !== null && wanted.start < held.end && held.start < wanted.end;
}

/**
 * A ticket may not join the cart while one of its dependency products is there on the same day (period 'D')
 * or at an overlapping time (any other period; slots that only touch do not overlap).
 */
export function checkTicketDependencies(
  ticket: DependentTicket,
  slot: BookingSlot,
  cartTickets: readonly CartTicket[],
): { ok: true } | { ok: false; message: BookingMessage } {
  const blocked = (ticket.dependencies ?? []).some((dependency) =>
    cartTickets.some(
      (line) =>
        line.product_id === dependency.product_id &&
        wholeQuantity(line.quantity) > 0 &&
        (isDayPeriod(dependency.period) ? cartTicketDate(line) === slot.date : overlaps(slot, line)),
    ),
  );
  return blocked ? { ok: false, message: bookingMessage('rules.dependentTicket') } : { ok: true };
}
