import { describe, expect, it } from 'vitest';
import { actionRefusal, listItemFacts, type BookingActionFacts } from './eligibility';
import { listItem } from './testFixtures';

const upcoming: BookingActionFacts = { kind: 'facility', cancelled: false, rejected: false, awaitingApproval: false, consumed: false, past: false, expired: false, paid: true };

describe('actionRefusal', () => {
  it.each([
    ['an upcoming paid facility booking', {}, 'cancel', null],
    ['an upcoming paid facility booking', {}, 'reschedule', null],
    ['an event ticket', { kind: 'event' }, 'cancel', null],
    ['an event ticket', { kind: 'event' }, 'reschedule', 'notOffered'],
    ['a trainer session', { kind: 'training' }, 'reschedule', null],
    ['an academy place', { kind: 'academy' }, 'cancel', null],
    ['an academy place', { kind: 'academy' }, 'reschedule', 'notOffered'],
    ['a membership', { kind: 'membership' }, 'cancel', 'notOffered'],
    ['a retail purchase', { kind: 'retail' }, 'cancel', 'notOffered'],
    ['a cancelled booking', { cancelled: true }, 'cancel', 'cancelled'],
    ['a rejected booking', { rejected: true }, 'reschedule', 'rejected'],
    ['a booking awaiting approval', { awaitingApproval: true }, 'cancel', 'awaitingApproval'],
    ['a consumed booking', { consumed: true }, 'cancel', 'consumed'],
    ['a past booking', { past: true }, 'reschedule', 'past'],
    ['an expired order', { expired: true, paid: false }, 'cancel', 'expired'],
    ['an unpaid order', { paid: false }, 'cancel', 'unpaid'],
    ['a cancelled past booking says it is cancelled first', { cancelled: true, past: true }, 'cancel', 'cancelled'],
    ['a consumed past booking says it was used', { consumed: true, past: true }, 'cancel', 'consumed'],
  ] as const)('%s (%o): %s → %s', (_, facts, action, refusal) => {
    expect(actionRefusal({ ...upcoming, ...facts }, action)).toBe(refusal);
  });
});

const item = listItem;

const facility = { is_booking_approved: 1, cid_approved: null, is_cid_approved: null, status_id: 1, check_in_time: null, check_out_time: null, facility_date: '2026-12-10', facility_end_time: '19:00' };

describe('listItemFacts', () => {
  it.each([
    ['approved', {}, null],
    ['cancelled', { status: 'cancelled' }, 'cancelled'],
    ['refund requested', { status: 'refund_requested' }, 'cancelled'],
    ['rejected', { status: 'rejected' }, 'rejected'],
    ['rejected by its facility flags', { facility: { ...facility, is_booking_approved: 2 } }, 'rejected'],
    ['checked in at the gate', { facility: { ...facility, check_in_time: '2026-12-10T14:05:00Z' } }, 'consumed'],
    ['checked out', { facility: { ...facility, check_in_time: '2026-12-10T14:05:00Z', check_out_time: '2026-12-10T15:00:00Z' } }, 'consumed'],
    ['completed', { status: 'completed' }, 'consumed'],
    ['awaiting approval', { status: 'pending', awaiting_approval: true }, 'awaitingApproval'],
    ['past', { is_past: true }, 'past'],
    ['expired', { status: 'expired' }, 'expired'],
    ['pending payment', { status: 'pending' }, 'unpaid'],
  ] as const)('a %s booking: %s', (_, fields, refusal) => {
    expect(actionRefusal(listItemFacts(item(fields)), 'cancel')).toBe(refusal);
  });
});
