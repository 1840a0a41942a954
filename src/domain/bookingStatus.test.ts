import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  STATUS_LABELS,
  facilityBookingDisplayStatus,
  isAwaitingApproval,
  isBookingPast,
  type FacilityBookingDisplayStatus,
  type FacilityBookingStatusFields as B,
} from './bookingStatus';

describe('facilityBookingDisplayStatus', () => {
  it.each<[string, B, FacilityBookingDisplayStatus]>([
    ['[S0-4.26] booking approval 2', { is_booking_approved: 2, status_id: 1 }, 'rejected'],
    ['[S0-4.26] cid_approved 2', { is_booking_approved: 1, cid_approved: 2, status_id: 1 }, 'rejected'],
    ['[S0-4.26] is_cid_approved 2', { is_booking_approved: 1, is_cid_approved: 2, status_id: 1 }, 'rejected'],
    ['[S0-4.26] status 2', { is_booking_approved: 1, status_id: 2 }, 'rejected'],
    ['[S0-4.25] rejected wins over checked out', { status_id: 2, check_out_time: '10:00', check_in_time: '09:00' }, 'rejected'],
    ['[S0-4.27] checked out', { is_booking_approved: 1, status_id: 1, check_in_time: '09:00', check_out_time: '10:00' }, 'checkedOut'],
    ['[S0-4.25] checked out wins over consumed', { check_in_time: '09:00', check_out_time: '10:00' }, 'checkedOut'],
    ['[S0-4.28] consumed', { is_booking_approved: 1, status_id: 1, check_in_time: '09:00' }, 'consumed'],
    ['[S0-4.28] consumed without approval', { is_booking_approved: 0, status_id: 13, check_in_time: '09:00' }, 'consumed'],
    ['[S0-4.29] approved, CID absent', { is_booking_approved: 1, status_id: 1 }, 'approved'],
    ['[S0-4.29] approved, CID 1', { is_booking_approved: 1, cid_approved: 1, is_cid_approved: 1, status_id: 1 }, 'approved'],
    ['[S0-4.29] approved, CID null', { is_booking_approved: 1, cid_approved: null, status_id: 1 }, 'approved'],
    ['[S0-4.29] text flags', { is_booking_approved: '1', status_id: '1' }, 'approved'],
    ['[S0-4.29] CID pending is not approved', { is_booking_approved: 1, cid_approved: 0, status_id: 1 }, 'pending'],
    ['[S0-4.29] one CID flag pending is not approved', { is_booking_approved: 1, cid_approved: 1, is_cid_approved: 0, status_id: 1 }, 'pending'],
    ['[S0-4.29] status other than 1 is not approved', { is_booking_approved: 1, status_id: 5 }, 'pending'],
    ['[S0-4.30] inactive', { is_booking_approved: 0, status_id: 13 }, 'inactive'],
    ['[S0-4.25] approved wins over inactive only with status 1', { is_booking_approved: 1, status_id: 13 }, 'inactive'],
    ['[S0-4.31] pending', { is_booking_approved: 0, status_id: 1 }, 'pending'],
    ['[S0-4.31] nothing known', {}, 'pending'],
    ['blank check-in is not a check-in', { is_booking_approved: 1, status_id: 1, check_in_time: ' ' }, 'approved'],
  ])('%s', (_title, booking, status) => {
    expect(facilityBookingDisplayStatus(booking)).toBe(status);
  });

  it('[S0-4.25] [S0-4.26] any rejection flag decides, whatever else is set', () => {
    const flag = fc.option(fc.constantFrom(0, 1, 2), { nil: undefined });
    const time = fc.option(fc.constant('09:00:00'), { nil: null });
    fc.assert(
      fc.property(flag, flag, flag, fc.constantFrom(1, 2, 13, 5), time, time, (a, c, ic, statusId, inTime, outTime) => {
        const booking: B = { is_booking_approved: a, cid_approved: c, is_cid_approved: ic, status_id: statusId, check_in_time: inTime, check_out_time: outTime };
        const rejected = a === 2 || c === 2 || ic === 2 || statusId === 2;
        expect(facilityBookingDisplayStatus(booking) === 'rejected').toBe(rejected);
        if (!rejected && outTime) expect(facilityBookingDisplayStatus(booking)).toBe('checkedOut');
      }),
    );
  });
});

describe('isAwaitingApproval', () => {
  it.each<[string, B, boolean]>([
    ['[S0-4.32] not approved, no CID decision', { is_booking_approved: 0 }, true],
    ['[S0-4.32] not approved, CID null', { is_booking_approved: 0, cid_approved: null, is_cid_approved: null }, true],
    ['not approved, CID already decided', { is_booking_approved: 0, cid_approved: 1 }, false],
    ['not approved, CID pending too', { is_booking_approved: 0, cid_approved: 0 }, false],
    ['[S0-4.33] approved, CID not approved', { is_booking_approved: 1, cid_approved: 0 }, true],
    ['[S0-4.33] approved, is_cid_approved 0', { is_booking_approved: 1, is_cid_approved: 0 }, true],
    ['approved, CID approved', { is_booking_approved: 1, cid_approved: 1 }, false],
    ['approved, no CID', { is_booking_approved: 1 }, false],
    ['rejected', { is_booking_approved: 2 }, false],
    ['no approval flag', {}, false],
  ])('%s', (_title, booking, awaiting) => {
    expect(isAwaitingApproval(booking)).toBe(awaiting);
  });
});

describe('[S0-4.34] isBookingPast', () => {
  // 2024-03-05 18:00 in Dubai (UTC+4) is 14:00 UTC.
  const at = (iso: string) => new Date(iso);
  it.each<[string, B, string, boolean]>([
    ['before the end', { facility_date: '2024-03-05', facility_end_time: '18:00:00' }, '2024-03-05T13:59:59Z', false],
    ['at the end', { facility_date: '2024-03-05', facility_end_time: '18:00:00' }, '2024-03-05T14:00:00Z', false],
    ['after the end', { facility_date: '2024-03-05', facility_end_time: '18:00:00' }, '2024-03-05T14:00:01Z', true],
    ['end without seconds', { facility_date: '2024-03-05', facility_end_time: '18:00' }, '2024-03-05T14:00:01Z', true],
    ['single-digit hour', { facility_date: '2024-03-05', facility_end_time: '9:30' }, '2024-03-05T05:30:01Z', true],
    ['a date with time', { facility_date: '2024-03-05 00:00:00', facility_end_time: '18:00:00' }, '2024-03-05T14:00:01Z', true],
    ['an earlier day', { facility_date: '2024-03-04', facility_end_time: '23:00:00' }, '2024-03-05T00:00:00Z', true],
    ['a later day', { facility_date: '2024-03-06', facility_end_time: '08:00:00' }, '2024-03-05T23:00:00Z', false],
    ['midnight end closes the day', { facility_date: '2024-03-05', facility_end_time: '00:00:00' }, '2024-03-05T19:00:00Z', false],
    ['midnight end, next day', { facility_date: '2024-03-05', facility_end_time: '00:00' }, '2024-03-05T20:00:01Z', true],
    ['no end time means end of day', { facility_date: '2024-03-05' }, '2024-03-05T19:59:59Z', false],
    ['no end time, next day', { facility_date: '2024-03-05', facility_end_time: null }, '2024-03-05T20:00:01Z', true],
    ['no date', { facility_end_time: '18:00:00' }, '2030-01-01T00:00:00Z', false],
    ['unreadable date', { facility_date: 'soon', facility_end_time: '18:00:00' }, '2030-01-01T00:00:00Z', false],
    ['impossible date', { facility_date: '2024-02-31', facility_end_time: '18:00:00' }, '2030-01-01T00:00:00Z', false],
    ['unreadable time', { facility_date: '2024-03-05', facility_end_time: 'late' }, '2030-01-01T00:00:00Z', false],
  ])('%s', (_title, booking, now, past) => {
    expect(isBookingPast(booking, at(now), 'Asia/Dubai')).toBe(past);
  });

  it('reads the end in the given time zone', () => {
    const booking = { facility_date: '2024-03-05', facility_end_time: '18:00:00' };
    expect(isBookingPast(booking, at('2024-03-05T17:00:00Z'), 'Europe/London')).toBe(false);
    expect(isBookingPast(booking, at('2024-03-05T18:00:01Z'), 'Europe/London')).toBe(true);
    expect(isBookingPast(booking, at('2024-03-05T14:00:01Z'))).toBe(true);
  });

  it('once past, stays past', () => {
    const booking = { facility_date: '2024-03-05', facility_end_time: '18:00:00' };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 1e10 }), (a, b) => {
        const [earlier, later] = a < b ? [a, b] : [b, a];
        const base = Date.UTC(2024, 2, 1);
        if (isBookingPast(booking, new Date(base + earlier))) expect(isBookingPast(booking, new Date(base + later))).toBe(true);
      }),
    );
  });
});

describe('[S0-4.35] STATUS_LABELS', () => {
  it('has a label key for every status shown to users', () => {
    expect(Object.keys(STATUS_LABELS)).toEqual([
      'completed',
      'pending',
      'approved',
      'expired',
      'rejected',
      'cancelled',
      'refundRequested',
      'soldOut',
    ]);
    for (const [code, key] of Object.entries(STATUS_LABELS)) expect(key).toBe(`status.${code}`);
  });
});
