import { assign, fromPromise, setup } from 'xstate';

/**
 * The saved cards screen's changes: make a card the default, or delete one after the customer confirms it.
 *
 * - `idle` ↔ `confirmingDelete` ('card.delete' names the card; 'delete.cancel' goes back, 'delete.confirm' deletes)
 * - `deleting` / `settingDefault` ('pending') → `idle` with `notice` ('deleted' | 'defaultSet') and the
 *   `listChanged` action (the screen reloads its list), or → `failed` with the server's message; 'change.retry'
 *   tries the same change again, 'error.dismiss' goes back to `idle`.
 */
export type SavedCardsContext = {
  /** The card being changed or asked about. */
  cardId: number | null;
  change: 'delete' | 'default' | null;
  notice: 'deleted' | 'defaultSet' | null;
  error: string | null;
};

export type SavedCardsEvent =
  | { type: 'card.delete'; cardId: number }
  | { type: 'card.makeDefault'; cardId: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'change.retry' }
  | { type: 'error.dismiss' };

const placeholder = (name: string) => fromPromise<void, { cardId: number }>(() => Promise.reject(new Error(`${name} is provided by the app`)));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const savedCardsMachine = setup({
  types: { context: {} as SavedCardsContext, events: {} as SavedCardsEvent },
  actors: { deleteCard: placeholder('deleteCard'), setDefaultCard: placeholder('setDefaultCard') },
  guards: {
    isDelete: ({ context }) => context.change === 'delete',
  },
  actions: {
    /** The screen reloads its list (router.invalidate()). */
    listChanged: () => {},
    askDelete: assign((_, cardId: number) => ({ cardId, change: 'delete' as const, notice: null, error: null })),
    askDefault: assign((_, cardId: number) => ({ cardId, change: 'default' as const, notice: null, error: null })),
    forget: assign({ cardId: null, change: null }),
    done: assign(({ context }) => ({ notice: context.change === 'delete' ? ('deleted' as const) : ('defaultSet' as const), cardId: null, change: null })),
    fail: assign((_, failed: { error: unknown }) => ({ error: messageOf(failed.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'savedCards',
  context: { cardId: null, change: null, notice: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'card.delete': { target: 'confirmingDelete', actions: { type: 'askDelete', params: ({ event }) => event.cardId } },
        'card.makeDefault': { target: 'settingDefault', actions: { type: 'askDefault', params: ({ event }) => event.cardId } },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    deleting: {
      tags: ['pending'],
      invoke: {
        src: 'deleteCard',
        input: ({ context }) => ({ cardId: context.cardId ?? 0 }),
        onDone: { target: 'idle', actions: ['done', 'listChanged'] },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    settingDefault: {
      tags: ['pending'],
      invoke: {
        src: 'setDefaultCard',
        input: ({ context }) => ({ cardId: context.cardId ?? 0 }),
        onDone: { target: 'idle', actions: ['done', 'listChanged'] },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    failed: {
      on: {
        'change.retry': [
          { guard: 'isDelete', target: 'deleting', actions: 'clearError' },
          { target: 'settingDefault', actions: 'clearError' },
        ],
        'error.dismiss': { target: 'idle', actions: ['clearError', 'forget'] },
      },
    },
  },
});
