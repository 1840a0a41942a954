import { sameHost } from '../host';
import { asMinutes, MINUTES_PER_DAY, minutesOfTime, type Minutes } from './dayTime';

/** Spec §9: how long after it started today's nearest passed slot stays offered. */
export const SLOT_GRACE_MINUTES = asMinutes(15);
/** The same window on the one host configured for it. */
export const EXTENDED_SLOT_GRACE_MINUTES = asMinutes(30);

/** The grace window for a host: 30 minutes on a configured host (with or without www.), 15 elsewhere. */
export function slotGraceMinutes(host: string, extendedHosts: readonly string[]): Minutes {
  return extendedHosts.some((extended) => sameHost(host, extended, { ignoreWww: true })) ? EXTENDED_SLOT_GRACE_MINUTES : SLOT_GRACE_MINUTES;
}

export interface SlotVisibility {
  /** Slot start times, 'HH:mm:ss', in order. */
  starts: readonly string[];
  date: string;
  today: string;
  /** The venue's time of day now, 'HH:mm:ss'. */
  nowTime: string;
  graceMinutes: number;
  onlineBookingDelay: number;
}

/**
 * The slot starts a visitor is offered. Future dates keep them all and past dates none. Today hides starts
 * earlier than now + online_booking_delay, except the nearest start already passed when it began at most
 * graceMinutes ago (a visitor arriving a little late still books the slot under way).
 */
export function visibleSlotStarts({ starts, date, today, nowTime, graceMinutes, onlineBookingDelay }: SlotVisibility): string[] {
  if (date > today) return [...starts];
  if (date < today) return [];
  const now = minutesOfTime(nowTime);
  if (now === null) return [...starts];
  const earliest = now + Math.max(0, onlineBookingDelay);
  const passed = starts.map(minutesOfTime).filter((minute): minute is Minutes => minute !== null && minute < now);
  const nearestPassed = passed.length > 0 ? Math.max(...passed) : null;
  const keepsNearestPassed = nearestPassed !== null && now - nearestPassed <= Math.max(0, graceMinutes);
  return starts.filter((start) => {
    const minute = minutesOfTime(start);
    if (minute === null) return false;
    return minute >= earliest || (keepsNearestPassed && minute === nearestPassed);
  });
}

/** How long before its end an event schedule block stops hiding slot starts. */
export const EVENT_BLOCK_FREE_MINUTES = asMinutes(60);

/**
 * Event schedule blocks hide times up to the last hour before the block's end: every start from the block's
 * start to its end less 60 minutes, both inclusive, is hidden. A block ending at or before its start runs past
 * midnight.
 */
export function hideEventBlockedStarts(starts: readonly string[], blocks: readonly { start_time: string; end_time: string }[]): string[] {
  const hidden = blocks.flatMap((block) => {
    const from = minutesOfTime(block.start_time);
    const to = minutesOfTime(block.end_time);
    if (from === null || to === null) return [];
    return [{ from, lastHidden: (to <= from ? to + MINUTES_PER_DAY : to) - EVENT_BLOCK_FREE_MINUTES }];
  });
  return starts.filter((start) => {
    const minute = minutesOfTime(start);
    return minute === null || !hidden.some(({ from, lastHidden }) => minute >= from && minute <= lastHidden);
  });
}
