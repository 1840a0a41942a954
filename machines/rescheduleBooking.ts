import { assign, emit, setup } from 'xstate';
import { type RescheduleQuote, type RescheduleResult, type RescheduleSlots, type RescheduleTarget } from '../src/domain/contract/bookingActions';
import { type Balances } from '../src/domain/contract/orders';
import { failureOf, isRefusal, RESCHEDULE_PLACEHOLDERS, type Failure } from './bookingActionActors';

/**
 * Moving one booking to another date and slot (issue 15), its price difference shown before confirming.
 *
 * - `idle` → 'reschedule.open' → `loadingSlots` (the free slots of the chosen day) → `picking`: 'date.change'
 *   loads another day; 'slot.select' → `quoting` → `confirming` with the difference (less comes back to the
 *   wallet), or `dearer` when the new slot costs more: the wallet and saved cards are loaded and the difference's
 *   payment chosen ('pay.wallet.toggle', 'pay.card.choose', 'pay.card.save'; a new card unless one is chosen).
 *   'reschedule.back' returns to `picking`.
 * - `confirming` or `dearer` → 'reschedule.confirm' → `submitting` (under a key made on entering either) → `done`,
 *   which emits 'reschedule.changed' so the screen reloads its data; or, when a card payment is left to make,
 *   `redirecting` to the hosted payment page (which comes back to the move's page).
 * - A failed call goes to `failed`; 'reschedule.retry' sends a submit whose answer was lost again under the same
 *   key, and after anything else (a slot taken meanwhile, a changed price) shows the day's slots afresh.
 * - 'reschedule.close' from anywhere but `submitting` goes back to `idle`.
 */

export interface RescheduleBookingInput {
  bookingId: number;
  /** The booking's current date: the day the picker opens on. */
  date: string;
  newKey: () => string;
}

export interface RescheduleBookingContext {
  bookingId: number;
  bookingDate: string;
  newKey: () => string;
  date: string;
  slots: RescheduleSlots | null;
  target: RescheduleTarget | null;
  quote: RescheduleQuote | null;
  result: RescheduleResult | null;
  key: string | null;
  failure: Failure | null;
  failedCall: 'slots' | 'quote' | 'submit' | null;
  /** The wallet and saved cards, once loaded for a dearer slot (null when they could not be: a new card still works). */
  methods: Balances | null;
  payment: PaymentChoice;
}

/** How the difference is paid: the wallet first when chosen, then `cardId` (a saved card) or a new card. */
export interface PaymentChoice {
  wallet: boolean;
  cardId: number | null;
  saveCard: boolean;
}

const NEW_CARD: PaymentChoice = { wallet: false, cardId: null, saveCard: false };

export type RescheduleBookingEvent =
  | { type: 'reschedule.open' }
  | { type: 'date.change'; date: string }
  | { type: 'slot.select'; startTime: string }
  | { type: 'reschedule.confirm' }
  | { type: 'reschedule.back' }
  | { type: 'reschedule.retry' }
  | { type: 'reschedule.close' }
  | { type: 'pay.wallet.toggle' }
  | { type: 'pay.card.choose'; cardId: number | null }
  | { type: 'pay.card.save'; save: boolean };
export type RescheduleBookingEmitted = { type: 'reschedule.changed' };

type FailedCall = NonNullable<RescheduleBookingContext['failedCall']>;

export const rescheduleBookingMachine = setup({
  types: {
    input: {} as RescheduleBookingInput,
    context: {} as RescheduleBookingContext,
    events: {} as RescheduleBookingEvent,
    emitted: {} as RescheduleBookingEmitted,
  },
  actors: RESCHEDULE_PLACEHOLDERS,
  guards: {
    isDearer: ({ context }) => (context.quote?.to_pay ?? 0) > 0,
    isSubmitToRepeat: ({ context }) => context.failedCall === 'submit' && !isRefusal(context.failure),
    hasPaymentPage: ({ context }) => context.result?.payment != null,
  },
  actions: {
    reset: assign(({ context }) => ({ date: context.bookingDate, slots: null, target: null, quote: null, result: null, key: null, failure: null, failedCall: null, methods: null, payment: NEW_CARD })),
    keepMethods: assign((_, methods: Balances | null) => ({ methods })),
    toggleWallet: assign(({ context }) => ({ payment: { ...context.payment, wallet: !context.payment.wallet } })),
    chooseCard: assign(({ context }, cardId: number | null) => ({ payment: { ...context.payment, cardId, saveCard: cardId === null && context.payment.saveCard } })),
    saveCard: assign(({ context }, save: boolean) => ({ payment: { ...context.payment, saveCard: save && context.payment.cardId === null } })),
    chooseDate: assign((_, date: string) => ({ date, target: null, quote: null })),
    chooseSlot: assign(({ context }, startTime: string) => ({ target: { date: context.date, start_time: startTime } })),
    forgetSlot: assign({ target: null, quote: null }),
    newKey: assign({ key: ({ context }) => context.newKey() }),
    keepSlots: assign((_, slots: RescheduleSlots) => ({ slots, failure: null, failedCall: null })),
    keepQuote: assign((_, quote: RescheduleQuote) => ({ quote, failure: null, failedCall: null })),
    keepResult: assign((_, result: RescheduleResult) => ({ result, failure: null, failedCall: null })),
    keepFailure: assign((_, params: { error: unknown; call: FailedCall }) => ({ failure: failureOf(params.error), failedCall: params.call })),
    announceChange: emit({ type: 'reschedule.changed' }),
  },
}).createMachine({
  id: 'rescheduleBooking',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    bookingDate: input.date,
    newKey: input.newKey,
    date: input.date,
    slots: null,
    target: null,
    quote: null,
    result: null,
    key: null,
    failure: null,
    failedCall: null,
    methods: null,
    payment: NEW_CARD,
  }),
  initial: 'idle',
  on: { 'reschedule.close': { target: '.idle' } },
  states: {
    idle: {
      entry: 'reset',
      on: { 'reschedule.open': 'loadingSlots' },
    },
    loadingSlots: {
      tags: ['pending'],
      invoke: {
        src: 'loadSlots',
        input: ({ context }) => ({ bookingId: context.bookingId, date: context.date }),
        onDone: { target: 'picking', actions: { type: 'keepSlots', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error, call: 'slots' as const }) } },
      },
      on: { 'date.change': { target: 'loadingSlots', reenter: true, actions: { type: 'chooseDate', params: ({ event }) => event.date } } },
    },
    picking: {
      entry: 'forgetSlot',
      on: {
        'date.change': { target: 'loadingSlots', actions: { type: 'chooseDate', params: ({ event }) => event.date } },
        'slot.select': { target: 'quoting', actions: { type: 'chooseSlot', params: ({ event }) => event.startTime } },
      },
    },
    quoting: {
      tags: ['pending'],
      invoke: {
        src: 'quoteReschedule',
        input: ({ context }) => ({ bookingId: context.bookingId, date: context.target?.date ?? context.date, start_time: context.target?.start_time ?? '' }),
        onDone: { target: 'quoted', actions: { type: 'keepQuote', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error, call: 'quote' as const }) } },
      },
    },
    quoted: {
      always: [{ guard: 'isDearer', target: 'dearer' }, { target: 'confirming' }],
    },
    confirming: {
      entry: 'newKey',
      on: { 'reschedule.confirm': 'submitting', 'reschedule.back': 'picking' },
    },
    dearer: {
      entry: 'newKey',
      initial: 'loadingMethods',
      states: {
        loadingMethods: {
          tags: ['pending'],
          invoke: {
            src: 'loadPaymentMethods',
            onDone: { target: 'choosing', actions: { type: 'keepMethods', params: ({ event }) => event.output } },
            onError: { target: 'choosing', actions: { type: 'keepMethods', params: null } },
          },
        },
        choosing: {
          on: {
            'pay.wallet.toggle': { actions: 'toggleWallet' },
            'pay.card.choose': { actions: { type: 'chooseCard', params: ({ event }) => event.cardId } },
            'pay.card.save': { actions: { type: 'saveCard', params: ({ event }) => event.save } },
            'reschedule.confirm': '#rescheduleBooking.submitting',
          },
        },
      },
      on: { 'reschedule.back': 'picking' },
    },
    submitting: {
      tags: ['pending'],
      on: { 'reschedule.close': {} },
      invoke: {
        src: 'submitReschedule',
        input: ({ context }) => ({
          bookingId: context.bookingId,
          key: context.key ?? '',
          date: context.quote?.next.date ?? '',
          start_time: context.target?.start_time ?? '',
          difference: context.quote?.difference ?? 0,
          ...((context.quote?.to_pay ?? 0) > 0
            ? { payment: { wallet: context.payment.wallet ? (1 as const) : (0 as const), card_id: context.payment.cardId, save_card: context.payment.saveCard ? (1 as const) : (0 as const) } }
            : {}),
        }),
        onDone: { target: 'paid', actions: { type: 'keepResult', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error, call: 'submit' as const }) } },
      },
    },
    failed: {
      on: {
        'reschedule.retry': [{ guard: 'isSubmitToRepeat', target: 'submitting' }, { target: 'loadingSlots' }],
        'reschedule.back': 'loadingSlots',
      },
    },
    paid: {
      always: [{ guard: 'hasPaymentPage', target: 'redirecting' }, { target: 'done' }],
    },
    redirecting: {
      tags: ['pending'],
      on: { 'reschedule.close': {} },
      invoke: {
        src: 'goToPayment',
        input: ({ context }) => ({ pg: context.result?.payment?.pg ?? null, url: context.result?.payment?.url ?? null, form_fields: context.result?.payment?.form_fields ?? null }),
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error, call: 'submit' as const }) } },
      },
    },
    done: {
      entry: 'announceChange',
    },
  },
});
