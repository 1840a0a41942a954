import { fromPromise, type PromiseActorLogic } from 'xstate';
import { type Balances, type OrderResult } from '../src/domain/contract/orders';

/**
 * The calls and storage the checkout machine uses, as typed placeholders. The app supplies the real ones
 * (src/services/checkout.ts, `createCheckoutActors()`) with `.provide({ actors })`; tests supply fakes.
 */

/** One order submission: its idempotency key and the multipart fields sent under it, always the same body. */
export interface Submission {
  key: string;
  fields: [string, string][];
}

/** A submission kept on the device until its order resolves, with whose it is. */
export interface PendingSubmission extends Submission {
  owner: string;
}

/**
 * How a submission failed: the HTTP status (0 when no answer came back) and the server's message. The actor
 * rejects with an Error carrying these.
 */
export interface OrderFailure {
  status: number;
  message: string;
}

/** GET customers/balances: wallet, q-points, credit and saved cards of the signed-in customer. */
export type LoadBalances = PromiseActorLogic<Balances, void>;
/** POST orders (multipart) with the Idempotency-Key header; rejects with an OrderFailure. */
export type SubmitOrder = PromiseActorLogic<OrderResult, Submission>;
/** Reads the submission this device kept for `owner`, if any. */
export type ReadPendingKey = PromiseActorLogic<PendingSubmission | null, { owner: string }>;
export type SavePendingKey = PromiseActorLogic<void, PendingSubmission>;
export type ClearPendingKey = PromiseActorLogic<void, void>;
/** Leaves for the hosted payment page: a redirect to `url`, or a real form POST of `form_fields` to it. */
export type RedirectToGateway = PromiseActorLogic<void, OrderResult>;

/** A type alias rather than an interface, so setup() accepts it as its actors map. */
export type CheckoutActors = {
  loadBalances: LoadBalances;
  submitOrder: SubmitOrder;
  readPendingKey: ReadPendingKey;
  savePendingKey: SavePendingKey;
  clearPendingKey: ClearPendingKey;
  redirect: RedirectToGateway;
};

function placeholder<O, I>(name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(() => Promise.reject(new Error(`${name} is provided by the app`)));
}

export const CHECKOUT_PLACEHOLDERS: CheckoutActors = {
  loadBalances: placeholder('loadBalances'),
  submitOrder: placeholder('submitOrder'),
  readPendingKey: placeholder('readPendingKey'),
  savePendingKey: placeholder('savePendingKey'),
  clearPendingKey: placeholder('clearPendingKey'),
  redirect: placeholder('redirect'),
};

/** The status of a rejection: an OrderFailure's, or 0 (no answer) for anything else. */
export function failureOf(error: unknown): OrderFailure {
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') return { status: error.status, message: error.message };
  return { status: 0, message: '' };
}
