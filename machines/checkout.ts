import { assertEvent, assign, emit, setup } from 'xstate';
import { type CartLine } from '../src/domain/cart/lines';
import { buildOrderPayload, orderFormFields, submissionOwner, type AppliedBenefitRequest } from '../src/domain/checkout/payload';
import {
  defaultChoices,
  exceedsCreditLimit,
  fitChoices,
  payerKind,
  paymentOptions,
  paymentSplit,
  type PaymentChoices,
  type PaymentOptions,
} from '../src/domain/checkout/payment';
import { type Balances, type OrderResult } from '../src/domain/contract/orders';
import { type User } from '../src/domain/session';
import { CHECKOUT_PLACEHOLDERS, failureOf, type OrderFailure, type PendingSubmission, type Submission } from './checkoutActors';

/**
 * Checkout (spec 001 §3 Order payload, §4 Order result, §7 POST orders; spec 000 §5 credit limit).
 *
 * - `starting` reads the submission this device kept (`readPendingKey`). One left by a lost answer or a reload is
 *   sent again at once, same key and same body, and the venue answers with the first result (never a second order).
 * - `loadingBalances` (customers and partners) → `ready`: the payment choices ('payment.choose' card or credit,
 *   'wallet.toggle', 'qpoints.toggle', 'card.choose' a saved card or null for a new one, 'card.save', 'notes.change').
 *   A balances failure still reaches `ready` (card only) with `balancesFailed`; 'balances.retry' tries again.
 *   'cart.update' hands in the cart's current lines, total and benefit; 'session.change' a new user (guest login).
 * - 'order.submit' in `ready` or `failed`: over the partner's credit limit it stays with the `creditLimit` error;
 *   otherwise `submitting` ('pending'): `saving` keeps the key on the device, `sending` POSTs. Further presses are
 *   ignored while submitting (a double tap makes one call).
 * - The answer: a gateway (pg and url) → `redirecting` (key cleared, 'order.placed' emitted so the cart resets,
 *   then `redirect`: window.location, or a form POST for FORM_POST_GATEWAY); otherwise `succeeded` or
 *   `awaitingApproval` (isApprovalRequired) until 'result.close', which clears the key and emits 'order.placed'.
 *   Until then a reload replays the same answer.
 * - No answer (network, or a server fault that stored nothing): `lost`, the key kept; 'order.retry' (or another
 *   press) resends the same submission. A refusal: the key is cleared and `failed` shows the server's message;
 *   the cart is kept.
 */

export interface CheckoutInput {
  user: User | null;
  lines: CartLine[];
  total: number;
  benefit: AppliedBenefitRequest | null;
  isBaps: boolean;
  /** A fresh idempotency key (crypto.randomUUID in the app). */
  newKey: () => string;
}

export type CheckoutError = { code: 'creditLimit' } | { code: 'network' } | { code: 'redirect' } | { code: 'server'; message: string };

export interface CheckoutContext extends CheckoutInput {
  balances: Balances | null;
  balancesFailed: boolean;
  options: PaymentOptions;
  choices: PaymentChoices;
  submission: Submission | null;
  result: OrderResult | null;
  error: CheckoutError | null;
}

export type CheckoutEvent =
  | { type: 'payment.choose'; method: PaymentChoices['method'] }
  | { type: 'wallet.toggle' }
  | { type: 'qpoints.toggle' }
  | { type: 'card.choose'; cardId: number | null }
  | { type: 'card.save'; save: boolean }
  | { type: 'notes.change'; notes: string }
  | { type: 'cart.update'; lines: CartLine[]; total: number; benefit: AppliedBenefitRequest | null }
  | { type: 'session.change'; user: User | null }
  | { type: 'balances.retry' }
  | { type: 'order.submit' }
  | { type: 'order.retry' }
  | { type: 'error.dismiss' }
  | { type: 'result.close' };

export type CheckoutEmitted = { type: 'order.placed'; result: OrderResult };

const optionsOf = (user: User | null, balances: Balances | null) => paymentOptions(payerKind(user), balances);

/** The amounts the visitor sees: what wallet, q-points and credit take, and what is left for the card. */
export function checkoutSplit(context: Pick<CheckoutContext, 'total' | 'balances' | 'choices'>) {
  return paymentSplit(context.total, context.balances, context.choices);
}

const isPayer = (user: User | null) => payerKind(user) !== 'visitor';

/** The editing events, answered alike in `ready` and `failed` (where an edit also clears the error). */
const EDITS = {
  'payment.choose': { target: '#checkout.ready', actions: ['choose', 'clearError'] },
  'wallet.toggle': { target: '#checkout.ready', actions: ['toggleWallet', 'clearError'] },
  'qpoints.toggle': { target: '#checkout.ready', actions: ['toggleQpoints', 'clearError'] },
  'card.choose': { target: '#checkout.ready', actions: ['chooseCard', 'clearError'] },
  'card.save': { target: '#checkout.ready', actions: ['saveCard', 'clearError'] },
  'notes.change': { target: '#checkout.ready', actions: 'changeNotes' },
  'cart.update': { actions: 'updateCart' },
  'session.change': { target: '#checkout.balances', actions: ['changeUser', 'clearError'] },
  'order.submit': [
    { guard: 'isOverCreditLimit', target: '#checkout.failed', actions: 'refuseCredit' },
    { guard: 'canSubmit', target: '#checkout.submitting', actions: ['prepareSubmission', 'clearError'] },
  ],
} as const;

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: CHECKOUT_PLACEHOLDERS,
  guards: {
    hasKeptSubmission: (_, kept: PendingSubmission | null) => kept !== null,
    needsBalances: ({ context }) => {
      const kind = payerKind(context.user);
      return kind === 'customer' || kind === 'partner';
    },
    canSubmit: ({ context }) => isPayer(context.user) && context.lines.length > 0,
    isOverCreditLimit: ({ context }) => exceedsCreditLimit(checkoutSplit(context), context.balances),
    isGatewayRedirect: (_, result: OrderResult) => result.pg !== null && result.url !== null,
    isApprovalRequired: (_, result: OrderResult) => result.isApprovalRequired,
    isLostAnswer: (_, failure: OrderFailure) => failure.status === 0 || failure.status >= 500,
  },
  actions: {
    choose: assign(({ context, event }) => {
      assertEvent(event, 'payment.choose');
      if (event.method === 'credit' && !context.options.credit) return {};
      const cardId = event.method === 'card' && !context.options.newCard ? (context.options.savedCards[0]?.id ?? null) : context.choices.cardId;
      if (event.method === 'card' && !context.options.newCard && cardId === null) return {};
      return { choices: { ...context.choices, method: event.method, cardId } };
    }),
    toggleWallet: assign(({ context }) => ({ choices: { ...context.choices, wallet: context.options.wallet && !context.choices.wallet } })),
    toggleQpoints: assign(({ context }) => ({ choices: { ...context.choices, qpoints: context.options.qpoints && !context.choices.qpoints } })),
    chooseCard: assign(({ context, event }) => {
      assertEvent(event, 'card.choose');
      const known = event.cardId === null ? context.options.newCard : context.options.savedCards.some((card) => card.id === event.cardId);
      if (!known) return {};
      return { choices: { ...context.choices, method: 'card' as const, cardId: event.cardId, saveCard: event.cardId === null && context.choices.saveCard } };
    }),
    saveCard: assign(({ context, event }) => {
      assertEvent(event, 'card.save');
      return { choices: { ...context.choices, saveCard: event.save && context.options.saveCard && context.choices.cardId === null } };
    }),
    changeNotes: assign(({ context, event }) => {
      assertEvent(event, 'notes.change');
      return { choices: { ...context.choices, notes: event.notes } };
    }),
    updateCart: assign(({ event }) => {
      assertEvent(event, 'cart.update');
      return { lines: event.lines, total: event.total, benefit: event.benefit };
    }),
    changeUser: assign(({ event }) => {
      assertEvent(event, 'session.change');
      const options = optionsOf(event.user, null);
      return { user: event.user, balances: null, balancesFailed: false, options, choices: defaultChoices(options) };
    }),
    setBalances: assign(({ context }, balances: Balances) => {
      const options = optionsOf(context.user, balances);
      return { balances, balancesFailed: false, options, choices: fitChoices(context.choices, options) };
    }),
    markBalancesFailed: assign({ balancesFailed: true }),
    prepareSubmission: assign(({ context }) => {
      const payload = buildOrderPayload({ lines: context.lines, user: context.user, choices: context.choices, options: context.options, benefit: context.benefit, isBaps: context.isBaps });
      return { submission: { key: context.newKey(), fields: orderFormFields(payload) }, result: null };
    }),
    restoreSubmission: assign((_, kept: PendingSubmission) => ({ submission: { key: kept.key, fields: kept.fields } })),
    setResult: assign((_, result: OrderResult) => ({ result })),
    refuseCredit: assign({ error: { code: 'creditLimit' } }),
    refuse: assign((_, failure: OrderFailure) => ({
      error: failure.message ? { code: 'server' as const, message: failure.message } : { code: 'network' as const },
    })),
    markLost: assign({ error: { code: 'network' } }),
    markRedirectFailed: assign({ error: { code: 'redirect' } }),
    clearError: assign({ error: null }),
    forgetSubmission: assign({ submission: null }),
    startOver: assign(({ context }) => ({ submission: null, result: null, error: null, choices: defaultChoices(context.options) })),
    placed: emit(({ context }) => ({ type: 'order.placed' as const, result: context.result as OrderResult })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const options = optionsOf(input.user, null);
    return { ...input, balances: null, balancesFailed: false, options, choices: defaultChoices(options), submission: null, result: null, error: null };
  },
  initial: 'starting',
  on: {
    'cart.update': { actions: 'updateCart' },
  },
  states: {
    starting: {
      tags: 'pending',
      invoke: {
        src: 'readPendingKey',
        input: ({ context }) => ({ owner: submissionOwner(context.user) }),
        onDone: [
          {
            guard: { type: 'hasKeptSubmission', params: ({ event }) => event.output },
            target: 'submitting.sending',
            actions: { type: 'restoreSubmission', params: ({ event }) => event.output as PendingSubmission },
          },
          { target: 'balances' },
        ],
        onError: { target: 'balances' },
      },
    },
    balances: {
      always: [{ guard: 'needsBalances', target: 'loadingBalances' }, { target: 'ready' }],
    },
    loadingBalances: {
      tags: 'pending',
      invoke: {
        src: 'loadBalances',
        onDone: { target: 'ready', actions: { type: 'setBalances', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'markBalancesFailed' },
      },
    },
    ready: {
      on: {
        ...EDITS,
        'balances.retry': { guard: 'needsBalances', target: 'loadingBalances' },
      },
    },
    failed: {
      on: {
        ...EDITS,
        'error.dismiss': { target: 'ready', actions: 'clearError' },
      },
    },
    submitting: {
      tags: 'pending',
      initial: 'saving',
      states: {
        saving: {
          invoke: {
            src: 'savePendingKey',
            input: ({ context }) => ({ ...(context.submission as Submission), owner: submissionOwner(context.user) }),
            // A device that cannot keep the key still pays; only a reload could not recover the answer then.
            onDone: { target: 'sending' },
            onError: { target: 'sending' },
          },
        },
        sending: {
          invoke: {
            src: 'submitOrder',
            input: ({ context }) => context.submission as Submission,
            onDone: [
              {
                guard: { type: 'isGatewayRedirect', params: ({ event }) => event.output },
                target: '#checkout.redirecting',
                actions: { type: 'setResult', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isApprovalRequired', params: ({ event }) => event.output },
                target: '#checkout.awaitingApproval',
                actions: { type: 'setResult', params: ({ event }) => event.output },
              },
              { target: '#checkout.succeeded', actions: { type: 'setResult', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'isLostAnswer', params: ({ event }) => failureOf(event.error) }, target: '#checkout.lost', actions: 'markLost' },
              { target: '#checkout.refused', actions: { type: 'refuse', params: ({ event }) => failureOf(event.error) } },
            ],
          },
        },
      },
    },
    lost: {
      on: {
        'order.retry': { target: 'submitting.sending', actions: 'clearError' },
        'order.submit': { target: 'submitting.sending', actions: 'clearError' },
      },
    },
    refused: {
      tags: 'pending',
      invoke: {
        src: 'clearPendingKey',
        onDone: { target: 'failed', actions: 'forgetSubmission' },
        onError: { target: 'failed', actions: 'forgetSubmission' },
      },
    },
    redirecting: {
      tags: 'pending',
      initial: 'clearing',
      states: {
        clearing: {
          invoke: {
            src: 'clearPendingKey',
            onDone: { target: 'leaving', actions: 'placed' },
            onError: { target: 'leaving', actions: 'placed' },
          },
        },
        leaving: {
          invoke: {
            src: 'redirect',
            input: ({ context }) => context.result as OrderResult,
            onError: { target: '#checkout.failed', actions: ['markRedirectFailed', 'forgetSubmission'] },
          },
        },
      },
    },
    succeeded: {
      on: { 'result.close': 'closing' },
    },
    awaitingApproval: {
      on: { 'result.close': 'closing' },
    },
    closing: {
      tags: 'pending',
      invoke: {
        src: 'clearPendingKey',
        onDone: { target: 'balances', actions: ['placed', 'startOver'] },
        onError: { target: 'balances', actions: ['placed', 'startOver'] },
      },
    },
  },
});
