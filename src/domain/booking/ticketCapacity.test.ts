import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTicketQuantity, ticketCapacityLeft, type CapacityContext, type CapacityTicket, type CartTicket } from './ticketCapacity';

const ticket = (overrides: Partial<CapacityTicket> = {}): CapacityTicket => ({
  product_id: 7,
  participant_count: 1,
  inventory_enable: 0,
  remaining_capacity: 5,
  available_capacity: 20,
  reserved_slots: [],
  ...overrides,
});

const cartTicket = (overrides: Partial<CartTicket> = {}): CartTicket => ({
  facility_id: 3,
  bookingDate: '2024-05-10',
  product_id: 7,
  quantity: 1,
  participant_count: 1,
  selectedFacilityTiming: '10:00:00',
  selectedFacilityEndTiming: '11:00:00',
  selectedFacilityDate: '2024-05-10',
  group: 'g1',
  ...overrides,
});

const ctx = (overrides: Partial<CapacityContext> = {}): CapacityContext => ({
  cartTickets: [],
  sessionId: 'me',
  date: '2024-05-10',
  startTime: '10:00:00',
  ...overrides,
});

describe('ticket capacity left', () => {
  it.each<[string, Partial<CapacityTicket>, number]>([
    ['inventory_enable 1 reads remaining_capacity', { inventory_enable: 1 }, 5],
    ['inventory_enable 0 reads available_capacity', { inventory_enable: 0 }, 20],
    ['a missing capacity counts as none', { inventory_enable: 1, remaining_capacity: null }, 0],
    ['a negative capacity never goes below 0', { available_capacity: -4 }, 0],
  ])('[S1-5.53] %s', (_label, overrides, left) => {
    expect(ticketCapacityLeft(ticket(overrides), ctx())).toBe(left);
  });

  it('[S1-5.53] subtracts quantity × participant_count of cart tickets of the same product, date and time only', () => {
    const cartTickets = [
      cartTicket({ quantity: 2, participant_count: 3 }),
      cartTicket({ quantity: 1, selectedFacilityTiming: '10:00' }),
      cartTicket({ product_id: 8, quantity: 4 }),
      cartTicket({ selectedFacilityDate: '2024-05-11', quantity: 4 }),
      cartTicket({ selectedFacilityTiming: '11:00:00', quantity: 4 }),
    ];
    expect(ticketCapacityLeft(ticket(), ctx({ cartTickets }))).toBe(20 - 6 - 1);
  });

  it('[S1-5.53] a cart ticket without a slot date falls back to its booking date', () => {
    const cartTickets = [cartTicket({ selectedFacilityDate: '', bookingDate: '2024-05-10', quantity: 3 })];
    expect(ticketCapacityLeft(ticket(), ctx({ cartTickets }))).toBe(17);
  });

  it("[S1-5.53] subtracts other sessions' reserved slots at that start time, never this session's own", () => {
    const reserved_slots = [
      { session_id: 'other', quantity: 4, start_time: '10:00:00' },
      { session_id: null, quantity: 1, start_time: '10:00:00' },
      { session_id: 'me', quantity: 9, start_time: '10:00:00' },
      { session_id: 'other', quantity: 9, start_time: '12:00:00' },
    ];
    expect(ticketCapacityLeft(ticket({ reserved_slots }), ctx())).toBe(15);
  });

  it('[S1-5.53] reserved quantities count tickets, so they are multiplied by participants per ticket', () => {
    const reserved_slots = [{ session_id: 42, quantity: 2, start_time: '10:00:00' }];
    expect(ticketCapacityLeft(ticket({ participant_count: 4, reserved_slots }), ctx({ sessionId: 41 }))).toBe(12);
    expect(ticketCapacityLeft(ticket({ participant_count: 4, reserved_slots }), ctx({ sessionId: '42' }))).toBe(20);
  });
});

describe('ticket quantity check', () => {
  it.each([-1, -10, Number.NaN])('[S1-5.52] a quantity below 0 clamps to 0: %s', (quantity) => {
    expect(checkTicketQuantity(ticket({ available_capacity: 0 }), quantity, ctx())).toEqual({ ok: true, quantity: 0 });
  });

  it('[S1-5.53] a quantity that fits is kept', () => {
    expect(checkTicketQuantity(ticket({ participant_count: 2 }), 10, ctx())).toEqual({ ok: true, quantity: 10 });
  });

  it("[S1-5.53] [S1-8.5] nothing left: 'Maximum capacity reached'", () => {
    const cartTickets = [cartTicket({ quantity: 5 })];
    expect(checkTicketQuantity(ticket({ inventory_enable: 1 }), 1, ctx({ cartTickets }))).toEqual({ ok: false, message: { key: 'rules.capacityReached' } });
  });

  it("[S1-5.53] [S1-8.6] more than is left: 'Maximum capacity reached, remaining capacity is {n}, requested capacity is {m}'", () => {
    expect(checkTicketQuantity(ticket({ participant_count: 3 }), 7, ctx())).toEqual({
      ok: false,
      message: { key: 'rules.capacityExceeded', values: { remaining: 20, requested: 21 } },
    });
  });

  it('[S1-5.53] a missing participant count admits one participant per ticket', () => {
    expect(checkTicketQuantity(ticket({ participant_count: 0, available_capacity: 2 }), 2, ctx())).toEqual({ ok: true, quantity: 2 });
  });

  it('[S1-5.52] [S1-5.53] capacity left is never negative, and an accepted quantity always fits it', () => {
    const reserved = fc.record({ session_id: fc.constantFrom('me', 'other', null), quantity: fc.integer({ min: -5, max: 30 }), start_time: fc.constantFrom('10:00:00', '11:00:00') });
    const inCart = fc.record({ product_id: fc.constantFrom(7, 8), quantity: fc.integer({ min: 0, max: 30 }), participant_count: fc.integer({ min: 0, max: 5 }), selectedFacilityTiming: fc.constantFrom('10:00:00', '11:00:00') });
    fc.assert(
      fc.property(
        fc.record({
          inventory_enable: fc.constantFrom<0 | 1>(0, 1),
          remaining_capacity: fc.option(fc.integer({ min: -10, max: 100 })),
          available_capacity: fc.option(fc.integer({ min: -10, max: 100 })),
          participant_count: fc.integer({ min: 0, max: 5 }),
          reserved_slots: fc.array(reserved, { maxLength: 4 }),
        }),
        fc.array(inCart, { maxLength: 5 }),
        fc.integer({ min: -5, max: 60 }),
        (overrides, lines, requested) => {
          const context = ctx({ cartTickets: lines.map((line) => cartTicket(line)) });
          const left = ticketCapacityLeft(ticket(overrides), context);
          expect(left).toBeGreaterThanOrEqual(0);
          const result = checkTicketQuantity(ticket(overrides), requested, context);
          if (!result.ok) expect(requested).toBeGreaterThan(0);
          else if (result.quantity > 0) expect(result.quantity * Math.max(1, overrides.participant_count)).toBeLessThanOrEqual(left);
        },
      ),
    );
  });
});
