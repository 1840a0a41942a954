import { fromPromise } from 'xstate';
import type { ApiClient, ApiResult } from '../api/client';
import { deleteCard, setDefaultCard } from '../api/wallet';
import { type HostedPaymentResult } from '../domain/contract/wallet';
import { type PaymentRequest } from '../../machines/accountPayment';
import { leaveForGateway } from './checkout';

/** A refused call as the machines see it: an error carrying the server's message. */
async function succeeded<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** The real calls behind machines/savedCards.ts. */
export function savedCardsActors(api: ApiClient) {
  return {
    deleteCard: fromPromise<void, { cardId: number }>(async ({ input }) => void (await succeeded(deleteCard(api, input.cardId)))),
    setDefaultCard: fromPromise<void, { cardId: number }>(async ({ input }) => void (await succeeded(setDefaultCard(api, input.cardId)))),
  };
}

/** The real calls behind machines/accountPayment.ts: `start` records the payment (a top-up or an invoice). */
export function accountPaymentActors(start: (request: PaymentRequest) => Promise<ApiResult<{ data: HostedPaymentResult }>>, doc: Document = document) {
  return {
    startPayment: fromPromise<HostedPaymentResult, PaymentRequest>(async ({ input }) => (await succeeded(start(input))).data),
    // The browser is leaving; the promise stays pending so the screen keeps showing that it is on its way.
    leaveForGateway: fromPromise<void, HostedPaymentResult>(({ input }) => {
      leaveForGateway(input, doc);
      return new Promise<void>(() => {});
    }),
  };
}
