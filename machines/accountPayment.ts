import { assign, fromPromise, setup } from 'xstate';
import { type HostedPaymentResult } from '../src/domain/contract/wallet';
import { isAllowedTopUp, type WalletSettings } from '../src/domain/wallet/walletRules';

/**
 * A card payment that is not an order, through the hosted gateway page: a wallet top-up (the customer chooses or
 * types an amount the venue allows) or a partner's invoice (its amount is fixed).
 *
 * - `editing`: 'amount.choose' (a quick pick), 'amount.type' (typed text, checked on 'payment.submit'),
 *   'card.choose' (a saved card, or null for a new card on the gateway page). 'payment.submit' with an amount the
 *   venue does not allow stays, with `error` { code: 'amount' }.
 * - `starting` ('pending'): the call records the payment → `leaving` ('pending', the browser goes to the gateway;
 *   the balance changes only when the gateway says paid) | `failed` ({ code: 'server', message }); 'payment.retry'
 *   starts again with what was chosen, edits go back to `editing`. Nothing chosen is lost.
 */
export type TopUpRules = Pick<WalletSettings, 'topUpMin' | 'topUpMax' | 'topUpStep'>;

export type AccountPaymentInput = {
  /** Set for an invoice (fixed); null for a top-up the customer chooses. */
  fixedAmount: number | null;
  /** The top-up rules; null for an invoice. */
  rules: TopUpRules | null;
  /** The card chosen at first (the default saved card), or null for a new card. */
  cardId: number | null;
};

export type AccountPaymentError = { code: 'amount' } | { code: 'server'; message: string };

export type AccountPaymentContext = {
  fixedAmount: number | null;
  rules: TopUpRules | null;
  /** The amount as typed or picked. */
  amountText: string;
  cardId: number | null;
  error: AccountPaymentError | null;
  /** The payment the server recorded, once it has. */
  payment: HostedPaymentResult | null;
};

export type AccountPaymentEvent =
  | { type: 'amount.choose'; amount: number }
  | { type: 'amount.type'; text: string }
  | { type: 'card.choose'; cardId: number | null }
  | { type: 'payment.submit' }
  | { type: 'payment.retry' }
  | { type: 'error.dismiss' };

export type PaymentRequest = { amount: number; cardId: number | null };

/** The amount to pay: the invoice's, or the typed one read as a number (NaN when it is not one). */
export function amountToPay(context: Pick<AccountPaymentContext, 'fixedAmount' | 'amountText'>): number {
  if (context.fixedAmount !== null) return context.fixedAmount;
  const text = context.amountText.trim().replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
}

const EDITS = {
  'amount.choose': { target: '#accountPayment.editing', actions: 'chooseAmount' },
  'amount.type': { target: '#accountPayment.editing', actions: 'typeAmount' },
  'card.choose': { target: '#accountPayment.editing', actions: 'chooseCard' },
} as const;

export const accountPaymentMachine = setup({
  types: { input: {} as AccountPaymentInput, context: {} as AccountPaymentContext, events: {} as AccountPaymentEvent },
  actors: {
    startPayment: fromPromise<HostedPaymentResult, PaymentRequest>(() => Promise.reject(new Error('startPayment is provided by the app'))),
    leaveForGateway: fromPromise<void, HostedPaymentResult>(() => Promise.reject(new Error('leaveForGateway is provided by the app'))),
  },
  guards: {
    isAllowedAmount: ({ context }) => context.fixedAmount !== null || (context.rules !== null && isAllowedTopUp(amountToPay(context), context.rules)),
  },
  actions: {
    chooseAmount: assign(({ event }) => (event.type === 'amount.choose' ? { amountText: String(event.amount), error: null } : {})),
    typeAmount: assign(({ event }) => (event.type === 'amount.type' ? { amountText: event.text, error: null } : {})),
    chooseCard: assign(({ event }) => (event.type === 'card.choose' ? { cardId: event.cardId, error: null } : {})),
    refuseAmount: assign({ error: { code: 'amount' } as AccountPaymentError }),
    fail: assign((_, failed: { error: unknown }) => ({ error: { code: 'server', message: failed.error instanceof Error ? failed.error.message : String(failed.error) } as AccountPaymentError })),
    setPayment: assign((_, payment: HostedPaymentResult) => ({ payment })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'accountPayment',
  context: ({ input }) => ({ fixedAmount: input.fixedAmount, rules: input.rules, amountText: '', cardId: input.cardId, error: null, payment: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...EDITS,
        'payment.submit': [{ guard: 'isAllowedAmount', target: 'starting', actions: 'clearError' }, { actions: 'refuseAmount' }],
      },
    },
    starting: {
      tags: ['pending'],
      invoke: {
        src: 'startPayment',
        input: ({ context }) => ({ amount: amountToPay(context), cardId: context.cardId }),
        onDone: { target: 'leaving', actions: { type: 'setPayment', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    leaving: {
      tags: ['pending'],
      invoke: {
        src: 'leaveForGateway',
        input: ({ context }) => context.payment as HostedPaymentResult,
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    failed: {
      on: {
        ...EDITS,
        'payment.retry': { target: 'starting', actions: 'clearError' },
        'error.dismiss': { target: 'editing', actions: 'clearError' },
      },
    },
  },
});
