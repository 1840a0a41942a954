import { createActor, type Actor } from 'xstate';
import { cartMachine } from '../../machines/cart';
import { type ApiClient } from '../api/client';
import { readCartLines, watchCartLines } from '../db/cartQueries';
import { type CartLine } from '../domain/cart/lines';
import { ensureCartSessionId } from './cartSession';
import { createCartActors, type CartStoreOptions } from './cartStore';

/**
 * The app's one cart (machines/cart.ts with its real storage and calls). Loaded after the first screen, or when the
 * cart page opens, so Dexie and the cart machine stay out of the first screen's JavaScript.
 */
export type CartActor = Actor<typeof cartMachine>;

export interface StartCartOptions {
  /** allow_facility_items_reservation is 1. */
  holdsLines: boolean;
  /** customer_threshold in the is_baps variant; null otherwise. */
  customerThreshold: number | null;
  /** The user is a guest (their emptied cart resets them). */
  anonymousUser: boolean;
  now?: () => number;
  /** Tests hand in their own database, session id and clock speed. */
  store?: CartStoreOptions;
  /** This session's lines on the device (src/db/cartQueries.ts); tests hand in their own. */
  deviceLines?: (sessionKey: string) => DeviceLines;
}

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) => JSON.stringify(a) === JSON.stringify(b);

/** Settled: loaded and nothing being written, so what the device holds can be compared with what the cart holds. */
const isSettled = (actor: CartActor) => actor.getSnapshot().matches({ ready: { persistence: 'saved' } });

/** This session's lines on the device: watched (each change) and read afresh. */
export interface DeviceLines {
  watch(listener: (lines: CartLine[]) => void): () => void;
  read(): Promise<CartLine[]>;
}

/**
 * Reloads the cart when this session's lines on the device differ from the machine's: the booking modal stores its
 * lines itself, and another tab may change the cart. The cart's own writes come back equal and change nothing.
 * A change seen while the cart is loading or saving may be its own write or someone else's, so once the cart has
 * settled the device is read again and compared.
 */
export function followDeviceLines(actor: CartActor, device: DeviceLines): () => void {
  let changedWhileBusy = false;
  const reloadIfDifferent = (lines: CartLine[]) => {
    if (isSettled(actor) && !sameLines(lines, actor.getSnapshot().context.lines)) actor.send({ type: 'cart.reload' });
  };
  const stopWatching = device.watch((lines) => {
    if (isSettled(actor)) reloadIfDifferent(lines);
    else changedWhileBusy = true;
  });
  let wasSettled = isSettled(actor);
  const settling = actor.subscribe(() => {
    const settled = isSettled(actor);
    if (settled && !wasSettled && changedWhileBusy) {
      changedWhileBusy = false;
      void device.read().then(reloadIfDifferent, () => {});
    }
    wasSettled = settled;
  });
  return () => {
    stopWatching();
    settling.unsubscribe();
  };
}

export function startCart(api: ApiClient, options: StartCartOptions): CartActor {
  const key = (options.store?.cartSessionId ?? ensureCartSessionId)();
  const actor = createActor(cartMachine.provide({ actors: createCartActors(api, { ...options.store, cartSessionId: () => key }) }), {
    input: {
      holdsLines: options.holdsLines,
      customerThreshold: options.customerThreshold,
      sessionId: key,
      anonymousUser: options.anonymousUser,
      now: options.now ?? (() => Date.now()),
    },
  });
  actor.start();
  followDeviceLines(actor, options.deviceLines?.(key) ?? { watch: (listener) => watchCartLines(key, listener), read: () => readCartLines(key) });
  return actor;
}
