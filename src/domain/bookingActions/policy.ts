import { dayjs } from '../dates';
import { roundMoney } from '../money';

/**
 * A venue's cancellation terms for a service or product: free until `freeUntilHours` before the start, then a fee of
 * `feePercent` of what was paid, and no cancelling at all from `noCancelWithinHours` before the start.
 */
export interface CancellationPolicy {
  freeUntilHours: number;
  feePercent: number;
  noCancelWithinHours: number;
}

/** Used when the venue has set nothing for the booking: free until 24 hours before, 25% after, none within 2 hours. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { freeUntilHours: 24, feePercent: 25, noCancelWithinHours: 2 };

/** The most hours before a start a venue may set a window to (30 days). */
export const POLICY_HOURS_MAX = 24 * 30;

export type CancellationTerms =
  | { outcome: 'free'; refund: number; fee: 0; freeUntil: number; cutoff: number }
  | { outcome: 'fee'; refund: number; fee: number; freeUntil: number; cutoff: number }
  | { outcome: 'refused'; refund: 0; fee: 0; freeUntil: number; cutoff: number };

const HOUR_MS = 3_600_000;

/**
 * What a cancel at `now` gives back of `refundable` (what is still paid for the booking) under the policy. Both ends
 * are inclusive: at exactly `freeUntil` the cancel is free, at exactly `cutoff` it is still allowed. Times are epoch ms.
 */
export function cancellationTerms(policy: CancellationPolicy, { startsAt, now, refundable }: { startsAt: number; now: number; refundable: number }): CancellationTerms {
  const freeUntil = startsAt - policy.freeUntilHours * HOUR_MS;
  const cutoff = startsAt - policy.noCancelWithinHours * HOUR_MS;
  const paid = roundMoney(Math.max(0, refundable));
  if (now > cutoff) return { outcome: 'refused', refund: 0, fee: 0, freeUntil, cutoff };
  if (now <= freeUntil) return { outcome: 'free', refund: paid, fee: 0, freeUntil, cutoff };
  const fee = roundMoney(Math.min(paid, (paid * Math.min(100, Math.max(0, policy.feePercent))) / 100));
  return { outcome: 'fee', refund: roundMoney(paid - fee), fee, freeUntil, cutoff };
}

/** The instant a booking starts: its venue-time date and start (the day's midnight when it has no time). */
export function venueStartInstant(date: string, startTime: string | null, timeZone: string): number {
  const time = (startTime ?? '00:00:00').length === 5 ? `${startTime}:00` : (startTime ?? '00:00:00');
  return dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm:ss', timeZone).valueOf();
}
