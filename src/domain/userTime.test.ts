import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { dayjs } from './dates';
import { deviceTimeZone, formatUserTime, parseUserTime } from './userTime';

const moment = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

describe('the device clock as sent to the venue API', () => {
  it('[S0-7.4] formatUserTime writes the local wall-clock time as YYYY-MM-DD HH:mm:ss (agrees with dayjs)', () => {
    fc.assert(
      fc.property(moment, (date) => {
        expect(formatUserTime(date)).toBe(dayjs(date).format('YYYY-MM-DD HH:mm:ss'));
      }),
    );
  });

  it('parseUserTime reads back what formatUserTime wrote, to the second', () => {
    fc.assert(
      fc.property(moment, moment, (a, b) => {
        const difference = parseUserTime(formatUserTime(a)) - parseUserTime(formatUserTime(b));
        const wallClock = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds());
        expect(difference).toBe(wallClock(a) - wallClock(b));
      }),
    );
  });

  it.each(['2026-02-30 10:00:00', '2026-13-01 10:00:00', '2026-01-01 24:00:00', '2026-01-01T10:00:00', '', 'yesterday'])(
    'parseUserTime refuses %j',
    (text) => expect(parseUserTime(text)).toBeNaN(),
  );

  it('[S0-7.5] deviceTimeZone reads Intl and falls back to Asia/Dubai', () => {
    expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new Error('no Intl');
    });
    expect(deviceTimeZone()).toBe('Asia/Dubai');
    vi.restoreAllMocks();
  });
});
