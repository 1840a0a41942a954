import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationTerms, DEFAULT_CANCELLATION_POLICY, venueStartInstant, type CancellationPolicy } from './policy';

const HOUR = 3_600_000;
const startsAt = Date.UTC(2026, 11, 10, 14, 0);
const policy: CancellationPolicy = { freeUntilHours: 24, feePercent: 20, noCancelWithinHours: 2 };

describe('cancellationTerms', () => {
  it.each([
    ['two days before', startsAt - 48 * HOUR, 'free', 100, 0],
    ['exactly 24 hours before (the free edge is inclusive)', startsAt - 24 * HOUR, 'free', 100, 0],
    ['a millisecond after the free edge', startsAt - 24 * HOUR + 1, 'fee', 80, 20],
    ['five hours before', startsAt - 5 * HOUR, 'fee', 80, 20],
    ['exactly 2 hours before (the last moment to cancel)', startsAt - 2 * HOUR, 'fee', 80, 20],
    ['a millisecond inside the no-cancel window', startsAt - 2 * HOUR + 1, 'refused', 0, 0],
    ['after the start', startsAt + HOUR, 'refused', 0, 0],
  ] as const)('%s: %s, %d back, %d fee', (_, now, outcome, refund, fee) => {
    expect(cancellationTerms(policy, { startsAt, now, refundable: 100 })).toMatchObject({ outcome, refund, fee, cutoff: startsAt - 2 * HOUR, freeUntil: startsAt - 24 * HOUR });
  });

  it('a fee is worked out in whole cents and the refund is what is left', () => {
    expect(cancellationTerms({ ...policy, feePercent: 33 }, { startsAt, now: startsAt - 3 * HOUR, refundable: 10.01 })).toMatchObject({ fee: 3.3, refund: 6.71 });
  });

  it('a free window reaching past the cut-off leaves no fee: free until the cut-off, refused after it', () => {
    expect(cancellationTerms({ freeUntilHours: 1, feePercent: 50, noCancelWithinHours: 3 }, { startsAt, now: startsAt - 3 * HOUR, refundable: 40 })).toMatchObject({ outcome: 'free', refund: 40 });
    expect(cancellationTerms({ freeUntilHours: 1, feePercent: 50, noCancelWithinHours: 3 }, { startsAt, now: startsAt - 2 * HOUR, refundable: 40 }).outcome).toBe('refused');
  });

  it('the default is free until 24 hours before, a quarter after, nothing within 2 hours', () => {
    expect(DEFAULT_CANCELLATION_POLICY).toEqual({ freeUntilHours: 24, feePercent: 25, noCancelWithinHours: 2 });
  });

  const policies = fc.record({ freeUntilHours: fc.integer({ min: 0, max: 720 }), feePercent: fc.integer({ min: 0, max: 100 }), noCancelWithinHours: fc.integer({ min: 0, max: 720 }) });
  const cents = fc.integer({ min: 0, max: 10_000_000 }).map((value) => value / 100);

  it('a refund never exceeds what was paid, never goes below zero, and refund plus fee is what was paid', () => {
    fc.assert(
      fc.property(policies, cents, fc.integer({ min: -1000, max: 1000 }), (each, paid, hoursBefore) => {
        const terms = cancellationTerms(each, { startsAt, now: startsAt - hoursBefore * HOUR, refundable: paid });
        expect(terms.refund).toBeGreaterThanOrEqual(0);
        expect(terms.refund).toBeLessThanOrEqual(paid);
        if (terms.outcome !== 'refused') expect(Math.round((terms.refund + terms.fee) * 100)).toBe(Math.round(paid * 100));
      }),
    );
  });

  it('exactly at each edge the customer gets the better side; a moment later the worse', () => {
    fc.assert(
      fc.property(policies, cents, (each, paid) => {
        const freeEdge = startsAt - each.freeUntilHours * HOUR;
        const cutoff = startsAt - each.noCancelWithinHours * HOUR;
        expect(cancellationTerms(each, { startsAt, now: cutoff, refundable: paid }).outcome).not.toBe('refused');
        expect(cancellationTerms(each, { startsAt, now: cutoff + 1, refundable: paid }).outcome).toBe('refused');
        if (freeEdge <= cutoff) {
          expect(cancellationTerms(each, { startsAt, now: freeEdge, refundable: paid }).outcome).toBe('free');
          if (freeEdge < cutoff) expect(cancellationTerms(each, { startsAt, now: freeEdge + 1, refundable: paid }).outcome).toBe('fee');
        }
      }),
    );
  });

  it('a later cancel never gives back more', () => {
    fc.assert(
      fc.property(policies, cents, fc.integer({ min: -500, max: 500 }), fc.integer({ min: 0, max: 500 }), (each, paid, hoursBefore, later) => {
        const earlier = cancellationTerms(each, { startsAt, now: startsAt - hoursBefore * HOUR, refundable: paid });
        const then = cancellationTerms(each, { startsAt, now: startsAt - (hoursBefore - later) * HOUR, refundable: paid });
        expect(then.refund).toBeLessThanOrEqual(earlier.refund);
      }),
    );
  });
});

describe('venueStartInstant', () => {
  it('reads the date and start in the venue time zone; a booking without a start begins at its midnight', () => {
    expect(new Date(venueStartInstant('2026-12-10', '18:00:00', 'Asia/Dubai')).toISOString()).toBe('2026-12-10T14:00:00.000Z');
    expect(new Date(venueStartInstant('2026-12-10', '18:00', 'Asia/Dubai')).toISOString()).toBe('2026-12-10T14:00:00.000Z');
    expect(new Date(venueStartInstant('2026-12-10', null, 'Asia/Dubai')).toISOString()).toBe('2026-12-09T20:00:00.000Z');
  });
});
