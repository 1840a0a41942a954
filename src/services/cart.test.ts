import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { cartMachine } from '../../machines/cart';
import { type CartSnapshot } from '../../machines/cartActors';
import { facilityAddonFixture, facilityLineFixture } from '../domain/cart/facilityLineFixture';
import { type CartLine } from '../domain/cart/lines';
import { followDeviceLines, type CartActor } from './cart';

/** A device whose writes the test controls: the cart's own saves land there, and so do "other code's" writes. */
function device(initial: CartLine[]) {
  let lines = initial;
  let listener: (lines: CartLine[]) => void = () => {};
  let saveGate: Promise<void> = Promise.resolve();
  const loads: number[] = [];
  return {
    get lines() {
      return lines;
    },
    write(next: CartLine[]) {
      lines = next;
      listener(lines);
    },
    holdSaves(gate: Promise<void>) {
      saveGate = gate;
    },
    loads,
    cart(): CartActor {
      return createActor(
        cartMachine.provide({
          actors: {
            loadCart: fromPromise<CartSnapshot, void>(async () => {
              loads.push(lines.length);
              return { lines, benefit: null };
            }),
            saveCart: fromPromise<void, CartSnapshot>(async ({ input }) => {
              lines = input.lines;
              listener(lines);
              await saveGate;
            }),
            releaseHold: fromPromise(async () => {}),
            verifyBenefits: fromPromise(async () => Promise.reject(new Error(''))),
            holdClock: fromCallback(() => {}),
          },
        }),
        { input: { holdsLines: false, customerThreshold: null, sessionId: 's', anonymousUser: false, now: () => 0 } },
      );
    },
    watch: (next: (lines: CartLine[]) => void) => {
      listener = next;
      return () => {
        listener = () => {};
      };
    },
    read: async () => lines,
  };
}

const settled = (cart: CartActor) => waitFor(cart, (state) => state.matches({ ready: { persistence: 'saved' } }));

describe('followDeviceLines', () => {
  it('reloads the cart when other code (the booking modal) stores lines on the device', async () => {
    const kept = device([facilityLineFixture()]);
    const cart = kept.cart().start();
    followDeviceLines(cart, kept);
    await settled(cart);
    kept.write([facilityLineFixture(), facilityLineFixture({ product_id: 2, group: 'g2', addons: [facilityAddonFixture({ group: 'g2' })] })]);
    await waitFor(cart, (state) => state.matches('ready') && state.context.lines.length === 2);
    expect(kept.loads).toEqual([1, 2]);
  });

  it("does not reload for the cart's own writes", async () => {
    const kept = device([facilityLineFixture()]);
    const cart = kept.cart().start();
    followDeviceLines(cart, kept);
    await settled(cart);
    cart.send({ type: 'cart.quantity', index: 0, quantity: 3 });
    await settled(cart);
    cart.send({ type: 'cart.remove', index: 0 });
    await settled(cart);
    expect(kept.lines).toEqual([]);
    expect(kept.loads).toEqual([1]);
  });

  it('looks again once the cart has settled when the device changed while it was saving', async () => {
    const kept = device([facilityLineFixture()]);
    const cart = kept.cart().start();
    followDeviceLines(cart, kept);
    await settled(cart);
    let release = () => {};
    kept.holdSaves(new Promise<void>((resolve) => (release = resolve)));
    cart.send({ type: 'cart.quantity', index: 0, quantity: 2 });
    await Promise.resolve();
    // The cart's write is in; before it reports back, another tab adds a line.
    kept.write([...kept.lines, facilityLineFixture({ product_id: 2, group: 'g2' })]);
    expect(kept.loads).toEqual([1]);
    release();
    await waitFor(cart, (state) => state.matches('ready') && state.context.lines.length === 2);
    expect(kept.loads).toEqual([1, 2]);
    expect(cart.getSnapshot().context.lines[0]?.quantity).toBe(2);
  });
});
