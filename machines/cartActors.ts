import { fromCallback, fromPromise, type CallbackActorLogic, type EventObject, type PromiseActorLogic } from 'xstate';
import { type CartLine } from '../src/domain/cart/lines';
import { type ReleaseHold } from '../src/domain/contract/facilities';
import { type BenefitsVerifyBody, type Promotion } from '../src/domain/contract/orders';

/**
 * The calls and storage the cart machine uses, as typed placeholders. The app supplies the real ones
 * (src/services/cartStore.ts, `createCartActors()`) with `.provide({ actors })`; tests supply fakes. A call rejects
 * with an Error whose `message` is the server's message, or '' when the network failed.
 */

/** A promo code, or a membership card with its holder's mobile (POST benefits/verify without its products). */
export type BenefitRequest = { promotion_code: string; mobile?: string | null } | { card_number: string; mobile: string };

/** A code or card the server accepted for the cart, with its answer. */
export interface AppliedBenefit {
  request: BenefitRequest;
  promotion: Promotion;
}

/** What is kept per cart session, so a reload or a crashed tab loses nothing (spec 001 §4). */
export interface CartSnapshot {
  lines: CartLine[];
  benefit: AppliedBenefit | null;
}

export type LoadCart = PromiseActorLogic<CartSnapshot, void>;
export type SaveCart = PromiseActorLogic<void, CartSnapshot>;
/** DELETE cart/sync for one facility line; only called with allow_facility_items_reservation on. */
export type ReleaseHoldCall = PromiseActorLogic<void, ReleaseHold>;
/** POST benefits/verify: the server's per-product discounts, or a rejection with its message. */
export type VerifyBenefits = PromiseActorLogic<Promotion, BenefitsVerifyBody>;
/** Sends 'holds.tick' while the cart is open (every second in the app), so lapsed holds are dropped. */
export type HoldClock = CallbackActorLogic<EventObject>;

/** A type alias rather than an interface, so setup() accepts it as its actors map. */
export type CartActors = {
  loadCart: LoadCart;
  saveCart: SaveCart;
  releaseHold: ReleaseHoldCall;
  verifyBenefits: VerifyBenefits;
  holdClock: HoldClock;
};

function placeholder<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(() => Promise.reject(new Error(`${name} is provided by the app`)));
}

/** The placeholders the machine is set up with; each call rejects and the clock stays still until the app provides them. */
export const CART_PLACEHOLDERS: CartActors = {
  loadCart: placeholder('loadCart'),
  saveCart: placeholder('saveCart'),
  releaseHold: placeholder('releaseHold'),
  verifyBenefits: placeholder('verifyBenefits'),
  holdClock: fromCallback(() => {}),
};
