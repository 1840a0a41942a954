import { describe, expect, it } from 'vitest';
import { bySoonest, isPastLine, isUpcomingTicket, ticketStatus, ticketWhen, venueMoment } from './tickets';

const now = { today: '2026-11-26', time: '15:30:00' };
const line = (date: string | null, startTime: string | null = null, endTime: string | null = null, cancelled = false) => ({ date, startTime, endTime, cancelled });

describe('the status of a ticket', () => {
  it.each([
    ['a booking later today is valid', line('2026-11-26', '16:00:00', '17:00:00'), 'paid', 'valid'],
    ['a booking that ended this afternoon is past', line('2026-11-26', '14:00:00', '15:30:00'), 'paid', 'past'],
    ['a booking of yesterday is past', line('2026-11-25', '18:00:00', '19:00:00'), 'paid', 'past'],
    ['a booking ending at midnight lasts the whole day', line('2026-11-26', '22:00:00', '00:00:00'), 'paid', 'valid'],
    ['what has no date (a membership) is valid', line(null), 'paid', 'valid'],
    ['an order waiting for approval', line('2026-11-30', '10:00:00', '11:00:00'), 'awaiting_approval', 'awaiting_approval'],
    ['a cancelled booking, even a past one', line('2026-11-20', '10:00:00', '11:00:00', true), 'paid', 'cancelled'],
  ] as const)('%s', (_, ticketLine, orderStatus, expected) => {
    expect(ticketStatus(ticketLine, orderStatus, now)).toBe(expected);
  });

  it('counts a day with no times as past only once the day is over', () => {
    expect(isPastLine(line('2026-11-26'), now)).toBe(false);
    expect(isPastLine(line('2026-11-25'), now)).toBe(true);
  });
});

describe('the tickets a device keeps for the gate', () => {
  it.each([
    ['valid', '2026-12-01', true],
    ['awaiting_approval', '2026-12-01', true],
    ['cancelled', '2026-12-01', false],
    ['past', '2026-11-01', false],
    ['valid', null, false],
  ] as const)('%s on %s: %s', (status, date, kept) => {
    expect(isUpcomingTicket({ status, date })).toBe(kept);
  });

  it('come soonest first, undated last', () => {
    const tickets = [
      { date: null, start_time: null },
      { date: '2026-12-02', start_time: '09:00:00' },
      { date: '2026-12-01', start_time: '18:00:00' },
      { date: '2026-12-01', start_time: '08:00:00' },
    ];
    expect([...tickets].sort(bySoonest).map((ticket) => `${ticket.date} ${ticket.start_time}`)).toEqual([
      '2026-12-01 08:00:00',
      '2026-12-01 18:00:00',
      '2026-12-02 09:00:00',
      'null null',
    ]);
  });
});

describe('when a ticket is for', () => {
  it.each([
    ['en', { date: '2026-12-01', start_time: '19:00:00', end_time: '21:30:00' }, { day: 'Tue, 01 Dec 2026', time: '07:00 PM – 09:30 PM' }],
    ['ar', { date: '2026-12-01', start_time: '19:00:00', end_time: null }, { day: 'ثلاثاء, 01 ديسمبر 2026', time: '07:00 م' }],
    ['en', { date: null, start_time: null, end_time: null }, { day: null, time: null }],
  ] as const)('in %s', (lang, ticket, expected) => {
    expect(ticketWhen(ticket, lang)).toEqual(expected);
  });
});

describe('a moment at the venue', () => {
  it.each([
    ['en', 'Fri, 30 May 2025 10:30 AM'],
    ['ar', 'جمعة, 30 مايو 2025 10:30 ص'],
  ] as const)('in %s, in the venue time zone whatever the device', (lang, expected) => {
    expect(venueMoment('2025-05-30T06:30:00.000Z', 'Asia/Dubai', lang)).toBe(expected);
  });
});
