import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingLabel, bookingRangeDays, type BookingFacts } from './bookingLabel';
import { bookingStatuses, type BookingStatus } from './contract/bookings';
import { ORDER_STATUSES } from './contract/orders';

const paid: BookingFacts = {
  orderStatus: 'paid',
  paymentTimeOver: false,
  cancelled: false,
  refundRequested: false,
  facility: null,
  isPast: false,
  sessionSoldOut: false,
};
const approvedFacility = { is_booking_approved: 1, cid_approved: null, is_cid_approved: null, status_id: 1, check_in_time: null, check_out_time: null };

describe('bookingLabel', () => {
  it.each<[string, Partial<BookingFacts>, BookingStatus, boolean]>([
    ['a paid upcoming ticket is approved', {}, 'approved', false],
    ['a paid ticket whose time is over is completed', { isPast: true }, 'completed', false],
    ['a cancelled booking', { cancelled: true }, 'cancelled', false],
    ['a card refund still requested wins over cancelled', { cancelled: true, refundRequested: true }, 'refund_requested', false],
    ['cancelled wins over a lapsed order', { cancelled: true, orderStatus: 'expired' }, 'cancelled', false],
    ['an order whose payment time ran out is expired', { orderStatus: 'expired' }, 'expired', false],
    ['a declined payment is expired', { orderStatus: 'failed' }, 'expired', false],
    ['an unpaid order past its payment time, not yet swept, is expired', { orderStatus: 'pending_payment', paymentTimeOver: true }, 'expired', false],
    ['a lapsed order whose session has sold out since is sold out', { orderStatus: 'expired', sessionSoldOut: true }, 'sold_out', false],
    ['a sold-out session already over is only expired', { orderStatus: 'failed', sessionSoldOut: true, isPast: true }, 'expired', false],
    ['sold out says nothing of a paid ticket', { sessionSoldOut: true }, 'approved', false],
    ['an order waiting for its payment is pending', { orderStatus: 'pending_payment' }, 'pending', false],
    ['an order awaiting approval is pending and awaiting approval', { orderStatus: 'awaiting_approval' }, 'pending', true],
    ['approval that never came before the time is expired', { orderStatus: 'awaiting_approval', isPast: true }, 'expired', false],
  ])('%s', (_, facts, status, awaitingApproval) => {
    expect(bookingLabel({ ...paid, ...facts })).toEqual({ status, awaitingApproval });
  });

  it.each<[string, Partial<BookingFacts['facility']>, boolean, BookingStatus, boolean]>([
    ['[S0-4.29] approved facility booking', {}, false, 'approved', false],
    ['[S0-4.29] an approved booking that is past is completed', {}, true, 'completed', false],
    ['[S0-4.26] rejected by the booking flag', { is_booking_approved: 2 }, false, 'rejected', false],
    ['[S0-4.26] rejected by the CID flag', { cid_approved: 2 }, false, 'rejected', false],
    ['[S0-4.26] rejected by its status', { status_id: 2 }, false, 'rejected', false],
    ['[S0-4.27] checked out is completed', { check_in_time: '2025-06-01T10:00:00Z', check_out_time: '2025-06-01T11:00:00Z' }, false, 'completed', false],
    ['[S0-4.28] consumed (checked in) is completed', { check_in_time: '2025-06-01T10:00:00Z' }, false, 'completed', false],
    ['[S0-4.25] rejected wins over checked out', { status_id: 2, check_out_time: '2025-06-01T11:00:00Z' }, false, 'rejected', false],
    ['[S0-4.30] inactive is pending', { status_id: 13 }, false, 'pending', false],
    ['[S0-4.30] inactive and past is expired', { status_id: 13 }, true, 'expired', false],
    ['[S0-4.32] not approved without a CID decision awaits approval', { is_booking_approved: 0 }, false, 'pending', true],
    ['[S0-4.33] approved with the CID not approved awaits approval', { cid_approved: 0 }, false, 'pending', true],
    ['[S0-4.31] pending that is past is expired, no longer awaiting', { is_booking_approved: 0 }, true, 'expired', false],
  ])('%s', (_, fields, isPast, status, awaitingApproval) => {
    expect(bookingLabel({ ...paid, isPast, facility: { ...approvedFacility, ...fields } })).toEqual({ status, awaitingApproval });
  });

  it('[S0-4.35] always gives one of the labels shown to users, and awaiting approval only on a pending booking', () => {
    const flag = fc.constantFrom(null, 0, 1, 2);
    const facility = fc.option(
      fc.record({
        is_booking_approved: flag,
        cid_approved: flag,
        is_cid_approved: flag,
        status_id: fc.constantFrom(1, 2, 13, 5),
        check_in_time: fc.constantFrom(null, '2025-06-01T10:00:00Z'),
        check_out_time: fc.constantFrom(null, '2025-06-01T11:00:00Z'),
      }),
    );
    const facts = fc.record({
      orderStatus: fc.constantFrom(...ORDER_STATUSES),
      paymentTimeOver: fc.boolean(),
      cancelled: fc.boolean(),
      refundRequested: fc.boolean(),
      facility,
      isPast: fc.boolean(),
      sessionSoldOut: fc.boolean(),
    });
    fc.assert(
      fc.property(facts, (each) => {
        const label = bookingLabel(each);
        expect(bookingStatuses).toContain(label.status);
        if (label.awaitingApproval) expect(label.status).toBe('pending');
        if (each.cancelled && !each.refundRequested) expect(label.status).toBe('cancelled');
      }),
    );
  });
});

describe('bookingRangeDays', () => {
  it.each([
    ['[S0-9.23] last week is 7 days', 'week', '2025-05-26'],
    ['[S0-9.24] last month is 30 days', 'month', '2025-05-03'],
    ['[S0-9.25] last 3 months is 90 days', 'quarter', '2025-03-04'],
  ] as const)('%s, today included', (_, range, from) => {
    expect(bookingRangeDays(range, '2025-06-01')).toEqual({ from, to: '2025-06-01' });
  });

  it('has no bounds for all', () => {
    expect(bookingRangeDays('all', '2025-06-01')).toBeNull();
  });
});
