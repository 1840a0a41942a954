import { assign, emit, setup } from 'xstate';
import { type CancelQuote, type CancelResult } from '../src/domain/contract/bookingActions';
import { CANCEL_PLACEHOLDERS, failureOf, isRefusal, type Failure } from './bookingActionActors';

/**
 * Cancelling one booking (issue 15), priced before confirming.
 *
 * - `idle` → 'cancel.open' → `quoting` (the quote call) → `confirming` with the quote, or `refused` when the
 *   policy no longer allows it (the quote says until when it was possible).
 * - `confirming` → 'cancel.confirm' → `submitting` (under a key made on entering `confirming`) → `done`, which
 *   emits 'cancel.changed' so the screen reloads its data.
 * - A failed call goes to `failed`: 'cancel.retry' asks again. A refusal the server stood by (a 4xx: the terms
 *   changed, or the booking cannot be cancelled) is quoted afresh, since the same request would get the same
 *   answer; a lost answer is sent again under the same key, so it never cancels or refunds twice.
 * - 'cancel.close' from anywhere but `submitting` goes back to `idle`.
 */

export interface CancelBookingInput {
  bookingId: number;
  newKey: () => string;
}

export interface CancelBookingContext {
  bookingId: number;
  newKey: () => string;
  key: string | null;
  quote: CancelQuote | null;
  result: CancelResult | null;
  failure: Failure | null;
  /** Which call failed: the retry repeats it (a refusal is quoted again). */
  failedCall: 'quote' | 'submit' | null;
}

export type CancelBookingEvent = { type: 'cancel.open' } | { type: 'cancel.confirm' } | { type: 'cancel.retry' } | { type: 'cancel.close' };
export type CancelBookingEmitted = { type: 'cancel.changed' };

export const cancelBookingMachine = setup({
  types: {
    input: {} as CancelBookingInput,
    context: {} as CancelBookingContext,
    events: {} as CancelBookingEvent,
    emitted: {} as CancelBookingEmitted,
  },
  actors: CANCEL_PLACEHOLDERS,
  guards: {
    isRefusedByPolicy: ({ context }) => context.quote?.outcome === 'refused',
    isSubmitToRepeat: ({ context }) => context.failedCall === 'submit' && !isRefusal(context.failure),
  },
  actions: {
    reset: assign({ key: null, quote: null, result: null, failure: null, failedCall: null }),
    newKey: assign({ key: ({ context }) => context.newKey() }),
    keepQuote: assign((_, quote: CancelQuote) => ({ quote, failure: null, failedCall: null })),
    keepResult: assign((_, result: CancelResult) => ({ result, failure: null, failedCall: null })),
    keepFailure: assign((_, params: { error: unknown; call: 'quote' | 'submit' }) => ({ failure: failureOf(params.error), failedCall: params.call })),
    announceChange: emit({ type: 'cancel.changed' }),
  },
}).createMachine({
  id: 'cancelBooking',
  context: ({ input }) => ({ bookingId: input.bookingId, newKey: input.newKey, key: null, quote: null, result: null, failure: null, failedCall: null }),
  initial: 'idle',
  states: {
    idle: {
      entry: 'reset',
      on: { 'cancel.open': 'quoting' },
    },
    quoting: {
      tags: ['pending'],
      invoke: {
        src: 'quoteCancel',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: { target: 'quoted', actions: { type: 'keepQuote', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error, call: 'quote' as const }) } },
      },
      on: { 'cancel.close': 'idle' },
    },
    quoted: {
      always: [{ guard: 'isRefusedByPolicy', target: 'refused' }, { target: 'confirming' }],
    },
    confirming: {
      entry: 'newKey',
      on: { 'cancel.confirm': 'submitting', 'cancel.close': 'idle' },
    },
    submitting: {
      tags: ['pending'],
      invoke: {
        src: 'submitCancel',
        input: ({ context }) => ({ bookingId: context.bookingId, key: context.key ?? '', refund: context.quote?.refund ?? 0 }),
        onDone: { target: 'done', actions: { type: 'keepResult', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error, call: 'submit' as const }) } },
      },
    },
    refused: {
      on: { 'cancel.close': 'idle' },
    },
    failed: {
      on: {
        'cancel.retry': [{ guard: 'isSubmitToRepeat', target: 'submitting' }, { target: 'quoting' }],
        'cancel.close': 'idle',
      },
    },
    done: {
      entry: 'announceChange',
      on: { 'cancel.close': 'idle' },
    },
  },
});
