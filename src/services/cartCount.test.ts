import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { cartMachine } from '../../machines/cart';
import { type CartSnapshot } from '../../machines/cartActors';
import { eventLineFixture } from '../domain/cart/cartLineFixtures';
import { facilityAddonFixture, facilityLineFixture } from '../domain/cart/facilityLineFixture';
import { type ReleaseHold } from '../domain/contract/facilities';
import { createCartHandle } from './cartCount';

function startedCart(released: ReleaseHold[]) {
  const lines = [
    facilityLineFixture({ quantity: 6, addons: [facilityAddonFixture({ quantity: 2 })], hold_expires_at: '2030-01-01T00:00:00.000Z' }),
    eventLineFixture({ quantity: 6, group: 'event' }),
  ];
  return createActor(
    cartMachine.provide({
      actors: {
        loadCart: fromPromise<CartSnapshot, void>(async () => ({ lines, benefit: null })),
        saveCart: fromPromise<void, CartSnapshot>(async () => {}),
        releaseHold: fromPromise<void, ReleaseHold>(async ({ input }) => {
          released.push(input);
        }),
        verifyBenefits: fromPromise(async () => Promise.reject(new Error(''))),
        holdClock: fromCallback(() => {}),
      },
    }),
    { input: { holdsLines: true, customerThreshold: null, sessionId: 's', anonymousUser: false, now: () => 0 } },
  ).start();
}

describe('createCartHandle', () => {
  it('[S1-9.18] [S0-2.66] starts the cart once, on first need; the badge count includes add-ons', async () => {
    let starts = 0;
    const released: ReleaseHold[] = [];
    const handle = createCartHandle(async () => {
      starts += 1;
      return startedCart(released);
    });
    const counts: number[] = [];
    const types: string[][] = [];
    handle.subscribeCount((count) => counts.push(count));
    handle.subscribeLineTypes((kinds) => types.push(kinds));
    expect(handle.current()).toBeNull();
    expect(counts).toEqual([]);

    const cart = await handle.actor();
    await handle.actor();
    expect(starts).toBe(1);
    expect(handle.current()).toBe(cart);
    await waitFor(cart, (state) => state.matches('ready'));
    expect(counts.at(-1)).toBe(14);
    expect(types.at(-1)).toEqual(['event', 'facility']);
  });

  it('the header badge alone never starts the cart (a first visit loads none); the line kinds a login page asks for do', async () => {
    let starts = 0;
    const handle = createCartHandle(async () => {
      starts += 1;
      return startedCart([]);
    });
    const counts: number[] = [];
    handle.subscribeCount((count) => counts.push(count));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(starts).toBe(0);
    expect(counts).toEqual([]);

    const types: string[][] = [];
    handle.subscribeLineTypes((kinds) => types.push(kinds));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(starts).toBe(1);
    await waitFor(handle.current()!, (state) => state.matches('ready'));
    expect(types.at(-1)).toEqual(['event', 'facility']);
    expect(counts.at(-1)).toBe(14);
  });

  it('[S0-4.7] [S1-4.23] reset waits for the cart to load, then empties it and releases its holds', async () => {
    const released: ReleaseHold[] = [];
    const handle = createCartHandle(async () => startedCart(released));
    const counts: number[] = [];
    handle.subscribeCount((count) => counts.push(count));
    await handle.reset();
    expect(counts.at(-1)).toBe(0);
    expect(released).toEqual([{ product_id: 1, date: '2026-11-22', start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 }]);
  });
});
