// Small on purpose: the cart's rules read these limits without loading the order contract's schemas.

/**
 * Bounds of one cart/sync body: a booking adds a facility's rentals or tickets for one slot, well under
 * HOLD_LINES_MAX lines, which is also what one order takes (ORDER_LIMITS.facilityLines), so whatever is held can be
 * bought; the places a session may hold are capped by the venue (cart_hold_places_per_session).
 */
export const HOLD_LINES_MAX = 10;

/**
 * What one order may hold (docs/decisions.md, "Order limits"): more than a person buys at once, and few enough that
 * the server checks and books a whole order in well under a second. A cart holds no more than an order takes.
 */
export const ORDER_LIMITS = {
  /** Lines of every kind together. */
  lines: 30,
  /** Facility lines each book a slot one after another (the dearest lines to check): a family day's worth. */
  facilityLines: HOLD_LINES_MAX,
  addonsPerLine: 20,
  /** Visitor details of one line (one per participant). */
  visitorsPerLine: 50,
  /** Participants one facility ticket admits (a family pass admits 4). */
  participantsPerTicket: 20,
  notes: 500,
} as const;
