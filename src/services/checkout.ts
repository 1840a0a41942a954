import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { getBalances, submitOrder } from '../api/orders';
import type { PortalDb } from '../db/db';
import { isFormPost, type HostedPage } from '../domain/checkout/payload';
import type { OrderResult } from '../domain/contract/orders';
import type { CheckoutActors, OrderFailure, PendingSubmission } from '../../machines/checkoutActors';
import { ensureCartSessionId } from './cartSession';
import { saveCart } from './cartStore';
import { portalDb } from './database';

export type CheckoutServiceOptions = {
  /** The device database; tests hand in their own. */
  database?: () => Promise<PortalDb>;
  cartSessionId?: () => string;
  now?: () => number;
  /** Leaves the page for the gateway; the browser's own navigation unless a test replaces it. */
  leave?: (result: OrderResult) => void;
};

/** A rejection the checkout machine reads: the HTTP status (0: no answer) and the server's message. */
class OrderCallFailed extends Error implements OrderFailure {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The submission kept for this cart session, if it is `owner`'s (a key is never resent for another account). */
export async function readPendingSubmission(db: PortalDb, sessionKey: string, owner: string): Promise<PendingSubmission | null> {
  const row = await db.checkouts.get(sessionKey);
  if (!row) return null;
  if (row.owner !== owner) {
    await db.checkouts.delete(sessionKey);
    return null;
  }
  return { key: row.idempotencyKey, fields: row.fields, owner: row.owner };
}

/**
 * Sends the browser to the hosted payment page: a plain redirect, or for the form-post gateway a real form POST
 * of the gateway's fields (built in the document, so the browser navigates as with any submitted form).
 */
export function leaveForGateway(result: HostedPage, doc: Document = document): void {
  if (isFormPost(result)) {
    const form = doc.createElement('form');
    form.method = 'POST';
    form.action = result.url;
    form.hidden = true;
    for (const [name, value] of Object.entries(result.form_fields)) {
      const input = doc.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    doc.body.append(form);
    form.submit();
    return;
  }
  if (result.url) doc.defaultView?.location.assign(result.url);
}

/** The real calls and storage behind the checkout machine (machines/checkout.ts). */
export function createCheckoutActors(api: ApiClient, options: CheckoutServiceOptions = {}): CheckoutActors {
  const db = options.database ?? (() => portalDb('now'));
  const sessionKey = options.cartSessionId ?? ensureCartSessionId;
  const now = options.now ?? Date.now;
  const leave = options.leave ?? ((result: OrderResult) => leaveForGateway(result));
  return {
    loadBalances: fromPromise(async () => {
      const result = await getBalances(api);
      if (!result.ok) throw new OrderCallFailed(result.status, result.message);
      return result.data.data;
    }),
    submitOrder: fromPromise(async ({ input }) => {
      const result = await submitOrder(api, input);
      if (!result.ok) throw new OrderCallFailed(result.status, result.message);
      return result.data.data;
    }),
    readPendingKey: fromPromise(async ({ input }) => readPendingSubmission(await db(), sessionKey(), input.owner)),
    savePendingKey: fromPromise(async ({ input }) => {
      await (await db()).checkouts.put({ key: sessionKey(), owner: input.owner, idempotencyKey: input.key, fields: input.fields, savedAt: now() });
    }),
    clearPendingKey: fromPromise(async () => {
      await (await db()).checkouts.delete(sessionKey());
    }),
    // The cart was told to reset ('order.placed'), but its own write may not finish before the page unloads: empty
    // this session's stored cart first, so the visitor returns from the gateway to an empty cart. The machine then
    // waits in `redirecting` while the page goes away.
    redirect: fromPromise(async ({ input }) => {
      await saveCart(await db(), sessionKey(), { lines: [], benefit: null });
      leave(input);
    }),
  };
}
