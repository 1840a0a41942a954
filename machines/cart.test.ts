import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import {
  academyLineFixture,
  eventLineFixture,
  membershipLineFixture,
  offerLineFixture,
  posLineFixture,
  trainerLineFixture,
} from '../src/domain/cart/cartLineFixtures';
import { facilityAddonFixture, facilityLineFixture } from '../src/domain/cart/facilityLineFixture';
import { type CartLine } from '../src/domain/cart/lines';
import { cartMessageText } from '../src/domain/cart/messages';
import { cartCount } from '../src/domain/cart/totals';
import { type ReleaseHold } from '../src/domain/contract/facilities';
import { type BenefitsVerifyBody, type LineDiscount, type Promotion } from '../src/domain/contract/orders';
import { actorDone, actorError, fakeCall, unreachedStates, type GraphEvent } from './accountTesting';
import { cartMachine, type CartInput, type CartNotice } from './cart';
import { type CartSnapshot } from './cartActors';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');

const lineDiscount: LineDiscount = { actual_price: 100, actual_tax: 5, actual_total: 105, price: 90, tax: 4.5, total: 94.5, promo_code: 'SAVE10' };
const promotion: Promotion = {
  code: 'SAVE10',
  type: 'promo',
  codes: ['SAVE10'],
  discount: 10.5,
  total: 94.5,
  products: [{ cartIndex: 0, addon_index: null, discount: lineDiscount }],
};

interface SetUp {
  snapshot?: CartSnapshot | Error;
  verify?: (Promotion | Error)[];
  saveFails?: boolean;
  input?: Partial<CartInput>;
}

function setUp({ snapshot = { lines: [], benefit: null }, verify = [promotion], saveFails = false, input = {} }: SetUp = {}) {
  const saved: CartSnapshot[] = [];
  const released: ReleaseHold[] = [];
  const emitted: string[] = [];
  const load = fakeCall<void, CartSnapshot>(snapshot);
  const verifyCall = fakeCall<BenefitsVerifyBody, Promotion>(...verify);
  let clock = NOW;
  let tick = () => {};
  const machine = cartMachine.provide({
    actors: {
      loadCart: load.logic,
      saveCart: fromPromise<void, CartSnapshot>(async ({ input: kept }) => {
        saved.push(kept);
        if (saveFails) throw new Error('QuotaExceededError');
      }),
      releaseHold: fromPromise<void, ReleaseHold>(async ({ input: item }) => {
        released.push(item);
      }),
      verifyBenefits: verifyCall.logic,
      holdClock: fromCallback(({ sendBack }) => {
        tick = () => sendBack({ type: 'holds.tick' });
      }),
    },
  });
  const actor = createActor(machine, {
    input: { holdsLines: false, customerThreshold: null, sessionId: 'session-a', anonymousUser: false, now: () => clock, ...input },
  });
  actor.on('cart.emptied', (event) => emitted.push(event.type));
  actor.start();
  return {
    actor,
    saved,
    released,
    emitted,
    loads: load.inputs,
    verifies: verifyCall.inputs,
    advance: (ms: number) => (clock += ms),
    tick: () => tick(),
    settled: () => waitFor(actor, (state) => !state.hasTag('pending')),
  };
}

const noticeText = (notice: CartNotice | null) => {
  if (!notice) return null;
  return notice.message.ns === null ? notice.message.text : cartMessageText(notice.message);
};

const lastSaved = (saved: CartSnapshot[]) => saved[saved.length - 1];

describe('cartMachine: loading and keeping the cart', () => {
  it('[S1-4.18] starts from the cart kept for this session, lines and applied code included', async () => {
    const lines = [facilityLineFixture({ discount: lineDiscount })];
    const { actor, settled } = setUp({ snapshot: { lines, benefit: { request: { promotion_code: 'SAVE10' }, promotion } } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settled();
    expect(actor.getSnapshot().value).toEqual({ ready: { persistence: 'saved', promotion: 'applied' } });
    expect(actor.getSnapshot().context.lines).toEqual(lines);
  });

  it('a cart that cannot be read starts empty and says so', async () => {
    const { actor, settled } = setUp({ snapshot: new Error('') });
    await settled();
    expect(actor.getSnapshot().value).toEqual({ ready: { persistence: 'saved', promotion: 'none' } });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Your saved cart could not be loaded.');
  });

  it('[S1-4.18] every change is written; a failed write keeps the cart in memory and says so', async () => {
    const { actor, saved, settled } = setUp();
    await settled();
    actor.send({ type: 'cart.add', line: eventLineFixture() });
    expect(actor.getSnapshot().matches({ ready: { persistence: 'saving' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settled();
    expect(lastSaved(saved)).toEqual({ lines: [eventLineFixture()], benefit: null });

    const failing = setUp({ saveFails: true });
    await failing.settled();
    failing.actor.send({ type: 'cart.add', line: eventLineFixture() });
    await failing.settled();
    expect(failing.actor.getSnapshot().context.lines).toEqual([eventLineFixture()]);
    expect(noticeText(failing.actor.getSnapshot().context.notice)).toBe('Your cart could not be saved on this device.');
  });

  it('changes in quick succession all land; the last write holds the latest cart', async () => {
    const { actor, saved, settled } = setUp();
    await settled();
    actor.send({ type: 'cart.add', line: eventLineFixture() });
    actor.send({ type: 'cart.add', line: trainerLineFixture() });
    actor.send({ type: 'cart.quantity', index: 0, quantity: 3 });
    await settled();
    expect(lastSaved(saved)?.lines.map((line) => [line.type, line.quantity])).toEqual([
      ['event', 3],
      ['trainer', 1],
    ]);
  });

  it("'cart.reload' reads the kept cart again (after the booking modal stored lines)", async () => {
    const { actor, loads, settled } = setUp();
    await settled();
    actor.send({ type: 'cart.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settled();
    expect(loads).toHaveLength(2);
  });
});

describe('cartMachine: rules and their messages', () => {
  async function ready(lines: CartLine[], input: Partial<CartInput> = {}) {
    const machine = setUp({ snapshot: { lines, benefit: null }, input });
    await machine.settled();
    return machine;
  }

  it.each([
    ['[S1-5.43]', [eventLineFixture()], membershipLineFixture(), "Membership can't be purchased with other services."],
    ['[S1-5.44]', [membershipLineFixture()], eventLineFixture(), "Other services can't be purchased with a membership."],
    ['[S1-5.45] [S0-5.27]', [eventLineFixture()], eventLineFixture(), 'Product already in cart'],
    ['[S1-5.46]', [offerLineFixture()], offerLineFixture(), 'Package already in cart'],
    ['[S1-5.48] [S0-5.29]', [academyLineFixture()], academyLineFixture(), 'Workshop already in cart'],
    ['[S1-5.57] [S0-5.22]', [], academyLineFixture({ days: [2, 2] }), 'Some days are repeating, make sure that all selected days under each date range are unique'],
    ['[S1-5.49]', [posLineFixture()], posLineFixture({ outlet_id: 99 }), "Items from different outlets can't be bought in one order. Finish or clear your cart first."],
  ] as const)('%s a refused add keeps the cart and shows %#', async (_, held, line, text) => {
    const { actor, saved } = await ready([...held]);
    actor.send({ type: 'cart.add', line });
    expect(actor.getSnapshot().context.lines).toEqual(held);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe(text);
    expect(actor.getSnapshot().context.notice?.kind).toBe('error');
    expect(saved).toEqual([]);
  });

  it('[S1-5.53] [S1-5.55] facility adds check capacity and dependencies with the facts the add brings', async () => {
    const { actor } = await ready([facilityLineFixture({ quantity: 3 })]);
    const ticket = { product_id: 2, participant_count: 1, inventory_enable: 1 as const, remaining_capacity: 2, available_capacity: null, dependencies: [] };
    actor.send({ type: 'cart.add', line: facilityLineFixture({ product_id: 2, quantity: 3, group: 'g2' }), ticket });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Maximum capacity reached, remaining capacity is 2, requested capacity is 3');
    actor.send({ type: 'cart.add', line: facilityLineFixture({ product_id: 2, group: 'g2' }), ticket: { ...ticket, dependencies: [{ product_id: 1, period: 'D' }] } });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Dependent ticket cannot be booked at the same time');
    expect(actor.getSnapshot().context.notice?.id).toBe(2);
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
  });

  it('[S1-5.54] is_baps: the threshold refuses a stepper change and the quantity stays', async () => {
    const { actor } = await ready([facilityLineFixture({ quantity: 2 })], { customerThreshold: 2 });
    actor.send({ type: 'cart.quantity', index: 0, quantity: 3 });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Maximum of 2 participants allowed to book per session');
    expect(actor.getSnapshot().context.lines[0]?.quantity).toBe(2);
  });

  it('[S1-5.50] [S1-5.51] add-ons need their base line and stay within their max; they merge under it', async () => {
    const { actor } = await ready([]);
    actor.send({ type: 'addon.add', addon: facilityAddonFixture() });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Please add a ticket before adding add-ons');
    actor.send({ type: 'cart.add', line: facilityLineFixture() });
    actor.send({ type: 'addon.add', addon: facilityAddonFixture({ quantity: 2 }) });
    actor.send({ type: 'addon.add', addon: facilityAddonFixture({ quantity: 3 }), stock: { inventory_enable: 1, total_stock: 4, sold: 0, inventory_period: 'T' } });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Max quantity 4 reached');
    actor.send({ type: 'addon.add', addon: facilityAddonFixture({ quantity: 2 }) });
    expect(actor.getSnapshot().context.lines[0]?.addons).toEqual([facilityAddonFixture({ quantity: 4 })]);
    actor.send({ type: 'cart.quantity', index: 0, addonIndex: 0, quantity: 101 });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Max quantity 100 reached');
    actor.send({ type: 'cart.quantity', index: 0, addonIndex: 0, quantity: 0 });
    expect(actor.getSnapshot().context.lines[0]?.addons).toEqual([]);
  });

  it('[S1-5.47] [S0-5.30] the same membership again offers a renewal; accepting makes the cart line a renewal', async () => {
    const { actor } = await ready([membershipLineFixture()]);
    const chosen = membershipLineFixture({ package_id: 52 });
    actor.send({ type: 'cart.add', line: chosen });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Membership already in cart');
    expect(actor.getSnapshot().context.renewOffer).toEqual({ index: 0, line: chosen });
    actor.send({ type: 'renew.decline' });
    expect(actor.getSnapshot().context.renewOffer).toBeNull();
    actor.send({ type: 'renew.accept' });
    expect(actor.getSnapshot().context.lines).toEqual([membershipLineFixture()]);

    actor.send({ type: 'cart.add', line: chosen });
    actor.send({ type: 'renew.accept' });
    expect(actor.getSnapshot().context.lines).toEqual([{ ...chosen, is_renewal: 1 }]);
    expect(actor.getSnapshot().context.renewOffer).toBeNull();
  });

  it('[S1-4.19] [S1-8.9] [S1-4.21] an open earlier order shows the cart warning; View Cart dismisses it', async () => {
    const { actor } = await ready([eventLineFixture()]);
    actor.send({ type: 'order.pending', pending: true });
    actor.send({ type: 'cart.add', line: trainerLineFixture() });
    actor.send({ type: 'addon.add', addon: facilityAddonFixture({ group: 'line-1' }) });
    expect(actor.getSnapshot().context.warning).toBe(true);
    expect(actor.getSnapshot().context.lines).toEqual([eventLineFixture()]);
    actor.send({ type: 'warning.dismiss' });
    expect(actor.getSnapshot().context.warning).toBe(false);
  });

  it("[S1-4.20] [S1-8.19] Clear Cart empties the cart: 'Cart Cleared Successfully', and adding works again", async () => {
    const { actor, saved, settled } = await ready([eventLineFixture()], { pendingOrder: true });
    actor.send({ type: 'cart.add', line: trainerLineFixture() });
    actor.send({ type: 'cart.clear' });
    const { context } = actor.getSnapshot();
    expect(context.lines).toEqual([]);
    expect(context.warning).toBe(false);
    expect(context.notice).toMatchObject({ kind: 'success' });
    expect(noticeText(context.notice)).toBe('Cart Cleared Successfully');
    await settled();
    expect(lastSaved(saved)).toEqual({ lines: [], benefit: null });
    actor.send({ type: 'cart.add', line: trainerLineFixture() });
    expect(actor.getSnapshot().context.lines).toEqual([trainerLineFixture()]);
    actor.send({ type: 'cart.clear' });
    actor.send({ type: 'cart.clear' });
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Cart Cleared Successfully');
  });

  it('removing a line removes its add-ons; a missing target changes nothing', async () => {
    const { actor } = await ready([facilityLineFixture({ addons: [facilityAddonFixture()] }), eventLineFixture()]);
    actor.send({ type: 'cart.remove', index: 5 });
    actor.send({ type: 'cart.quantity', index: 5, quantity: 2 });
    expect(actor.getSnapshot().context.lines).toHaveLength(2);
    actor.send({ type: 'cart.remove', index: 0 });
    expect(actor.getSnapshot().context.lines).toEqual([eventLineFixture()]);
    actor.send({ type: 'cart.quantity', index: 0, quantity: -1 });
    expect(actor.getSnapshot().context.lines).toEqual([]);
  });
});

describe('cartMachine: per-booking customer details', () => {
  it('[S1-2.44] the visitors given for one booking are kept on that line and written', async () => {
    const machine = setUp({ snapshot: { lines: [facilityLineFixture(), eventLineFixture()], benefit: null } });
    await machine.settled();
    const visitor = { name: 'Layla Hassan', email: 'layla.hassan@example.com', mobile_number: '+971501234567', country_code: '971', documents: [], additional_fields: [], save_detail_for_future: false };
    machine.actor.send({ type: 'cart.customers', index: 0, customers: [visitor] });
    machine.actor.send({ type: 'cart.customers', index: 7, customers: [visitor] });
    await machine.settled();
    expect(machine.actor.getSnapshot().context.lines.map((line) => line.customers.length)).toEqual([1, 0]);
    expect(lastSaved(machine.saved)?.lines[0]?.customers).toEqual([visitor]);
  });
});

describe('cartMachine: holds', () => {
  const held = facilityLineFixture({ name: 'Pitch rental', hold_expires_at: new Date(NOW + 60_000).toISOString() });

  it('[S1-7.22] [S1-7.23] with reservations on, removing, clearing and resetting release each facility hold', async () => {
    const machine = setUp({ snapshot: { lines: [held, eventLineFixture(), facilityLineFixture({ product_id: 2 })], benefit: null }, input: { holdsLines: true } });
    await machine.settled();
    machine.actor.send({ type: 'cart.remove', index: 1 });
    machine.actor.send({ type: 'cart.remove', index: 0, addonIndex: 0 });
    expect(machine.released).toEqual([]);
    machine.actor.send({ type: 'cart.remove', index: 0 });
    await machine.settled();
    expect(machine.released).toEqual([{ product_id: 1, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 }]);
    machine.actor.send({ type: 'cart.clear' });
    await machine.settled();
    expect(machine.released.map((item) => item.product_id)).toEqual([1, 2]);
    machine.actor.send({ type: 'cart.add', line: held });
    machine.actor.send({ type: 'cart.quantity', index: 0, quantity: 0 });
    machine.actor.send({ type: 'cart.add', line: held });
    machine.actor.send({ type: 'cart.reset' });
    await machine.settled();
    expect(machine.released.map((item) => item.product_id)).toEqual([1, 2, 1, 1]);
    expect(machine.actor.getSnapshot().context.lines).toEqual([]);
  });

  it('[S1-7.23] with reservations off nothing is released', async () => {
    const machine = setUp({ snapshot: { lines: [held], benefit: null } });
    await machine.settled();
    machine.actor.send({ type: 'cart.clear' });
    await machine.settled();
    expect(machine.released).toEqual([]);
  });

  it('a lapsed hold drops its line with a message naming it', async () => {
    const machine = setUp({ snapshot: { lines: [held, eventLineFixture()], benefit: null }, input: { holdsLines: true } });
    await machine.settled();
    machine.tick();
    expect(machine.actor.getSnapshot().context.lines).toHaveLength(2);
    machine.advance(60_000);
    machine.tick();
    expect(machine.actor.getSnapshot().context.lines).toEqual([eventLineFixture()]);
    expect(noticeText(machine.actor.getSnapshot().context.notice)).toBe('Pitch rental was removed from your cart because its reservation expired.');
    await machine.settled();
    expect(lastSaved(machine.saved)?.lines).toEqual([eventLineFixture()]);
    expect(machine.released).toEqual([]);
  });
});

describe('cartMachine: an anonymous user whose cart empties', () => {
  it("[S1-4.22] [S0-4.9] emits 'cart.emptied' for a guest, whether removed, stepped to 0, lapsed or cleared", async () => {
    const held = facilityLineFixture({ hold_expires_at: new Date(NOW).toISOString() });
    const machine = setUp({ snapshot: { lines: [eventLineFixture()], benefit: null }, input: { anonymousUser: true } });
    await machine.settled();
    machine.actor.send({ type: 'cart.remove', index: 0 });
    machine.actor.send({ type: 'cart.add', line: eventLineFixture() });
    machine.actor.send({ type: 'cart.quantity', index: 0, quantity: 0 });
    machine.actor.send({ type: 'cart.add', line: held });
    machine.tick();
    machine.actor.send({ type: 'cart.add', line: eventLineFixture() });
    machine.actor.send({ type: 'cart.clear' });
    machine.actor.send({ type: 'cart.clear' });
    expect(machine.emitted).toEqual(['cart.emptied', 'cart.emptied', 'cart.emptied', 'cart.emptied']);
  });

  it('[S1-4.22] a logged-in user’s cart empties quietly; a user change is followed', async () => {
    const machine = setUp({ snapshot: { lines: [eventLineFixture(), trainerLineFixture()], benefit: null } });
    await machine.settled();
    machine.actor.send({ type: 'cart.remove', index: 0 });
    machine.actor.send({ type: 'user.changed', anonymous: true });
    machine.actor.send({ type: 'cart.add', line: eventLineFixture() });
    expect(machine.emitted).toEqual([]);
    machine.actor.send({ type: 'cart.remove', index: 0 });
    expect(machine.emitted).toEqual([]);
    machine.actor.send({ type: 'cart.remove', index: 0 });
    expect(machine.emitted).toEqual(['cart.emptied']);
  });
});

describe('cartMachine: promotions and benefits', () => {
  async function withCart(options: SetUp = {}) {
    const machine = setUp({ snapshot: { lines: [facilityLineFixture(), eventLineFixture()], benefit: null }, ...options });
    await machine.settled();
    return machine;
  }

  it('[S1-3.34] [S1-7.24] a valid promo code shows its discounts on the lines and is kept with the cart', async () => {
    const { actor, verifies, saved, settled } = await withCart();
    actor.send({ type: 'promo.apply', code: ' SAVE10 ' });
    expect(actor.getSnapshot().matches({ ready: { promotion: 'verifying' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settled();
    expect(verifies[0]).toMatchObject({ promotion_code: 'SAVE10', mobile: null, products: [{ cartIndex: 0, product_id: 1 }, { cartIndex: 1, product_id: 10 }] });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: { promotion: 'applied' } })).toBe(true);
    expect(context.lines[0]?.discount).toEqual(lineDiscount);
    expect(context.lines[1]?.discount).toBeNull();
    expect(context.benefit).toEqual({ request: { promotion_code: 'SAVE10', mobile: null }, promotion });
    expect(noticeText(context.notice)).toBe('Promo code applied');
    expect(lastSaved(saved)?.benefit).toEqual(context.benefit);
  });

  it("[S0-5.25] [S1-8.1] a code the server refuses shows its words; 'Promo not valid for selected tickets' is the cart's own key, as is a code that discounts nothing", async () => {
    const refused = await withCart({ verify: [new Error('Promo not valid for selected tickets'), new Error('This promo code has expired')] });
    refused.actor.send({ type: 'promo.apply', code: 'NOPE' });
    await refused.settled();
    expect(refused.actor.getSnapshot().matches({ ready: { promotion: 'none' } })).toBe(true);
    expect(refused.actor.getSnapshot().context.notice?.message).toEqual({ ns: 'cart', key: 'notices.promoInvalid' });
    refused.actor.send({ type: 'promo.apply', code: 'OLD' });
    await refused.settled();
    expect(noticeText(refused.actor.getSnapshot().context.notice)).toBe('This promo code has expired');

    const nothing = await withCart({ verify: [{ ...promotion, products: [] }] });
    nothing.actor.send({ type: 'promo.apply', code: 'OTHER' });
    await nothing.settled();
    expect(nothing.actor.getSnapshot().context.benefit).toBeNull();
    expect(noticeText(nothing.actor.getSnapshot().context.notice)).toBe('Promo not valid for selected tickets');
  });

  it('a failed network says so; an empty cart has nothing a code could apply to', async () => {
    const offline = await withCart({ verify: [new Error('')] });
    offline.actor.send({ type: 'promo.apply', code: 'SAVE10' });
    await offline.settled();
    expect(noticeText(offline.actor.getSnapshot().context.notice)).toBe('Something went wrong. Please try again.');

    const empty = setUp();
    await empty.settled();
    empty.actor.send({ type: 'promo.apply', code: 'SAVE10' });
    expect(noticeText(empty.actor.getSnapshot().context.notice)).toBe('Promo not valid for selected tickets');
    empty.actor.send({ type: 'benefit.apply', cardNumber: 'M-1', mobile: '+971501234567' });
    expect(empty.verifies).toEqual([]);
  });

  it('[S1-7.24] a membership card goes with its mobile; a refusal shows the server’s words', async () => {
    const member = await withCart({ verify: [{ ...promotion, type: 'memberships' }, new Error('Card not found')] });
    member.actor.send({ type: 'benefit.apply', cardNumber: ' M-1 ', mobile: '+971501234567' });
    await member.settled();
    expect(member.verifies[0]).toMatchObject({ card_number: 'M-1', mobile: '+971501234567' });
    expect(noticeText(member.actor.getSnapshot().context.notice)).toBe('Membership benefits applied');
    member.actor.send({ type: 'benefit.apply', cardNumber: 'M-2', mobile: '+971501234567' });
    await member.settled();
    expect(noticeText(member.actor.getSnapshot().context.notice)).toBe('Card not found');
    expect(member.actor.getSnapshot().context.lines.every((line) => !line.discount)).toBe(true);
  });

  it('removing the code clears every discount', async () => {
    const { actor, saved, settled } = await withCart();
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    await settled();
    actor.send({ type: 'promo.remove' });
    expect(actor.getSnapshot().matches({ ready: { promotion: 'none' } })).toBe(true);
    expect(actor.getSnapshot().context.lines.every((line) => line.discount === null)).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Promo code removed');
    await settled();
    expect(lastSaved(saved)?.benefit).toBeNull();
  });

  it('a change to the lines re-verifies the code quietly; a code no longer valid is dropped with its message', async () => {
    const { actor, verifies, settled } = await withCart({ verify: [promotion, promotion, new Error('Promo not valid for selected tickets')] });
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    await settled();
    const applied = actor.getSnapshot().context.notice;
    actor.send({ type: 'cart.add', line: trainerLineFixture() });
    expect(actor.getSnapshot().matches({ ready: { promotion: 'verifying' } })).toBe(true);
    await settled();
    expect(verifies[1]?.products).toHaveLength(3);
    expect(actor.getSnapshot().context.notice).toEqual(applied);
    actor.send({ type: 'cart.remove', index: 0 });
    await settled();
    expect(actor.getSnapshot().matches({ ready: { promotion: 'none' } })).toBe(true);
    expect(noticeText(actor.getSnapshot().context.notice)).toBe('Promo not valid for selected tickets');
  });

  it('a change while verifying asks again with the new lines; emptying the cart or removing the code stops it', async () => {
    const { actor, verifies, settled } = await withCart();
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    actor.send({ type: 'cart.add', line: trainerLineFixture() });
    await settled();
    expect(verifies.at(-1)?.products).toHaveLength(3);
    expect(actor.getSnapshot().matches({ ready: { promotion: 'applied' } })).toBe(true);

    actor.send({ type: 'promo.apply', code: 'OTHER' });
    actor.send({ type: 'promo.remove' });
    expect(actor.getSnapshot().matches({ ready: { promotion: 'none' } })).toBe(true);
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    actor.send({ type: 'cart.clear' });
    expect(actor.getSnapshot().matches({ ready: { promotion: 'none' } })).toBe(true);
    await settled();
    expect(actor.getSnapshot().context.benefit).toBeNull();

    actor.send({ type: 'cart.add', line: eventLineFixture() });
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    await settled();
    actor.send({ type: 'cart.remove', index: 0 });
    expect(actor.getSnapshot().matches({ ready: { promotion: 'none' } })).toBe(true);
  });
});

describe('cartMachine: coverage', () => {
  it('every state is reachable', () => {
    const input: CartInput = { holdsLines: true, customerThreshold: null, sessionId: 's', anonymousUser: true, now: () => NOW };
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => {
      const lines = (snapshot.context as { lines: CartLine[] }).lines;
      return [
        actorDone('loadCart', { lines: [], benefit: null }),
        actorError('loadCart', new Error('')),
        actorDone('saveCart', undefined),
        actorError('saveCart', new Error('')),
        actorDone('verifyBenefits', promotion),
        actorError('verifyBenefits', new Error('')),
        ...(lines.length < 1 ? [{ type: 'cart.add', line: eventLineFixture() }] : [{ type: 'cart.remove', index: 0 }]),
        { type: 'promo.apply', code: 'SAVE10' },
        { type: 'promo.remove' },
      ];
    };
    const identity = (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as { lines: CartLine[]; benefit: unknown };
      return [context.lines.length, context.benefit !== null];
    };
    expect(unreachedStates(cartMachine, input, events, identity)).toEqual([]);
  });
});

type Command =
  | { kind: 'add'; line: CartLine }
  | { kind: 'addon'; group: string; quantity: number }
  | { kind: 'remove'; index: number; addon: boolean }
  | { kind: 'quantity'; index: number; quantity: number };

const lineArbitrary: fc.Arbitrary<CartLine> = fc
  .record({
    kind: fc.constantFrom('facility', 'event', 'trainer', 'membership', 'academy', 'offer', 'pos'),
    id: fc.integer({ min: 1, max: 3 }),
    group: fc.constantFrom('g1', 'g2', 'g3'),
    quantity: fc.integer({ min: 1, max: 4 }),
    days: fc.array(fc.constantFrom(1, 2, 4), { maxLength: 3 }),
  })
  .map(({ kind, id, group, quantity, days }): CartLine => {
    const shared = { product_id: id, group, quantity };
    switch (kind) {
      case 'facility':
        return facilityLineFixture({ ...shared, facility_id: id });
      case 'event':
        return eventLineFixture({ ...shared, event_id: id });
      case 'trainer':
        return trainerLineFixture({ ...shared, trainer_id: id });
      case 'membership':
        return membershipLineFixture({ ...shared, membership_id: id, package_id: id });
      case 'academy':
        return academyLineFixture({ ...shared, workshop_id: 1, workshop_program_id: id, days });
      case 'offer':
        return offerLineFixture({ ...shared, offer_id: id });
      default:
        return posLineFixture({ ...shared, outlet_id: id });
    }
  });

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: lineArbitrary.map((line): Command => ({ kind: 'add', line })) },
  { weight: 2, arbitrary: fc.record({ group: fc.constantFrom('g1', 'g2', 'g3'), quantity: fc.integer({ min: 1, max: 60 }) }).map((c): Command => ({ kind: 'addon', ...c })) },
  { weight: 2, arbitrary: fc.record({ index: fc.integer({ min: 0, max: 5 }), addon: fc.boolean() }).map((c): Command => ({ kind: 'remove', ...c })) },
  { weight: 2, arbitrary: fc.record({ index: fc.integer({ min: 0, max: 5 }), quantity: fc.integer({ min: -3, max: 6 }) }).map((c): Command => ({ kind: 'quantity', ...c })) },
);

describe('cartMachine: invariants over random adds and removes', () => {
  it('[S1-5.43] [S1-5.44] [S1-5.47] [S1-5.49] [S1-5.50] [S1-5.52] never two memberships, never a membership with others, one POS outlet, add-ons under their base, counts never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { maxLength: 30 }), async (commands) => {
        const { actor, settled } = setUp();
        await settled();
        for (const command of commands) {
          if (command.kind === 'add') actor.send({ type: 'cart.add', line: command.line });
          if (command.kind === 'addon') actor.send({ type: 'addon.add', addon: facilityAddonFixture({ group: command.group, quantity: command.quantity }) });
          if (command.kind === 'remove') actor.send({ type: 'cart.remove', index: command.index, addonIndex: command.addon ? 0 : null });
          if (command.kind === 'quantity') actor.send({ type: 'cart.quantity', index: command.index, quantity: command.quantity });

          const lines = actor.getSnapshot().context.lines;
          const memberships = lines.filter((line) => line.type === 'membership');
          expect(memberships.length).toBeLessThanOrEqual(1);
          if (memberships.length === 1) expect(lines).toHaveLength(1);
          expect(new Set(lines.flatMap((line) => (line.type === 'pos' ? [line.outlet_id] : []))).size).toBeLessThanOrEqual(1);
          for (const line of lines) {
            expect(line.quantity).toBeGreaterThan(0);
            for (const addon of line.addons) {
              expect(addon.group).toBe(line.group);
              expect(addon.quantity).toBeGreaterThan(0);
              expect(addon.quantity).toBeLessThanOrEqual(100);
            }
          }
          expect(cartCount(lines)).toBeGreaterThanOrEqual(0);
        }
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});
