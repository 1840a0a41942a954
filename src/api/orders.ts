import { HEADERS } from '../domain/contract/headers';
import { balancesCall, balancesResponse, orderResponse, orderSummaryCall, orderSummaryResponse, placeOrderCall } from '../domain/contract/orders';
import { type ApiClient } from './client';

/**
 * POST orders (multipart, bearer; S1-7.20): the order payload's fields, named by an Idempotency-Key so that a
 * retried submission gets the first answer instead of making a second order.
 */
export function submitOrder(api: ApiClient, submission: { key: string; fields: readonly [string, string][] }) {
  const form = new FormData();
  for (const [name, value] of submission.fields) form.append(name, value);
  return api.call(placeOrderCall.path(), { method: placeOrderCall.method, body: form, headers: { [HEADERS.idempotencyKey]: submission.key }, schema: orderResponse });
}

/** GET orders/{token}: the order the payment-success page shows. */
export function getOrder(api: ApiClient, token: string) {
  return api.call(orderSummaryCall.path({ token }), { method: orderSummaryCall.method, schema: orderSummaryResponse });
}

/** GET customers/balances: wallet, q-points, credit facility and saved cards of the signed-in customer. */
export function getBalances(api: ApiClient) {
  return api.call(balancesCall.path(), { method: balancesCall.method, schema: balancesResponse });
}
