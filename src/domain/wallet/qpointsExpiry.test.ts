import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qpointsExpiryOf, settleQpoints, type QpointsMove } from './qpointsExpiry';

const at = (iso: string) => Date.parse(iso);
const MONTHS = 12;

describe('settleQpoints', () => {
  it.each([
    {
      case: 'an earning untouched for its whole validity expires in full, at its own moment',
      moves: [{ amount: 30, at: at('2025-01-10T08:00:00Z') }],
      now: at('2026-02-01T00:00:00Z'),
      due: [{ at: at('2026-01-10T08:00:00Z'), points: 30 }],
      next: null,
    },
    {
      case: 'spending takes the oldest earning first: what is left of it expires, the newer one is untouched',
      moves: [
        { amount: 30, at: at('2025-01-10T08:00:00Z') },
        { amount: 20, at: at('2025-06-01T08:00:00Z') },
        { amount: -25, at: at('2025-07-01T08:00:00Z') },
      ],
      now: at('2026-02-01T00:00:00Z'),
      due: [{ at: at('2026-01-10T08:00:00Z'), points: 5 }],
      next: { at: at('2026-06-01T08:00:00Z'), points: 20 },
    },
    {
      case: 'spending more than the oldest earning holds reaches into the next',
      moves: [
        { amount: 30, at: at('2025-01-10T08:00:00Z') },
        { amount: 20, at: at('2025-06-01T08:00:00Z') },
        { amount: -40, at: at('2025-07-01T08:00:00Z') },
      ],
      now: at('2026-07-01T00:00:00Z'),
      due: [{ at: at('2026-06-01T08:00:00Z'), points: 10 }],
      next: null,
    },
    {
      case: 'nothing is due before its moment; the next expiry is named',
      moves: [{ amount: 12, at: at('2026-03-31T20:00:00Z') }],
      now: at('2026-11-26T00:00:00Z'),
      due: [],
      next: { at: at('2027-03-31T20:00:00Z'), points: 12 },
    },
    {
      case: 'an expiry already written is not written again',
      moves: [
        { amount: 30, at: at('2025-01-10T08:00:00Z') },
        { amount: -30, at: at('2026-01-10T08:00:00Z') },
      ],
      now: at('2026-02-01T00:00:00Z'),
      due: [],
      next: null,
    },
    {
      case: 'points spent at the very moment they expire were still good',
      moves: [
        { amount: 30, at: at('2025-01-10T08:00:00Z') },
        { amount: -10, at: at('2026-01-10T08:00:00Z') },
      ],
      now: at('2026-01-10T08:00:00Z'),
      due: [{ at: at('2026-01-10T08:00:00Z'), points: 20 }],
      next: null,
    },
    {
      case: 'a spending written after an expiry was due (never settled) leaves the balance at zero, not below',
      moves: [
        { amount: 30, at: at('2025-01-10T08:00:00Z') },
        { amount: -20, at: at('2026-01-20T08:00:00Z') },
      ],
      now: at('2026-02-01T00:00:00Z'),
      due: [{ at: at('2026-01-10T08:00:00Z'), points: 10 }],
      next: null,
    },
    {
      case: 'the end of a short month: a month after 31 January is the last day of February',
      moves: [{ amount: 5, at: at('2026-01-31T10:00:00Z') }],
      now: at('2026-01-31T10:00:00Z'),
      due: [],
      next: { at: at('2026-02-28T10:00:00Z'), points: 5 },
      months: 1,
    },
  ])('$case', ({ moves, now, due, next, months }) => {
    expect(settleQpoints(moves, months ?? MONTHS, now)).toEqual({ due, next });
  });

  const ledger = fc.array(
    fc.record({ amount: fc.integer({ min: -80, max: 120 }).filter((amount) => amount !== 0), at: fc.integer({ min: at('2024-01-01T00:00:00Z'), max: at('2027-01-01T00:00:00Z') }) }),
    { maxLength: 25 },
  );
  /** A ledger as the server keeps it: a spending never takes the balance below zero (expiries settled before it). */
  const validLedger = ledger.map((moves) => {
    const kept: QpointsMove[] = [];
    for (const move of [...moves].sort((a, b) => a.at - b.at)) {
      const withDue = [...kept, ...settleQpoints(kept, MONTHS, move.at).due.map((expiry) => ({ amount: -expiry.points, at: expiry.at }))];
      const balance = withDue.reduce((sum, each) => sum + each.amount, 0);
      kept.splice(0, kept.length, ...withDue);
      if (move.amount > 0 || balance + move.amount >= 0) kept.push(move);
    }
    return kept;
  });
  const now = fc.integer({ min: at('2024-01-01T00:00:00Z'), max: at('2029-01-01T00:00:00Z') });

  it('never takes the balance below zero, nor expires more than came in', () => {
    fc.assert(
      fc.property(ledger, now, (moves, moment) => {
        const { due } = settleQpoints(moves, MONTHS, moment);
        const balance = moves.reduce((sum, move) => sum + move.amount, 0);
        const expired = due.reduce((sum, expiry) => sum + expiry.points, 0);
        expect(due.every((expiry) => expiry.points > 0 && expiry.at <= moment)).toBe(true);
        expect(expired).toBeLessThanOrEqual(Math.max(0, balance) + 1e-9);
      }),
    );
  });

  it('is idempotent: once its expiries are written, settling again finds none due', () => {
    fc.assert(
      fc.property(validLedger, now, (moves, moment) => {
        const first = settleQpoints(moves, MONTHS, moment);
        const written = [...moves, ...first.due.map((expiry) => ({ amount: -expiry.points, at: expiry.at }))];
        const second = settleQpoints(written, MONTHS, moment);
        expect(second.due).toEqual([]);
        expect(second.next).toEqual(first.next);
      }),
    );
  });

  it('first in, first out: nothing earned within the validity before now has expired, and an earning never expires more than itself', () => {
    fc.assert(
      fc.property(validLedger, now, (moves, moment) => {
        const { due } = settleQpoints(moves, MONTHS, moment);
        const earnedBy = (expiry: number) => moves.filter((move) => move.amount > 0 && qpointsExpiryOf(move.at, MONTHS) === expiry).reduce((sum, move) => sum + move.amount, 0);
        for (const expiry of due) expect(expiry.points).toBeLessThanOrEqual(earnedBy(expiry.at) + 1e-9);
      }),
    );
  });
});
