import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayjs } from './dates';
import { venueNow } from './venueTime';

describe('venueNow', () => {
  it.each<[string, string | null | undefined, string, string, string]>([
    ['Dubai is four hours ahead of UTC', 'Asia/Dubai', '2026-11-25T20:30:15Z', '2026-11-26', '00:30:15'],
    ['before midnight in Dubai it is still the same day', 'Asia/Dubai', '2026-11-25T19:59:59Z', '2026-11-25', '23:59:59'],
    ['a zone behind UTC is still on the day before', 'America/New_York', '2026-11-26T03:00:00Z', '2026-11-25', '22:00:00'],
    ['midnight reads as 00, not 24', 'UTC', '2026-11-26T00:00:00Z', '2026-11-26', '00:00:00'],
    ['no zone: the default zone', null, '2026-11-25T20:30:15Z', '2026-11-26', '00:30:15'],
    ['an empty zone: the default zone', '', '2026-11-25T20:30:15Z', '2026-11-26', '00:30:15'],
    ['an unknown zone: the default zone', 'Mars/Olympus', '2026-11-25T20:30:15Z', '2026-11-26', '00:30:15'],
  ])('%s', (_title, zone, instant, today, time) => {
    const now = new Date(instant);
    expect(venueNow(zone, now)).toEqual({ today, time, minute: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), epochMs: now.getTime() });
  });

  it('agrees with dayjs in every zone at every moment', () => {
    const zones = ['Asia/Dubai', 'Europe/London', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 4_102_444_800_000 }), (zone, ms) => {
        const now = new Date(ms);
        const wall = dayjs(now).tz(zone);
        const clock = venueNow(zone, now);
        expect(clock.today).toBe(wall.format('YYYY-MM-DD'));
        expect(clock.time).toBe(wall.format('HH:mm:ss'));
        expect(clock.minute).toBe(wall.hour() * 60 + wall.minute());
      }),
    );
  });
});
