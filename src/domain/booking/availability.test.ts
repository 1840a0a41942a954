import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OccupiedWindow, type TimeWindow } from '../contract/facilities';
import { availableSpanMinutes, capacityLeft, facilityFreeStarts, slotOptions, timeOfMinutes, type AvailabilityFacility } from './availability';
import { minutesOfTime } from './dayTime';
import { hideEventBlockedStarts } from './slotRules';

const window = (start_time: string, end_time: string): TimeWindow => ({ start_time, end_time });
const taken = (start_time: string, end_time: string, quantity = 1): OccupiedWindow => ({ start_time, end_time, quantity });

const facility = (overrides: Partial<AvailabilityFacility> = {}): AvailabilityFacility => ({
  id: 1,
  per_capacity: 0,
  capacity: 1,
  is_enable_per_day_capacity: 0,
  parent_facilities: [],
  child_facilities: [],
  schedule_control: [window('08:00:00', '12:00:00')],
  bookings: [],
  maintenances: [],
  event_schedules: [],
  workshop_program_schedules: [],
  cart_items: [],
  day_booked_quantity: 0,
  ...overrides,
});

const hourly = { durationMinutes: 60, incrementMinutes: 60 };
const minutes = (time: string) => minutesOfTime(time) ?? NaN;

describe('free starts of a pitch', () => {
  it('[S1-3.13] steps by the increment from the opening window start and keeps the slot inside the window', () => {
    expect(facilityFreeStarts(facility(), [], hourly)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00']);
    expect(facilityFreeStarts(facility(), [], { durationMinutes: 90, incrementMinutes: 30 })).toEqual([
      '08:00:00',
      '08:30:00',
      '09:00:00',
      '09:30:00',
      '10:00:00',
      '10:30:00',
    ]);
  });

  it('a closed day (no opening window) has no starts, nor does a broken duration or increment', () => {
    expect(facilityFreeStarts(facility({ schedule_control: [] }), [], hourly)).toEqual([]);
    expect(facilityFreeStarts(facility(), [], { durationMinutes: 0, incrementMinutes: 60 })).toEqual([]);
    expect(facilityFreeStarts(facility(), [], { durationMinutes: 60, incrementMinutes: 0 })).toEqual([]);
  });

  it('touching opening windows open one span; a window ending at midnight closes the day', () => {
    const split = facility({ schedule_control: [window('08:00:00', '09:30:00'), window('09:30:00', '11:00:00')] });
    expect(facilityFreeStarts(split, [], hourly)).toEqual(['08:00:00', '09:00:00', '10:00:00']);
    const late = facility({ schedule_control: [window('22:00:00', '00:00:00')] });
    expect(facilityFreeStarts(late, [], hourly)).toEqual(['22:00:00', '23:00:00']);
    expect(slotOptions([late], hourly).at(-1)).toEqual({ start_time: '23:00:00', end_time: '24:00:00', facility_ids: [1] });
  });

  it('a booking or another session hold removes every slot it overlaps; touching slots stay', () => {
    const pitch = facility({ bookings: [taken('09:00:00', '10:00:00')], cart_items: [taken('10:30:00', '11:00:00')] });
    expect(facilityFreeStarts(pitch, [pitch], { durationMinutes: 60, incrementMinutes: 30 })).toEqual(['08:00:00', '11:00:00']);
  });

  it('[S1-3.13] maintenances and workshop programmes close the facility', () => {
    expect(facilityFreeStarts(facility({ maintenances: [window('08:00:00', '10:00:00')] }), [], hourly)).toEqual(['10:00:00', '11:00:00']);
    expect(facilityFreeStarts(facility({ workshop_program_schedules: [window('10:30:00', '11:00:00')] }), [], hourly)).toEqual([
      '08:00:00',
      '09:00:00',
      '11:00:00',
    ]);
  });

  it('[S1-9.6] an event block hides starts up to the last hour before its end, and slots running into it', () => {
    const pitch = facility({ event_schedules: [window('09:00:00', '11:00:00')], schedule_control: [window('07:00:00', '12:00:00')] });
    // 09:00 and 10:00 are hidden (10:00 is exactly one hour before the end); 11:00 is offered; 08:00–09:00 only touches.
    expect(facilityFreeStarts(pitch, [], hourly)).toEqual(['07:00:00', '08:00:00', '11:00:00']);
    expect(facilityFreeStarts(pitch, [], { durationMinutes: 120, incrementMinutes: 60 })).toEqual(['07:00:00']);
  });

  it('[S1-9.6] the free starts agree with hideEventBlockedStarts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 22 * 60 }), fc.integer({ min: 15, max: 240 }), (start, length) => {
        const events = [window(timeOfMinutes(start), timeOfMinutes(Math.min(start + length, 24 * 60)))];
        const pitch = facility({ schedule_control: [window('00:00:00', '24:00:00')], event_schedules: events });
        const starts = facilityFreeStarts(pitch, [], { durationMinutes: 30, incrementMinutes: 15 });
        expect(hideEventBlockedStarts(starts, events)).toEqual(starts);
      }),
    );
  });

  it('a parent booking blocks the child and a child booking blocks the parent', () => {
    const parent = facility({ id: 10, child_facilities: [11, 12] });
    const left = facility({ id: 11, parent_facilities: [10] });
    const right = facility({ id: 12, parent_facilities: [10], bookings: [taken('09:00:00', '10:00:00')] });
    const all = [parent, left, right];
    expect(facilityFreeStarts(parent, all, hourly)).toEqual(['08:00:00', '10:00:00', '11:00:00']);
    expect(facilityFreeStarts(left, all, hourly)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00']);
    const bookedParent = { ...parent, cart_items: [taken('11:00:00', '12:00:00')], maintenances: [window('08:00:00', '09:00:00')] };
    expect(facilityFreeStarts(left, [bookedParent, left, right], hourly)).toEqual(['09:00:00', '10:00:00']);
  });
});

describe('per-capacity facilities', () => {
  const pool = (overrides: Partial<AvailabilityFacility> = {}) => facility({ per_capacity: 1, capacity: 10, ...overrides });

  it('[S1-3.14] participants of overlapping bookings and holds must stay below the capacity', () => {
    const full = pool({ bookings: [taken('08:00:00', '10:00:00', 6)], cart_items: [taken('09:00:00', '10:00:00', 4)] });
    expect(facilityFreeStarts(full, [full], hourly)).toEqual(['08:00:00', '10:00:00', '11:00:00']);
    expect(capacityLeft(full, [full], window('08:00:00', '09:00:00'))).toBe(4);
    expect(capacityLeft(full, [full], window('09:00:00', '10:00:00'))).toBe(0);
  });

  it('counts the most participants at one moment, not every booking of a long slot', () => {
    const twoWaves = pool({ bookings: [taken('08:00:00', '09:00:00', 7), taken('09:00:00', '10:00:00', 7)] });
    expect(capacityLeft(twoWaves, [], window('08:00:00', '10:00:00'))).toBe(3);
  });

  it('blocks still close a per-capacity facility; parents do not count against it', () => {
    expect(capacityLeft(pool({ maintenances: [window('08:30:00', '09:00:00')] }), [], window('08:00:00', '09:00:00'))).toBe(0);
    const parent = facility({ id: 2, child_facilities: [1], bookings: [taken('08:00:00', '12:00:00')] });
    expect(capacityLeft(pool({ parent_facilities: [2] }), [parent], window('08:00:00', '09:00:00'))).toBe(10);
  });

  it('with per-day capacity the day total of bookings and holds must stay below the capacity', () => {
    const perDay = pool({ is_enable_per_day_capacity: 1, capacity: 50, day_booked_quantity: 45, cart_items: [taken('11:00:00', '12:00:00', 3)] });
    expect(capacityLeft(perDay, [], window('08:00:00', '09:00:00'))).toBe(2);
    expect(facilityFreeStarts({ ...perDay, day_booked_quantity: 47 }, [], hourly)).toEqual([]);
  });

  it('capacity left is never negative and never above the capacity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 30 })), { maxLength: 12 }),
        fc.integer({ min: 0, max: 23 }),
        (capacity, bookings, startHour) => {
          const f = pool({
            capacity,
            schedule_control: [window('00:00:00', '24:00:00')],
            bookings: bookings.map(([hour, hours, quantity]) => taken(timeOfMinutes(hour * 60), timeOfMinutes(Math.min(24, hour + hours) * 60), quantity)),
          });
          const left = capacityLeft(f, [f], window(timeOfMinutes(startHour * 60), timeOfMinutes((startHour + 1) * 60)));
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(capacity);
        },
      ),
    );
  });
});

describe('properties of a pitch schedule', () => {
  const occupied = fc.array(
    fc.tuple(fc.integer({ min: 0, max: 46 }), fc.integer({ min: 1, max: 6 })).map(([half, halves]) =>
      taken(timeOfMinutes(half * 30), timeOfMinutes(Math.min(48, half + halves) * 30)),
    ),
    { maxLength: 8 },
  );
  const shape = fc.record({ durationMinutes: fc.constantFrom(30, 60, 90, 120), incrementMinutes: fc.constantFrom(15, 30, 60) });
  const overlapsAny = (start: number, end: number, windows: readonly TimeWindow[]) =>
    windows.some((w) => minutes(w.start_time) < end && start < minutes(w.end_time));

  it('a returned start never overlaps a booking or hold, and fits an opening window', () => {
    fc.assert(
      fc.property(occupied, occupied, shape, (bookings, holds, slot) => {
        const pitch = facility({ schedule_control: [window('06:00:00', '23:00:00')], bookings, cart_items: holds });
        for (const start of facilityFreeStarts(pitch, [pitch], slot)) {
          const from = minutes(start);
          const to = from + slot.durationMinutes;
          expect(overlapsAny(from, to, [...bookings, ...holds])).toBe(false);
          expect(from >= 6 * 60 && to <= 23 * 60).toBe(true);
        }
      }),
    );
  });

  it('a booking on the parent blocks the child wherever it overlaps, and the other way round', () => {
    fc.assert(
      fc.property(occupied, occupied, shape, (parentBookings, childBookings, slot) => {
        const parent = facility({ id: 1, child_facilities: [2], bookings: parentBookings, schedule_control: [window('00:00:00', '24:00:00')] });
        const child = facility({ id: 2, parent_facilities: [1], bookings: childBookings, schedule_control: [window('00:00:00', '24:00:00')] });
        const all = [parent, child];
        for (const [subject, others] of [
          [parent, childBookings],
          [child, parentBookings],
        ] as const) {
          for (const start of facilityFreeStarts(subject, all, slot)) {
            expect(overlapsAny(minutes(start), minutes(start) + slot.durationMinutes, others)).toBe(false);
          }
        }
      }),
    );
  });

  it('the slot options list each start once, in order, with exactly the facilities free for it', () => {
    fc.assert(
      fc.property(occupied, occupied, shape, (a, b, slot) => {
        const all = [facility({ id: 1, bookings: a }), facility({ id: 2, bookings: b })];
        const options = slotOptions(all, slot);
        const starts = options.map((option) => minutes(option.start_time));
        expect(starts).toEqual([...starts].sort((x, y) => x - y));
        for (const option of options) {
          expect(minutes(option.end_time) - minutes(option.start_time)).toBe(slot.durationMinutes);
          for (const f of all) expect(option.facility_ids.includes(f.id)).toBe(facilityFreeStarts(f, all, slot).includes(option.start_time));
        }
      }),
    );
  });
});

describe('slot options and spans', () => {
  it('[S1-2.27] merges facilities by start and can be limited to some facilities', () => {
    const a = facility({ id: 1, bookings: [taken('08:00:00', '09:00:00')] });
    const b = facility({ id: 2, schedule_control: [window('09:00:00', '11:00:00')] });
    expect(slotOptions([a, b], hourly)).toEqual([
      { start_time: '09:00:00', end_time: '10:00:00', facility_ids: [1, 2] },
      { start_time: '10:00:00', end_time: '11:00:00', facility_ids: [1, 2] },
      { start_time: '11:00:00', end_time: '12:00:00', facility_ids: [1] },
    ]);
    expect(slotOptions([a, b], { ...hourly, facilityIds: [2] }).map((option) => option.start_time)).toEqual(['09:00:00', '10:00:00']);
  });

  it('[S1-9.7] the available span is the longest opening window, null when everything is closed', () => {
    expect(availableSpanMinutes([facility(), facility({ schedule_control: [window('06:00:00', '23:00:00')] })])).toBe(17 * 60);
    expect(availableSpanMinutes([facility({ schedule_control: [] })])).toBeNull();
    expect(availableSpanMinutes([])).toBeNull();
  });

  it('capacity left of a window outside the opening, or reversed, is 0', () => {
    expect(capacityLeft(facility(), [], window('07:30:00', '08:30:00'))).toBe(0);
    expect(capacityLeft(facility(), [], window('10:00:00', '09:00:00'))).toBe(0);
    expect(capacityLeft(facility(), [], window('10:00:00', '11:00:00'))).toBe(1);
  });
});
