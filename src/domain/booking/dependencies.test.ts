import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTicketDependencies, type BookingSlot, type DependentTicket } from './dependencies';
import { type CartTicket } from './ticketCapacity';

const inCart = (overrides: Partial<CartTicket>): CartTicket => ({
  facility_id: 3,
  bookingDate: '2024-05-10',
  product_id: 9,
  quantity: 1,
  participant_count: 1,
  selectedFacilityTiming: '10:00:00',
  selectedFacilityEndTiming: '11:00:00',
  selectedFacilityDate: '2024-05-10',
  group: 'g1',
  ...overrides,
});

const dependsOn9 = (period: string): DependentTicket => ({ product_id: 7, dependencies: [{ product_id: 9, period }] });
const slot = (startTime: string, endTime: string, date = '2024-05-10'): BookingSlot => ({ date, startTime, endTime });
const blocked = { ok: false, message: { key: 'rules.dependentTicket' } };

describe('dependent tickets', () => {
  it("[S1-5.55] [S1-8.8] period D: blocked by the dependency anywhere on the same day — 'Dependent ticket cannot be booked at the same time'", () => {
    expect(checkTicketDependencies(dependsOn9('D'), slot('18:00:00', '19:00:00'), [inCart({})])).toEqual(blocked);
  });

  it('[S1-5.55] period D: the dependency on another day does not block', () => {
    expect(checkTicketDependencies(dependsOn9('D'), slot('10:00:00', '11:00:00', '2024-05-11'), [inCart({})])).toEqual({ ok: true });
  });

  it.each<[string, BookingSlot, Partial<CartTicket>, boolean]>([
    ['the same slot', slot('10:00:00', '11:00:00'), {}, true],
    ['a slot starting inside the held one', slot('10:30:00', '11:30:00'), {}, true],
    ['a slot holding the held one', slot('09:00:00', '12:00:00'), {}, true],
    ['a slot ending as the held one starts', slot('09:00:00', '10:00:00'), {}, false],
    ['a slot starting as the held one ends', slot('11:00:00', '12:00:00'), {}, false],
    ['the same time on another day', slot('10:00:00', '11:00:00', '2024-05-11'), {}, false],
    ['an overnight slot reaching into a held early-morning slot', slot('23:00:00', '01:00:00'), { selectedFacilityDate: '2024-05-11', selectedFacilityTiming: '00:00:00', selectedFacilityEndTiming: '01:00:00' }, true],
    ['a slot ending at midnight against a later held slot', slot('22:00:00', '00:00:00'), { selectedFacilityTiming: '23:00:00', selectedFacilityEndTiming: '23:30:00' }, true],
    ['a dependency line emptied to quantity 0', slot('10:00:00', '11:00:00'), { quantity: 0 }, false],
  ])('[S1-5.56] time period, %s: blocked %s', (_label, wanted, held, isBlocked) => {
    expect(checkTicketDependencies(dependsOn9('T'), wanted, [inCart(held)]).ok).toBe(!isBlocked);
  });

  it('[S1-5.55] [S1-5.56] products that are not dependencies never block, nor does a ticket without dependencies', () => {
    expect(checkTicketDependencies(dependsOn9('D'), slot('10:00:00', '11:00:00'), [inCart({ product_id: 10 })])).toEqual({ ok: true });
    expect(checkTicketDependencies({ product_id: 7 }, slot('10:00:00', '11:00:00'), [inCart({})])).toEqual({ ok: true });
    expect(checkTicketDependencies({ product_id: 7, dependencies: null }, slot('10:00:00', '11:00:00'), [inCart({})])).toEqual({ ok: true });
  });

  it('[S1-5.56] a time dependency blocks exactly when the two intervals share a minute', () => {
    const hour = fc.integer({ min: 0, max: 22 });
    const time = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
    fc.assert(
      fc.property(hour, fc.integer({ min: 1, max: 3 }), hour, fc.integer({ min: 1, max: 3 }), (start, length, heldStart, heldLength) => {
        const end = Math.min(start + length, 23);
        const heldEnd = Math.min(heldStart + heldLength, 23);
        const result = checkTicketDependencies(dependsOn9('T'), slot(time(start), time(end)), [
          inCart({ selectedFacilityTiming: time(heldStart), selectedFacilityEndTiming: time(heldEnd) }),
        ]);
        expect(result.ok).toBe(!(start < heldEnd && heldStart < end));
      }),
    );
  });
});
