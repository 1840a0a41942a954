import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_SLOTS_RANGE, TIME_RANGES, isInTimeRange, offeredTimeRanges } from './timeRanges';

const threeHourRanges = TIME_RANGES.filter((range) => range !== ALL_SLOTS_RANGE);
const pad = (n: number) => String(n).padStart(2, '0');

describe('time-range filter', () => {
  it('[S1-9.10] All slots runs from 00:00:00 to 23:59:59 and comes first', () => {
    expect(TIME_RANGES[0]).toEqual({ id: 'all', labelKey: 'timeRanges.all', start: '00:00:00', end: '23:59:59' });
  });

  it('[S1-9.11] eight 3-hour ranges from 12 AM to 12 AM', () => {
    expect(threeHourRanges.map(({ id, start, end }) => [id, start, end])).toEqual([
      ['00-03', '00:00:00', '02:59:59'],
      ['03-06', '03:00:00', '05:59:59'],
      ['06-09', '06:00:00', '08:59:59'],
      ['09-12', '09:00:00', '11:59:59'],
      ['12-15', '12:00:00', '14:59:59'],
      ['15-18', '15:00:00', '17:59:59'],
      ['18-21', '18:00:00', '20:59:59'],
      ['21-24', '21:00:00', '23:59:59'],
    ]);
    expect(threeHourRanges.map((range) => range.labelKey)).toEqual(threeHourRanges.map((range) => `timeRanges.${range.id}`));
  });

  it.each<[string, string, boolean]>([
    ['09:00:00', '09-12', true],
    ['11:59:59', '09-12', true],
    ['12:00:00', '09-12', false],
    ['08:59:59', '09-12', false],
    ['00:00:00', '00-03', true],
    ['23:30:00', '21-24', true],
    ['09:00', '09-12', true],
    ['not a time', '09-12', false],
  ])('[S1-9.11] %s in %s: %s', (time, id, inside) => {
    const range = TIME_RANGES.find((candidate) => candidate.id === id);
    expect(range && isInTimeRange(time, range)).toBe(inside);
  });

  it.each<[string, string[], string[]]>([
    ['no slots: only All slots', [], ['all']],
    ['morning and evening slots', ['07:00:00', '08:00:00', '19:30:00'], ['all', '06-09', '18-21']],
    ['a slot on a boundary belongs to the later range', ['15:00:00'], ['all', '15-18']],
    ['order of the slots does not matter', ['22:00:00', '01:00:00'], ['all', '00-03', '21-24']],
  ])('[S1-9.12] only ranges containing an available slot are offered: %s', (_label, starts, ids) => {
    expect(offeredTimeRanges(starts).map((range) => range.id)).toEqual(ids);
  });

  it('[S1-9.10] [S1-9.11] [S1-9.12] every time of day lies in All slots and in exactly one 3-hour range, which is then offered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86399 }), (second) => {
        const time = `${pad(Math.floor(second / 3600))}:${pad(Math.floor((second % 3600) / 60))}:${pad(second % 60)}`;
        expect(isInTimeRange(time, ALL_SLOTS_RANGE)).toBe(true);
        const containing = threeHourRanges.filter((range) => isInTimeRange(time, range));
        expect(containing).toHaveLength(1);
        expect(offeredTimeRanges([time])).toEqual([ALL_SLOTS_RANGE, containing[0]]);
      }),
    );
  });
});
