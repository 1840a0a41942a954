import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { cartCount } from '../domain/cart/totals';
import type { CartActor } from './cart';

/**
 * The app's cart as the first screen sees it: the cart actor (src/services/cart.ts) is started on first need —
 * after the first screen on a device that keeps data, else when the visitor adds to it, books, opens the cart or a
 * login page — so its code and Dexie stay off a first visit's page. Until then the badge reads 0 and listeners wait.
 */
export interface CartHandle {
  /** Starts the cart (once) and resolves with it. */
  actor(): Promise<CartActor>;
  /** The cart if it has started. */
  current(): CartActor | null;
  /** Told whenever `current()` changes from null to the cart. */
  onStarted(listener: () => void): () => void;
  /** Tickets in the cart, add-ons included (the header badge), as they change. */
  subscribeCount(listener: (count: number) => void): () => void;
  /** The kinds of line in the cart, as they change (guest login is offered only for some); starts the cart. */
  subscribeLineTypes(listener: (types: string[]) => void): () => void;
  /** Empties the cart and releases its holds (logout, session reset); waits for the cart to have loaded. */
  reset(): Promise<void>;
}

function distinct<T>(listener: (value: T) => void, same: (a: T, b: T) => boolean = Object.is): (value: T) => void {
  let last: { value: T } | null = null;
  return (value) => {
    if (last && same(last.value, value)) return;
    last = { value };
    listener(value);
  };
}

/** Resolves once the actor's state meets `ready` (xstate's waitFor, without pulling it into the first screen). */
export function whenState<A extends AnyActorRef>(actor: A, ready: (state: SnapshotFrom<A>) => boolean): Promise<SnapshotFrom<A>> {
  return new Promise((resolve) => {
    const now = actor.getSnapshot() as SnapshotFrom<A>;
    if (ready(now)) return resolve(now);
    const subscription = actor.subscribe((state: SnapshotFrom<A>) => {
      if (!ready(state)) return;
      subscription.unsubscribe();
      resolve(state);
    });
  });
}

const lineTypes = (actor: CartActor) => [...new Set(actor.getSnapshot().context.lines.map((line) => line.type))].sort();

export function createCartHandle(start: () => Promise<CartActor>): CartHandle {
  let starting: Promise<CartActor> | null = null;
  let started: CartActor | null = null;
  const startedListeners = new Set<() => void>();

  const actor = () =>
    (starting ??= start().then((cart) => {
      started = cart;
      for (const listener of startedListeners) listener();
      return cart;
    }));

  const onStarted = (listener: () => void) => {
    startedListeners.add(listener);
    return () => {
      startedListeners.delete(listener);
    };
  };

  /** Follows a value of the cart once it has started; nothing is told before. */
  function follow<T>(read: (cart: CartActor) => T, listener: (value: T) => void, same?: (a: T, b: T) => boolean): () => void {
    const tell = distinct(listener, same);
    let stop: (() => void) | null = null;
    const attach = (cart: CartActor) => {
      tell(read(cart));
      const subscription = cart.subscribe(() => tell(read(cart)));
      stop = () => subscription.unsubscribe();
    };
    if (started) {
      attach(started);
      return () => stop?.();
    }
    const stopWaiting = onStarted(() => {
      stopWaiting();
      if (started) attach(started);
    });
    return () => {
      stopWaiting();
      stop?.();
    };
  }

  return {
    actor,
    current: () => started,
    onStarted,
    subscribeCount: (listener) => follow((cart) => cartCount(cart.getSnapshot().context.lines), listener),
    subscribeLineTypes: (listener) => {
      // Only the login pages ask, and what they offer depends on the lines: the cart must be read, not assumed empty.
      void actor();
      return follow(lineTypes, listener, (a, b) => a.join() === b.join());
    },
    async reset() {
      const cart = await actor();
      await whenState(cart, (state) => state.matches('ready'));
      cart.send({ type: 'cart.reset' });
    },
  };
}
