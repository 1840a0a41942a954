import { describe, expect, it } from 'vitest';
import { academyLineFixture, eventLineFixture, membershipLineFixture, offerLineFixture, posLineFixture, trainerLineFixture } from './cartLineFixtures';
import { addAddon, removeTarget, renewMembership, setQuantity } from './edits';
import { facilityAddonFixture, facilityLineFixture } from './facilityLineFixture';
import { type CartLine } from './lines';
import { cartMessageText } from './messages';
import { ORDER_LIMITS } from '../contract/orderLimits';
import { checkAdd, checkAddAddon, checkQuantity, type CartRuleContext, type TicketFacts } from './rules';

const ctx: CartRuleContext = { pendingOrder: false, sessionId: 'session-a', customerThreshold: null };

const refusal = (check: { ok: boolean; message?: Parameters<typeof cartMessageText>[0] }) => (check.ok || !check.message ? null : cartMessageText(check.message));

const ticket = (overrides: Partial<TicketFacts> = {}): TicketFacts => ({
  product_id: 1,
  participant_count: 1,
  inventory_enable: 1,
  remaining_capacity: 10,
  available_capacity: null,
  reserved_slots: [],
  dependencies: [],
  ...overrides,
});

describe('checkAdd: a cart holds no more than one order takes', () => {
  const facilities = (count: number) => Array.from({ length: count }, (_, index) => facilityLineFixture({ product_id: 100 + index, date: `2026-12-${String(1 + index).padStart(2, '0')}` }));
  const events = (count: number) => Array.from({ length: count }, (_, index) => eventLineFixture({ product_id: 500 + index, event_id: 500 + index }));

  it(`takes up to ${ORDER_LIMITS.facilityLines} facility bookings over several bookings, then says how many it holds`, () => {
    expect(checkAdd(facilities(ORDER_LIMITS.facilityLines - 1), facilityLineFixture({ product_id: 99 }), ctx)).toEqual({ ok: true });
    expect(refusal(checkAdd(facilities(ORDER_LIMITS.facilityLines), facilityLineFixture({ product_id: 99 }), ctx))).toBe(
      `Your cart holds at most ${ORDER_LIMITS.facilityLines} facility bookings. Check out or remove one to add another.`,
    );
    expect(checkAdd(facilities(ORDER_LIMITS.facilityLines), eventLineFixture({ product_id: 99 }), ctx)).toEqual({ ok: true });
  });

  it(`takes up to ${ORDER_LIMITS.lines} lines of every kind together`, () => {
    const almostFull = [...facilities(5), ...events(ORDER_LIMITS.lines - 6)];
    expect(checkAdd(almostFull, eventLineFixture({ product_id: 99, event_id: 99 }), ctx)).toEqual({ ok: true });
    expect(refusal(checkAdd([...almostFull, eventLineFixture({ product_id: 98, event_id: 98 })], eventLineFixture({ product_id: 99, event_id: 99 }), ctx))).toBe(
      `Your cart holds at most ${ORDER_LIMITS.lines} items. Check out or remove one to add another.`,
    );
  });
});

describe('checkAdd: kinds that do not mix', () => {
  it("[S1-5.43] a membership cannot join other services: 'Membership can't be purchased with other services.'", () => {
    for (const other of [facilityLineFixture(), eventLineFixture(), trainerLineFixture(), academyLineFixture(), offerLineFixture(), posLineFixture()]) {
      expect(refusal(checkAdd([other], membershipLineFixture(), ctx))).toBe("Membership can't be purchased with other services.");
    }
  });

  it("[S1-5.44] the reverse: other services cannot join a membership: 'Other services can't be purchased with a membership.'", () => {
    for (const other of [facilityLineFixture(), eventLineFixture(), trainerLineFixture(), academyLineFixture(), offerLineFixture(), posLineFixture()]) {
      expect(refusal(checkAdd([membershipLineFixture()], other, ctx))).toBe("Other services can't be purchased with a membership.");
    }
  });

  it('[S1-5.47] [S0-5.30] the same membership again asks whether the visitor meant to renew', () => {
    const check = checkAdd([membershipLineFixture()], membershipLineFixture({ package_id: 52 }), ctx);
    expect(check).toEqual({ ok: false, message: { ns: 'cart', key: 'rules.membershipInCart' }, renewIndex: 0 });
    expect(refusal(check)).toBe('Membership already in cart');
  });

  it('[S1-5.47] another membership is refused too (one membership per cart), without a renewal to offer', () => {
    const check = checkAdd([membershipLineFixture()], membershipLineFixture({ membership_id: 9 }), ctx);
    expect(check).toEqual({ ok: false, message: { ns: 'cart', key: 'rules.membershipInCart' } });
  });

  it('[S1-5.49] POS items from different outlets are blocked; the same outlet is fine', () => {
    const cart = [posLineFixture({ outlet_id: 8, product_id: 1 })];
    expect(refusal(checkAdd(cart, posLineFixture({ outlet_id: 9, product_id: 2 }), ctx))).toBe(
      "Items from different outlets can't be bought in one order. Finish or clear your cart first.",
    );
    expect(checkAdd(cart, posLineFixture({ outlet_id: 8, product_id: 2 }), ctx)).toEqual({ ok: true });
    expect(checkAdd(cart, eventLineFixture(), ctx)).toEqual({ ok: true });
  });

  it("[S1-4.19] [S1-8.9] an open earlier order refuses every add: 'Can't process multiple orders! …'", () => {
    const open = { ...ctx, pendingOrder: true };
    expect(refusal(checkAdd([], eventLineFixture(), open))).toBe("Can't process multiple orders! Clear your cart to proceed or finish your previous order.");
    expect(refusal(checkAddAddon([facilityLineFixture()], facilityAddonFixture(), open))).toBe(
      "Can't process multiple orders! Clear your cart to proceed or finish your previous order.",
    );
  });
});

describe('checkAdd: already in cart', () => {
  const table: [string, CartLine, CartLine, string | null][] = [
    ['[S1-5.45] [S0-5.27] the same event ticket at the same time', eventLineFixture(), eventLineFixture({ start_time: '18:00' }), 'Product already in cart'],
    ['the same event ticket at another time is a new line', eventLineFixture(), eventLineFixture({ start_time: '20:00:00' }), null],
    ['another ticket of the same event', eventLineFixture(), eventLineFixture({ product_id: 11 }), null],
    ['[S1-5.45] the same trainer session', trainerLineFixture(), trainerLineFixture(), 'Product already in cart'],
    ['a trainer session on another day', trainerLineFixture(), trainerLineFixture({ date: '2026-11-23' }), null],
    ['[S1-5.45] the same outlet product', posLineFixture(), posLineFixture(), 'Product already in cart'],
    ['[S1-5.46] the same offer package', offerLineFixture(), offerLineFixture({ product_id: 12 }), 'Package already in cart'],
    ['another offer', offerLineFixture(), offerLineFixture({ offer_id: 70 }), null],
    ['[S1-5.48] [S0-5.29] the same workshop program', academyLineFixture(), academyLineFixture({ start_date: '2027-01-01', days: [4] }), 'Workshop already in cart'],
    ['the same facility ticket again (capacity decides)', facilityLineFixture(), facilityLineFixture({ group: 'group-2' }), null],
  ];
  it.each(table)('%s', (_, held, line, expected) => {
    expect(refusal(checkAdd([held], line, ctx))).toBe(expected);
  });
});

describe('checkAdd: workshop days', () => {
  const repeating = 'Some days are repeating, make sure that all selected days under each date range are unique';

  it('[S1-5.57] [S0-5.22] a day chosen twice in one date range is refused', () => {
    expect(refusal(checkAdd([], academyLineFixture({ days: [2, 8, 2] }), ctx))).toBe(repeating);
    expect(checkAdd([], academyLineFixture({ days: [2, 8, 32] }), ctx)).toEqual({ ok: true });
  });

  it('[S1-5.57] another program of the workshop may not repeat a day of the same date range; another range may', () => {
    const cart = [academyLineFixture({ days: [2, 8] })];
    expect(refusal(checkAdd(cart, academyLineFixture({ workshop_program_id: 62, days: [8] }), ctx))).toBe(repeating);
    expect(checkAdd(cart, academyLineFixture({ workshop_program_id: 62, days: [16] }), ctx)).toEqual({ ok: true });
    expect(checkAdd(cart, academyLineFixture({ workshop_program_id: 62, start_date: '2027-01-01', days: [8] }), ctx)).toEqual({ ok: true });
    expect(checkAdd(cart, academyLineFixture({ workshop_id: 60, workshop_program_id: 600, days: [8] }), ctx)).toEqual({ ok: true });
  });
});

describe('checkAdd: facility tickets reuse the booking rules', () => {
  it('[S1-5.53] capacity: quantity × participants against remaining capacity less the cart and other sessions', () => {
    const cart = [facilityLineFixture({ quantity: 4 })];
    const facts = ticket({ remaining_capacity: 10, reserved_slots: [{ session_id: 'other', quantity: 2, start_time: '10:00:00' }] });
    expect(checkAdd(cart, facilityLineFixture({ quantity: 4, group: 'g2' }), ctx, { ticket: facts })).toEqual({ ok: true });
    expect(refusal(checkAdd(cart, facilityLineFixture({ quantity: 5, group: 'g2' }), ctx, { ticket: facts }))).toBe(
      'Maximum capacity reached, remaining capacity is 4, requested capacity is 5',
    );
    expect(refusal(checkAdd([facilityLineFixture({ quantity: 8 })], facilityLineFixture(), ctx, { ticket: facts }))).toBe('Maximum capacity reached');
  });

  it('[S1-5.53] without inventory the available capacity counts', () => {
    const facts = ticket({ inventory_enable: 0, remaining_capacity: 100, available_capacity: 2 });
    expect(refusal(checkAdd([], facilityLineFixture({ quantity: 3 }), ctx, { ticket: facts }))).toBe(
      'Maximum capacity reached, remaining capacity is 2, requested capacity is 3',
    );
  });

  it('[S1-5.54] is_baps: customer_threshold caps participants per session', () => {
    const capped = { ...ctx, customerThreshold: 3 };
    const cart = [facilityLineFixture({ quantity: 2 })];
    expect(refusal(checkAdd(cart, facilityLineFixture({ quantity: 2, group: 'g2', product_id: 2 }), capped))).toBe(
      'Maximum of 3 participants allowed to book per session',
    );
    expect(checkAdd(cart, facilityLineFixture({ quantity: 1, group: 'g2', product_id: 2 }), capped)).toEqual({ ok: true });
    expect(checkAdd(cart, facilityLineFixture({ quantity: 2, group: 'g2', start_time: '12:00:00', end_time: '13:00:00' }), capped)).toEqual({ ok: true });
  });

  it('[S1-5.55] a dependent ticket cannot join on the same day (period D)', () => {
    const facts = ticket({ product_id: 2, dependencies: [{ product_id: 1, period: 'D' }] });
    const cart = [facilityLineFixture({ product_id: 1, start_time: '08:00:00', end_time: '09:00:00' })];
    expect(refusal(checkAdd(cart, facilityLineFixture({ product_id: 2, group: 'g2' }), ctx, { ticket: facts }))).toBe(
      'Dependent ticket cannot be booked at the same time',
    );
    expect(checkAdd(cart, facilityLineFixture({ product_id: 2, group: 'g2', date: '2026-11-23' }), ctx, { ticket: facts })).toEqual({ ok: true });
  });

  it('[S1-5.56] a dependent ticket cannot join at an overlapping time', () => {
    const facts = ticket({ product_id: 2, dependencies: [{ product_id: 1, period: 'T' }] });
    const cart = [facilityLineFixture({ product_id: 1, start_time: '10:30:00', end_time: '11:30:00' })];
    expect(refusal(checkAdd(cart, facilityLineFixture({ product_id: 2, group: 'g2' }), ctx, { ticket: facts }))).toBe(
      'Dependent ticket cannot be booked at the same time',
    );
    const touching = [facilityLineFixture({ product_id: 1, start_time: '11:00:00', end_time: '12:00:00' })];
    expect(checkAdd(touching, facilityLineFixture({ product_id: 2, group: 'g2' }), ctx, { ticket: facts })).toEqual({ ok: true });
  });
});

describe('add-ons', () => {
  it('[S1-5.50] an add-on needs a base ticket first', () => {
    expect(refusal(checkAddAddon([], facilityAddonFixture(), ctx))).toBe('Please add a ticket before adding add-ons');
    expect(refusal(checkAddAddon([facilityLineFixture({ group: 'other' })], facilityAddonFixture(), ctx))).toBe('Please add a ticket before adding add-ons');
    expect(checkAddAddon([eventLineFixture({ group: 'group-1' })], facilityAddonFixture(), ctx)).toEqual({ ok: true, baseIndex: 0, quantity: 1 });
  });

  it('[S1-5.51] [S1-9.17] [S0-5.24] the same add-on merges within its max: 100 untracked, the stock when tracked', () => {
    const cart = addAddon([facilityLineFixture()], 0, facilityAddonFixture(), 60);
    expect(checkAddAddon(cart, facilityAddonFixture({ quantity: 40 }), ctx)).toEqual({ ok: true, baseIndex: 0, quantity: 100 });
    expect(refusal(checkAddAddon(cart, facilityAddonFixture({ quantity: 41 }), ctx))).toBe('Max quantity 100 reached');
    const stock = { inventory_enable: 1 as const, total_stock: 70, sold: 5, inventory_period: 'D' };
    expect(refusal(checkAddAddon(cart, facilityAddonFixture({ quantity: 6 }), ctx, { stock }))).toBe('Max quantity 65 reached');
    expect(refusal(checkAddAddon(cart, facilityAddonFixture({ quantity: 11 }), ctx, { stock: { ...stock, inventory_period: 'T' } }))).toBe(
      'Max quantity 70 reached',
    );
    expect(addAddon(cart, 0, facilityAddonFixture(), 65)[0]?.addons).toEqual([facilityAddonFixture({ quantity: 65 })]);
  });
});

describe('checkQuantity and the edits', () => {
  const addon = facilityAddonFixture();
  const cart: CartLine[] = [facilityLineFixture({ quantity: 2, addons: [addon] }), eventLineFixture()];

  it('[S1-5.52] a quantity never goes below 0; 0 removes the line with its add-ons', () => {
    expect(checkQuantity(cart, { index: 0 }, -3, ctx)).toEqual({ ok: true, quantity: 0 });
    expect(setQuantity(cart, { index: 0 }, 0)).toEqual([eventLineFixture()]);
    expect(setQuantity(cart, { index: 0, addonIndex: 0 }, 0)[0]?.addons).toEqual([]);
    expect(setQuantity(cart, { index: 0, addonIndex: 0 }, 3)[0]?.addons[0]?.quantity).toBe(3);
    expect(setQuantity(cart, { index: 1 }, 4)[1]?.quantity).toBe(4);
  });

  it('[S1-5.53] raising a facility ticket counts the rest of the cart, not the line itself', () => {
    const facts = ticket({ remaining_capacity: 5 });
    expect(checkQuantity(cart, { index: 0 }, 5, ctx, { ticket: facts })).toEqual({ ok: true, quantity: 5 });
    expect(refusal(checkQuantity(cart, { index: 0 }, 6, ctx, { ticket: facts }))).toBe(
      'Maximum capacity reached, remaining capacity is 5, requested capacity is 6',
    );
  });

  it('[S1-5.54] raising a facility ticket stays within customer_threshold; other kinds have no cap', () => {
    const capped = { ...ctx, customerThreshold: 2 };
    expect(refusal(checkQuantity(cart, { index: 0 }, 3, capped))).toBe('Maximum of 2 participants allowed to book per session');
    expect(checkQuantity(cart, { index: 1 }, 30, capped)).toEqual({ ok: true, quantity: 30 });
  });

  it('[S1-5.51] an add-on stepper stays within its max', () => {
    expect(refusal(checkQuantity(cart, { index: 0, addonIndex: 0 }, 101, ctx))).toBe('Max quantity 100 reached');
    expect(checkQuantity(cart, { index: 0, addonIndex: 0 }, 100, ctx)).toEqual({ ok: true, quantity: 100 });
  });

  it('removing a line removes its add-ons; removing an add-on keeps its line', () => {
    expect(removeTarget(cart, { index: 0 })).toEqual([eventLineFixture()]);
    expect(removeTarget(cart, { index: 0, addonIndex: 0 })).toEqual([facilityLineFixture({ quantity: 2, addons: [] }), eventLineFixture()]);
  });

  it('[S0-5.30] accepting the renewal turns the membership in the cart into the one chosen, as a renewal', () => {
    const renewed = renewMembership([membershipLineFixture()], 0, membershipLineFixture({ package_id: 52 }));
    expect(renewed).toEqual([membershipLineFixture({ package_id: 52, is_renewal: 1 })]);
  });
});
