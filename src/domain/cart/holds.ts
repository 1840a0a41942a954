import { type ReleaseHold } from '../contract/facilities';
import { type FacilityCartLine } from './facilityLine';
import { isFacilityLine, type CartLine } from './lines';

/**
 * Holds of facility lines (cart/sync, with allow_facility_items_reservation on): the countdown the cart shows and
 * the lines whose hold has lapsed. `nowMs` is injected (epoch ms) so the arithmetic never reads a clock.
 */

/** Whole seconds until the line's hold lapses (never below 0), or null when the line is not held. */
export function holdSecondsLeft(line: CartLine, nowMs: number): number | null {
  if (!isFacilityLine(line) || !line.hold_expires_at) return null;
  const expiresAt = Date.parse(line.hold_expires_at);
  if (Number.isNaN(expiresAt)) return null;
  return Math.max(0, Math.ceil((expiresAt - nowMs) / 1000));
}

/** 'm:ss' for the countdown. */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Places lines take from a session's hold allowance (cart_hold_places_per_session), counted as the venue counts them. */
export function placesOf(lines: readonly FacilityCartLine[]): number {
  return lines.reduce((sum, line) => sum + Math.max(0, line.quantity) * Math.max(1, line.participant_count), 0);
}

/** Whether the cart's lines still held, with `adding`, stay within the places one session may hold. */
export function fitsHoldAllowance(cart: readonly CartLine[], adding: readonly FacilityCartLine[], limit: number, nowMs: number): boolean {
  const held = cart.filter(isFacilityLine).filter((line) => (holdSecondsLeft(line, nowMs) ?? 0) > 0);
  return placesOf(held) + placesOf(adding) <= limit;
}

/** Positions of the lines whose hold has lapsed. */
export function lapsedLineIndexes(lines: readonly CartLine[], nowMs: number): number[] {
  return lines.flatMap((line, index) => (holdSecondsLeft(line, nowMs) === 0 ? [index] : []));
}

/** What DELETE cart/sync names to release each facility line's hold. */
export function holdReleases(lines: readonly CartLine[]): ReleaseHold[] {
  return lines.filter(isFacilityLine).map((line) => ({
    product_id: line.product_id,
    date: line.date,
    start_time: line.start_time,
    end_time: line.end_time,
    facility_id: line.facility_id,
  }));
}
