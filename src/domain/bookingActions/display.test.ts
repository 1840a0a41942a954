import { describe, expect, it } from 'vitest';
import { slotText, venueMomentText } from './display';

describe('booking action texts', () => {
  it('shows an instant on the venue clock in the spec formats', () => {
    expect(venueMomentText('2026-12-10T12:00:00.000Z', 'Asia/Dubai', 'en')).toBe('Thu, 10 Dec 2026 04:00 PM');
  });

  it('shows a slot with its times (isolated left to right for Arabic text), or its date alone', () => {
    expect(slotText({ date: '2026-12-10', start_time: '18:00:00', end_time: '19:30:00' }, 'en')).toBe('Thu, 10 Dec 2026 \u206606:00 PM – 07:30 PM\u2069');
    expect(slotText({ date: '2026-12-10', start_time: null, end_time: null }, 'en')).toBe('Thu, 10 Dec 2026');
  });
});
