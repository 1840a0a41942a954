import { secondsOfTime } from './dayTime';
import { bookingMessage, wholeQuantity, type QuantityCheck } from './messages';

export interface ReservedSlot {
  session_id: string | number | null;
  quantity: number;
  start_time: string;
}

/** The capacity fields of the spec's Ticket. */
export interface CapacityTicket {
  product_id: number;
  participant_count: number;
  inventory_enable: 0 | 1;
  remaining_capacity: number | null;
  available_capacity: number | null;
  reserved_slots?: ReservedSlot[] | null;
}

/** A ticket in the booking state's cart (spec §3, "Cart ticket"). */
export interface CartTicket {
  facility_id: number;
  bookingDate: string;
  product_id: number;
  quantity: number;
  participant_count: number;
  selectedFacilityTiming: string;
  selectedFacilityEndTiming: string;
  selectedFacilityDate: string;
  group: string | number;
}

export interface CapacityContext {
  cartTickets: readonly CartTicket[];
  /** This visitor's session: its own reserved slots are the cart tickets, counted once. */
  sessionId: string | number | null;
  date: string;
  startTime: string;
}

/** The date a cart ticket's slot is on: the chosen slot's date, else the date picked in the modal. */
export function cartTicketDate(ticket: CartTicket): string {
  return ticket.selectedFacilityDate || ticket.bookingDate;
}

/** Participants one ticket admits; a missing or broken count admits one. */
export function participantsPerTicket(ticket: { participant_count: number }): number {
  return Number.isFinite(ticket.participant_count) && ticket.participant_count > 0 ? ticket.participant_count : 1;
}

export function sameStartTime(a: string, b: string): boolean {
  const seconds = secondsOfTime(a);
  return seconds !== null && seconds === secondsOfTime(b);
}

function count(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

// A reservation without a session cannot be proved ours, so it counts against us.
function isOwnReservation(slot: ReservedSlot, sessionId: string | number | null): boolean {
  return sessionId !== null && slot.session_id !== null && String(slot.session_id) === String(sessionId);
}

/**
 * Participants still bookable on this ticket at this slot: remaining_capacity when inventory is tracked,
 * else available_capacity, less what this cart already holds of the same product at the same date and time,
 * less what other sessions have reserved at that start time. Reserved and cart quantities count tickets (as
 * POST cart/sync sends them), so both are multiplied by participants per ticket. Never below 0.
 */
export function ticketCapacityLeft(ticket: CapacityTicket, { cartTickets, sessionId, date, startTime }: CapacityContext): number {
  const capacity = count(ticket.inventory_enable === 1 ? ticket.remaining_capacity : ticket.available_capacity);
  const inCart = cartTickets
    .filter((line) => line.product_id === ticket.product_id && cartTicketDate(line) === date && sameStartTime(line.selectedFacilityTiming, startTime))
    .reduce((sum, line) => sum + wholeQuantity(line.quantity) * participantsPerTicket(line), 0);
  const reservedElsewhere = (ticket.reserved_slots ?? [])
    .filter((slot) => !isOwnReservation(slot, sessionId) && sameStartTime(slot.start_time, startTime))
    .reduce((sum, slot) => sum + wholeQuantity(slot.quantity) * participantsPerTicket(ticket), 0);
  return Math.max(0, capacity - inCart - reservedElsewhere);
}

/**
 * Whether the ticket stepper may move to `requestedQuantity`: below 0 clamps to 0 (always allowed); otherwise
 * quantity × participants per ticket must fit the capacity left.
 */
export function checkTicketQuantity(ticket: CapacityTicket, requestedQuantity: number, ctx: CapacityContext): QuantityCheck {
  const quantity = wholeQuantity(requestedQuantity);
  if (quantity === 0) return { ok: true, quantity };
  const left = ticketCapacityLeft(ticket, ctx);
  if (left <= 0) return { ok: false, message: bookingMessage('rules.capacityReached') };
  const requested = quantity * participantsPerTicket(ticket);
  if (requested > left) return { ok: false, message: bookingMessage('rules.capacityExceeded', { remaining: left, requested }) };
  return { ok: true, quantity };
}
