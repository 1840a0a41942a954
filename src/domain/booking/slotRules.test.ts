import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTENDED_SLOT_GRACE_MINUTES, SLOT_GRACE_MINUTES, hideEventBlockedStarts, slotGraceMinutes, visibleSlotStarts, type SlotVisibility } from './slotRules';

const hourly = ['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00', '13:00:00'];
const today = '2024-05-10';
const view = (overrides: Partial<SlotVisibility>): SlotVisibility => ({
  starts: hourly,
  date: today,
  today,
  nowTime: '10:10:00',
  graceMinutes: SLOT_GRACE_MINUTES,
  onlineBookingDelay: 0,
  ...overrides,
});
const pad = (n: number) => String(n).padStart(2, '0');
const timeOf = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:00`;

describe('slot visibility for today', () => {
  it('[S1-9.4] a slot that started at most 15 minutes ago stays offered as the nearest passed slot', () => {
    expect(visibleSlotStarts(view({ nowTime: '10:10:00' }))).toEqual(['10:00:00', '11:00:00', '12:00:00', '13:00:00']);
    expect(visibleSlotStarts(view({ nowTime: '10:15:00' }))).toEqual(['10:00:00', '11:00:00', '12:00:00', '13:00:00']);
  });

  it('[S1-9.4] more than 15 minutes after it started the slot is hidden', () => {
    expect(visibleSlotStarts(view({ nowTime: '10:15:01' }))).toEqual(['11:00:00', '12:00:00', '13:00:00']);
  });

  it('[S1-9.4] only the nearest passed slot is kept, never an earlier one', () => {
    const starts = ['10:00:00', '10:05:00', '10:30:00'];
    expect(visibleSlotStarts(view({ starts, nowTime: '10:12:00' }))).toEqual(['10:05:00', '10:30:00']);
  });

  it('[S1-9.5] with a 30-minute grace the slot stays offered up to 30 minutes after it started', () => {
    expect(visibleSlotStarts(view({ nowTime: '10:30:00', graceMinutes: 30 }))).toEqual(['10:00:00', '11:00:00', '12:00:00', '13:00:00']);
    expect(visibleSlotStarts(view({ nowTime: '10:31:00', graceMinutes: 30 }))).toEqual(['11:00:00', '12:00:00', '13:00:00']);
  });

  it('[S1-9.3] starts earlier than now plus the online booking delay are hidden, except the nearest passed slot', () => {
    expect(visibleSlotStarts(view({ nowTime: '10:10:00', onlineBookingDelay: 120 }))).toEqual(['10:00:00', '13:00:00']);
    expect(visibleSlotStarts(view({ nowTime: '10:20:00', onlineBookingDelay: 60 }))).toEqual(['12:00:00', '13:00:00']);
  });

  it('[S1-9.3] a start exactly at now plus the delay is offered', () => {
    expect(visibleSlotStarts(view({ nowTime: '10:00:00', onlineBookingDelay: 60 }))).toEqual(['11:00:00', '12:00:00', '13:00:00']);
    expect(visibleSlotStarts(view({ nowTime: '10:00:00' }))).toEqual(['10:00:00', '11:00:00', '12:00:00', '13:00:00']);
  });

  it('future dates keep every start and past dates none', () => {
    expect(visibleSlotStarts(view({ date: '2024-05-11', nowTime: '23:00:00', onlineBookingDelay: 600 }))).toEqual(hourly);
    expect(visibleSlotStarts(view({ date: '2024-05-09' }))).toEqual([]);
  });

  it('[S1-9.4] [S1-9.3] what stays offered is either at or after now plus the delay, or the one nearest passed start within the grace', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { maxLength: 30 }).map((minutes) => minutes.sort((a, b) => a - b)),
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom(15, 30),
        fc.integer({ min: 0, max: 240 }),
        (minutes, now, graceMinutes, onlineBookingDelay) => {
          const visible = visibleSlotStarts(view({ starts: minutes.map(timeOf), nowTime: timeOf(now), graceMinutes, onlineBookingDelay }));
          const early = visible.filter((start) => !minutes.some((minute) => timeOf(minute) === start && minute >= now + onlineBookingDelay));
          expect(early.length).toBeLessThanOrEqual(1);
          const nearestPassed = Math.max(-Infinity, ...minutes.filter((minute) => minute < now));
          for (const start of early) {
            expect(start).toBe(timeOf(nearestPassed));
            expect(now - nearestPassed).toBeLessThanOrEqual(graceMinutes);
          }
          expect(visible).toEqual(minutes.map(timeOf).filter((start) => visible.includes(start)));
        },
      ),
    );
  });
});

describe('slot grace window by host', () => {
  it('[S1-9.4] 15 minutes by default', () => {
    expect(SLOT_GRACE_MINUTES).toBe(15);
    expect(slotGraceMinutes('kiosk.example.com', [])).toBe(15);
    expect(slotGraceMinutes('kiosk.example.com', ['venue.example.org'])).toBe(15);
  });

  it('[S1-9.5] 30 minutes on a configured host, with or without www. and port', () => {
    expect(EXTENDED_SLOT_GRACE_MINUTES).toBe(30);
    expect(slotGraceMinutes('venue.example.org', ['venue.example.org'])).toBe(30);
    expect(slotGraceMinutes('https://www.Venue.example.org:443/booking', ['venue.example.org'])).toBe(30);
  });
});

describe('event schedule blocks', () => {
  it('[S1-9.6] event blocks hide every start from the block start through one hour before the block end, inclusive', () => {
    const starts = ['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00', '13:00:00', '14:00:00'];
    expect(hideEventBlockedStarts(starts, [{ start_time: '09:00:00', end_time: '13:00:00' }])).toEqual(['08:00:00', '13:00:00', '14:00:00']);
  });

  it('[S1-9.6] with half-hour starts the last hidden start is exactly one hour before the block end', () => {
    const starts = ['09:30:00', '10:00:00', '10:30:00', '11:00:00', '11:30:00', '12:00:00'];
    expect(hideEventBlockedStarts(starts, [{ start_time: '10:00:00', end_time: '12:00:00' }])).toEqual(['09:30:00', '11:30:00', '12:00:00']);
  });

  it('[S1-9.6] a block of an hour hides only its start; a block shorter than an hour hides nothing', () => {
    expect(hideEventBlockedStarts(['10:00:00', '10:30:00', '11:00:00'], [{ start_time: '10:00:00', end_time: '11:00:00' }])).toEqual(['10:30:00', '11:00:00']);
    expect(hideEventBlockedStarts(['10:00:00', '11:00:00'], [{ start_time: '10:00:00', end_time: '10:30:00' }])).toEqual(['10:00:00', '11:00:00']);
  });

  it('[S1-9.6] several blocks each hide their own starts; a block running past midnight hides up to one hour before its end', () => {
    const starts = ['08:00:00', '09:00:00', '12:00:00', '21:00:00', '22:00:00', '23:00:00'];
    const blocks = [
      { start_time: '08:00:00', end_time: '10:00:00' },
      { start_time: '22:00:00', end_time: '00:00:00' },
    ];
    expect(hideEventBlockedStarts(starts, blocks)).toEqual(['12:00:00', '21:00:00']);
  });

  it('[S1-9.6] a start is hidden exactly when it lies in [block start, block end − 60 minutes]', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { maxLength: 20 }), fc.integer({ min: 0, max: 1200 }), fc.integer({ min: 1, max: 239 }), (minutes, from, length) => {
        const to = from + length;
        const kept = hideEventBlockedStarts(minutes.map(timeOf), [{ start_time: timeOf(from), end_time: timeOf(to) }]);
        expect(kept).toEqual(minutes.filter((minute) => minute < from || minute > to - 60).map(timeOf));
      }),
    );
  });
});
