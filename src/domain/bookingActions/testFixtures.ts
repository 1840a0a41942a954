import { type CancelQuote, type CancelResult, type RescheduleQuote, type RescheduleResult, type RescheduleSlots } from '../contract/bookingActions';
import { type BookingListItem } from '../contract/bookings';

/** Answers and a booking as the cancel and reschedule calls and lists give them, for the machine and screen tests. */

export const listItem = (fields: Partial<BookingListItem> = {}): BookingListItem => ({
  id: 7,
  kind: 'facility',
  order_id: 3,
  order_reference: 'ORD-1A2B3',
  name: 'Adult',
  ar_name: 'بالغ',
  place: { name: 'Aqua Park', ar_name: 'الحديقة المائية' },
  date: '2026-12-10',
  start_time: '10:00',
  end_time: '11:00',
  quantity: 1,
  amount: 105,
  currency: 'AED',
  status: 'approved',
  facility: null,
  awaiting_approval: false,
  is_past: false,
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

/** A free cancel of a 105 AED wallet-paid ticket on 10 Dec 2026 10:00 in Dubai (Aqua Park's policy). */
export const freeCancelQuote = (fields: Partial<CancelQuote> = {}): CancelQuote => ({
  booking_id: 7,
  currency: 'AED',
  outcome: 'free',
  paid: 105,
  fee: 0,
  refund: 105,
  to_wallet: 105,
  to_card: 0,
  free_until: '2026-12-09T06:00:00.000Z',
  cancel_until: '2026-12-10T04:00:00.000Z',
  card_refund_business_days: 7,
  ...fields,
});

export const walletCancelResult: CancelResult = { booking_id: 7, currency: 'AED', refund: 105, to_wallet: 105, to_card: 0, wallet_balance: 255 };

export const daySlots = (date: string): RescheduleSlots => ({
  date,
  first_date: '2026-12-01',
  last_date: '2027-01-30',
  slots: [
    { start_time: '12:00:00', end_time: '13:00:00' },
    { start_time: '14:00:00', end_time: '15:00:00' },
  ],
});

/** Moving the ticket to 12:00 the next day at a lower price: 21 back to the wallet. */
export const cheaperRescheduleQuote = (fields: Partial<RescheduleQuote> = {}): RescheduleQuote => ({
  booking_id: 7,
  currency: 'AED',
  current: { date: '2026-12-10', start_time: '10:00:00', end_time: '11:00:00' },
  next: { date: '2026-12-11', start_time: '12:00:00', end_time: '13:00:00' },
  paid: 105,
  new_amount: 84,
  difference: -21,
  refund_to_wallet: 21,
  to_pay: 0,
  ...fields,
});

export const cheaperRescheduleResult: RescheduleResult = {
  booking_id: 7,
  currency: 'AED',
  slot: { date: '2026-12-11', start_time: '12:00:00', end_time: '13:00:00' },
  refund_to_wallet: 21,
  paid_difference: 0,
  wallet_balance: 171,
  payment: null,
};
