import { describe, expect, it } from 'vitest';
import { eventLineFixture } from './cartLineFixtures';
import { facilityLineFixture } from './facilityLineFixture';
import { countdownText, holdReleases, holdSecondsLeft, lapsedLineIndexes } from './holds';

const at = (iso: string) => Date.parse(iso);

describe('holds', () => {
  const held = facilityLineFixture({ hold_expires_at: '2026-11-22T09:15:00.000Z' });

  it('counts down the seconds left on a hold, never below 0; unheld lines have none', () => {
    expect(holdSecondsLeft(held, at('2026-11-22T09:10:00.000Z'))).toBe(300);
    expect(holdSecondsLeft(held, at('2026-11-22T09:14:59.200Z'))).toBe(1);
    expect(holdSecondsLeft(held, at('2026-11-22T09:16:00.000Z'))).toBe(0);
    expect(holdSecondsLeft(facilityLineFixture(), 0)).toBeNull();
    expect(holdSecondsLeft(facilityLineFixture({ hold_expires_at: 'soon' }), 0)).toBeNull();
    expect(holdSecondsLeft(eventLineFixture(), 0)).toBeNull();
  });

  it('shows the countdown as m:ss', () => {
    expect(countdownText(300)).toBe('5:00');
    expect(countdownText(61)).toBe('1:01');
    expect(countdownText(-4)).toBe('0:00');
  });

  it('finds the lines whose hold has lapsed', () => {
    const lines = [eventLineFixture(), held, facilityLineFixture({ hold_expires_at: '2026-11-22T09:30:00.000Z' })];
    expect(lapsedLineIndexes(lines, at('2026-11-22T09:15:00.000Z'))).toEqual([1]);
    expect(lapsedLineIndexes(lines, at('2026-11-22T09:00:00.000Z'))).toEqual([]);
  });

  it('[S1-7.22] names each facility line for DELETE cart/sync', () => {
    expect(holdReleases([eventLineFixture(), held])).toEqual([{ product_id: 1, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 }]);
  });
});
