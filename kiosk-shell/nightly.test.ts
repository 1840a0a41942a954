import { describe, expect, it } from 'vitest';
import { checkNightly, formatTimeOfDay, isTimeZone, nextOccurrence, parseTimeOfDay, wallClock, type TimeOfDay } from './nightly';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const time = (text: string): TimeOfDay => {
  const parsed = parseTimeOfDay(text);
  if (!parsed) throw new Error(`bad test time ${text}`);
  return parsed;
};

describe('nightly restart time of day', () => {
  it.each([
    ['03:30', { hour: 3, minute: 30 }],
    ['3:30', { hour: 3, minute: 30 }],
    ['00:00', { hour: 0, minute: 0 }],
    ['23:59', { hour: 23, minute: 59 }],
    [' 04:05 ', { hour: 4, minute: 5 }],
  ])('reads %j', (text, expected) => {
    expect(parseTimeOfDay(text)).toEqual(expected);
  });

  it.each(['24:00', '12:60', '3.30', '0330', '3:3', '03:30pm', '', 'tonight'])('refuses %j', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
  });

  it('formats as HH:MM', () => {
    expect(formatTimeOfDay({ hour: 3, minute: 5 })).toBe('03:05');
  });

  it('knows real IANA zones only', () => {
    expect(isTimeZone('Asia/Dubai')).toBe(true);
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('next nightly restart', () => {
  it('is later the same local day when the time has not come yet (Asia/Dubai, UTC+4)', () => {
    // 02:00 in Dubai on 11 March.
    expect(iso(nextOccurrence(at('2025-03-10T22:00:00Z'), time('03:30'), 'Asia/Dubai'))).toBe('2025-03-10T23:30:00.000Z');
  });

  it('is the next local day once the time has passed', () => {
    // 03:45 in Dubai on 11 March.
    expect(iso(nextOccurrence(at('2025-03-10T23:45:00Z'), time('03:30'), 'Asia/Dubai'))).toBe('2025-03-11T23:30:00.000Z');
  });

  it('is the next day, not now, when it is exactly the time', () => {
    expect(iso(nextOccurrence(at('2025-03-10T23:30:00Z'), time('03:30'), 'Asia/Dubai'))).toBe('2025-03-11T23:30:00.000Z');
  });

  it('crosses midnight: 00:15 asked at 23:30 local is 45 minutes later, on the next date', () => {
    const now = at('2025-05-20T19:30:00Z'); // 23:30 in Dubai
    const next = nextOccurrence(now, time('00:15'), 'Asia/Dubai');
    expect(next - now).toBe(45 * 60_000);
    expect(wallClock(next, 'Asia/Dubai')).toMatchObject({ year: 2025, month: 5, day: 21, hour: 0, minute: 15 });
  });

  it('crosses the UTC date line in zones west of UTC (America/New_York, EDT)', () => {
    // 23:00 on 31 May in New York is 03:00 UTC on 1 June.
    expect(iso(nextOccurrence(at('2025-06-01T03:00:00Z'), time('03:30'), 'America/New_York'))).toBe('2025-06-01T07:30:00.000Z');
  });

  it('depends on the zone: the same instant gives different restarts in UTC and in Dubai', () => {
    const now = at('2025-03-10T01:00:00Z');
    expect(iso(nextOccurrence(now, time('03:30'), 'UTC'))).toBe('2025-03-10T03:30:00.000Z');
    expect(iso(nextOccurrence(now, time('03:30'), 'Asia/Dubai'))).toBe('2025-03-10T23:30:00.000Z');
  });

  it('moves a time the clocks skip (spring forward) to the same distance after the gap', () => {
    // Europe/London jumps from 01:00 GMT to 02:00 BST on 30 March 2025: 01:30 does not exist that night.
    const next = nextOccurrence(at('2025-03-29T12:00:00Z'), time('01:30'), 'Europe/London');
    expect(iso(next)).toBe('2025-03-30T01:30:00.000Z');
    expect(wallClock(next, 'Europe/London')).toMatchObject({ day: 30, hour: 2, minute: 30 });
  });

  it('restarts once on a night the clocks go back, at the first of the two 01:30s', () => {
    // Europe/London goes from 02:00 BST back to 01:00 GMT on 26 October 2025: 01:30 happens twice.
    const first = nextOccurrence(at('2025-10-25T12:00:00Z'), time('01:30'), 'Europe/London');
    expect(iso(first)).toBe('2025-10-26T00:30:00.000Z');
    // Computed again right after that restart, the schedule skips the second 01:30 of the night.
    expect(iso(nextOccurrence(first + 1_000, time('01:30'), 'Europe/London'))).toBe('2025-10-27T01:30:00.000Z');
  });
});

describe('nightly schedule check', () => {
  const threeThirty = time('03:30');
  const scheduled = at('2025-03-10T23:30:00Z'); // 03:30 in Dubai
  const grace = 10 * 60_000;

  it('waits before the time', () => {
    expect(checkNightly(scheduled - 1, scheduled, threeThirty, 'Asia/Dubai', grace)).toEqual({ kind: 'wait', next: scheduled });
  });

  it('is due at the time and within the grace period, and schedules the next night', () => {
    const next = at('2025-03-11T23:30:00Z');
    expect(checkNightly(scheduled, scheduled, threeThirty, 'Asia/Dubai', grace)).toEqual({ kind: 'due', next });
    expect(checkNightly(scheduled + grace, scheduled, threeThirty, 'Asia/Dubai', grace)).toEqual({ kind: 'due', next });
  });

  it('skips a restart whose time passed long ago (the clock jumped forward) and moves on', () => {
    const now = at('2025-03-11T10:00:00Z');
    expect(checkNightly(now, scheduled, threeThirty, 'Asia/Dubai', grace)).toEqual({
      kind: 'missed',
      missed: scheduled,
      next: at('2025-03-11T23:30:00Z'),
    });
  });

  it('computes the schedule again when the clock went back by days', () => {
    const now = at('2025-03-01T10:00:00Z');
    expect(checkNightly(now, scheduled, threeThirty, 'Asia/Dubai', grace)).toEqual({ kind: 'wait', next: at('2025-03-01T23:30:00Z') });
  });
});
