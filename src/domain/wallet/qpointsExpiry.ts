import { dayjs } from '../dates';
import { roundMoney } from '../money';

/** A q-points ledger entry as the expiry rule reads it: its amount and when it was made (ms since the epoch). */
export type QpointsMove = { amount: number; at: number };

/** What expires at one moment: the points still unspent of the earnings made validity before it. */
export type QpointsExpiry = { at: number; points: number };

/** The moment points that came in at `at` expire: `months` calendar months later (UTC), to the millisecond. */
export const qpointsExpiryOf = (at: number, months: number) => dayjs.utc(at).add(months, 'month').valueOf();

type Lot = { expiresAt: number; left: number };

/**
 * Replays a customer's q-points first in, first out: every entry that adds points is a lot that expires `months`
 * after it came in; every entry that takes points (redeemed, taken back, and the expiries already written) spends the
 * oldest lots first; at a lot's expiry, what is left of it is due to expire. Answers the expiries due by `now` that
 * the ledger does not hold yet (written with their own moment as their time, a replay then finds them spent, so
 * settling twice writes nothing the second time) and the next expiry after `now`.
 *
 * An expiry never takes more than the balance holds at its moment, so the balance never goes below zero, even when
 * a spending was written after an expiry was due but before it was settled.
 */
export function settleQpoints(moves: readonly QpointsMove[], months: number, now: number): { due: QpointsExpiry[]; next: QpointsExpiry | null } {
  // Points in before points out at one moment; an expiry at a moment comes after every entry of that moment.
  const ordered = [...moves].sort((a, b) => a.at - b.at || b.amount - a.amount);
  const lots: Lot[] = [];
  const due: QpointsExpiry[] = [];
  // What the ledger holds once every entry is in: the most that may still expire.
  let unexpired = roundMoney(moves.reduce((sum, move) => sum + move.amount, 0));
  const spend = (amount: number) => {
    let rest = amount;
    for (const lot of lots) {
      if (rest <= 0) break;
      const taken = Math.min(lot.left, rest);
      lot.left = roundMoney(lot.left - taken);
      rest = roundMoney(rest - taken);
    }
  };
  const expireUntil = (moment: number, inclusive: boolean) => {
    for (;;) {
      const first = lots.find((lot) => lot.left > 0);
      if (!first || first.expiresAt > moment || (!inclusive && first.expiresAt === moment)) return;
      const at = first.expiresAt;
      const points = roundMoney(lots.filter((lot) => lot.expiresAt === at).reduce((sum, lot) => sum + lot.left, 0));
      const capped = roundMoney(Math.max(0, Math.min(points, unexpired)));
      for (const lot of lots) if (lot.expiresAt === at) lot.left = 0;
      unexpired = roundMoney(unexpired - capped);
      if (capped > 0) due.push({ at, points: capped });
    }
  };
  for (const move of ordered) {
    // Nothing expires after `now`, even around an entry written later than it (a clock set back).
    expireUntil(Math.min(move.at, now), move.at > now);
    if (move.amount > 0) lots.push({ expiresAt: qpointsExpiryOf(move.at, months), left: roundMoney(move.amount) });
    else spend(-move.amount);
  }
  expireUntil(now, true);
  const upcoming = lots.find((lot) => lot.left > 0);
  const next = upcoming ? { at: upcoming.expiresAt, points: roundMoney(lots.filter((lot) => lot.expiresAt === upcoming.expiresAt).reduce((sum, lot) => sum + lot.left, 0)) } : null;
  return { due, next };
}
