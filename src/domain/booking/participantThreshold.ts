import { bookingMessage, wholeQuantity, type BookingMessage } from './messages';
import { cartTicketDate, participantsPerTicket, sameStartTime, type CartTicket } from './ticketCapacity';

export interface ParticipantThresholdCheck {
  /** customer_threshold (is_baps); null or not above 0 means no cap. */
  threshold: number | null;
  /** Participants this visitor already holds in the session. */
  alreadyInSession: number;
  /** Participants the change would add. */
  requested: number;
}

/** Participants the cart holds in one session (a date and start time), over every ticket. */
export function participantsInSession(cartTickets: readonly CartTicket[], session: { date: string; startTime: string }): number {
  return cartTickets
    .filter((line) => cartTicketDate(line) === session.date && sameStartTime(line.selectedFacilityTiming, session.startTime))
    .reduce((sum, line) => sum + wholeQuantity(line.quantity) * participantsPerTicket(line), 0);
}

/** In the is_baps variant customer_threshold caps participants per session; the caller reverts the stepper on refusal. */
export function checkParticipantThreshold({ threshold, alreadyInSession, requested }: ParticipantThresholdCheck): { ok: true } | { ok: false; message: BookingMessage } {
  if (threshold === null || !Number.isFinite(threshold) || threshold <= 0) return { ok: true };
  if (wholeQuantity(alreadyInSession) + wholeQuantity(requested) <= threshold) return { ok: true };
  return { ok: false, message: bookingMessage('rules.participantThreshold', { max: threshold }) };
}
