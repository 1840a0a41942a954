import { describe, expect, it } from 'vitest';
import { type VenueRow } from '../../http/venue';
import { venueClock } from './facilitiesData';

const venueIn = (timeZone: string | null) => ({ config: { time_zone: timeZone } }) as unknown as VenueRow;

describe('venueClock', () => {
  it.each([
    { zone: 'Asia/Dubai', at: '2026-11-27T19:59:59.999Z', clock: { today: '2026-11-27', time: '23:59:59', minute: 23 * 60 + 59 } },
    { zone: 'Asia/Dubai', at: '2026-11-27T20:00:00.000Z', clock: { today: '2026-11-28', time: '00:00:00', minute: 0 } },
    { zone: 'Asia/Dubai', at: '2026-11-27T20:00:00.999Z', clock: { today: '2026-11-28', time: '00:00:00', minute: 0 } },
    { zone: 'Europe/London', at: '2026-11-27T20:00:00.500Z', clock: { today: '2026-11-27', time: '20:00:00', minute: 20 * 60 } },
    { zone: 'Asia/Dubai', at: '2026-11-27T20:00:01.000Z', clock: { today: '2026-11-28', time: '00:00:01', minute: 0 } },
    { zone: null, at: '2026-11-27T20:00:01.000Z', clock: { today: '2026-11-28', time: '00:00:01', minute: 0 } },
  ])('$zone at $at: $clock.today $clock.time (kept for the second, per zone)', ({ zone, at, clock }) => {
    expect(venueClock(venueIn(zone), new Date(at))).toEqual(clock);
  });
});
