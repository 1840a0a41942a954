import { assign, enqueueActions, fromCallback, fromPromise, not, setup } from 'xstate';
import { IDLE_WARNING_SECONDS } from '../src/domain/kiosk/idle';
import { onFirstUse } from '../src/domain/onFirstUse';

/**
 * One visitor after another on a kiosk terminal.
 *
 * `attract` (the attract screen) → a touch starts a visitor (`visitor.start`) → `active`. Each touch or key
 * (`activity`) restarts the idle time; after `idleMs` without one, `warning` asks 'Are you still there?' and counts
 * down `remainingSeconds` (at least 20 s, WCAG 2.2.1); a touch goes back to `active`. With no answer, or when
 * the visit is over (`visitor.end`: a completed order, or staff), `wiping` runs the injected `wipeVisitor` actor
 * and the attract screen returns. A waiting update (`update.waiting`) is applied only at the attract screen, so
 * new code never lands in the middle of someone's booking. Outside kiosk mode the machine rests in `off`.
 *
 * The app provides `wipeVisitor` (services/visitorWipe), `applyUpdate` (the version machine's reload) and may
 * replace `ticker` (one `tick` a second).
 */
export type KioskVisitorInput = { kiosk: boolean; idleMs: number; startAtAttract: boolean };

export type KioskVisitorContext = {
  kiosk: boolean;
  /**
   * Whether the page opened at the terminal's start address: only then does it begin at the attract screen, since a
   * page reloaded for another reason may be in the middle of a visit. Kiosk mode may become known a moment later.
   */
  attractFirst: boolean;
  idleMs: number;
  remainingSeconds: number;
  updateWaiting: boolean;
};

export type KioskVisitorEvent =
  | { type: 'kiosk.changed'; kiosk: boolean }
  | { type: 'idle.configure'; idleMs: number }
  | { type: 'visitor.start' }
  | { type: 'activity' }
  | { type: 'visitor.end' }
  | { type: 'tick' }
  | { type: 'update.waiting' };

export const kioskVisitorMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as KioskVisitorInput,
      context: {} as KioskVisitorContext,
      events: {} as KioskVisitorEvent,
    },
    actors: {
      wipeVisitor: fromPromise<void>(() => Promise.resolve()),
      ticker: fromCallback(({ sendBack }) => {
        const timer = setInterval(() => sendBack({ type: 'tick' }), 1000);
        return () => clearInterval(timer);
      }),
    },
    delays: {
      idle: ({ context }) => context.idleMs,
      warning: IDLE_WARNING_SECONDS * 1000,
    },
    guards: {
      kioskOn: (_, kiosk: boolean) => kiosk,
      updateWaiting: ({ context }) => context.updateWaiting,
      attractFirst: ({ context }) => context.attractFirst,
    },
    actions: {
      startCountdown: assign({ remainingSeconds: IDLE_WARNING_SECONDS }),
      countDown: assign(({ context }) => ({ remainingSeconds: Math.max(0, context.remainingSeconds - 1) })),
      configure: assign((_, idleMs: number) => ({ idleMs })),
      markUpdateWaiting: assign({ updateWaiting: true }),
      applyUpdate: () => {},
      logWipeFailure: (_, _params: { error: unknown }) => {},
    },
  }).createMachine({
    id: 'kioskVisitor',
    context: ({ input }) => ({
      kiosk: input.kiosk,
      attractFirst: input.startAtAttract,
      idleMs: input.idleMs,
      remainingSeconds: IDLE_WARNING_SECONDS,
      updateWaiting: false,
    }),
    initial: 'starting',
    on: {
      'idle.configure': { actions: { type: 'configure', params: ({ event }) => event.idleMs } },
      'kiosk.changed': [{ guard: { type: 'kioskOn', params: ({ event }) => event.kiosk } }, { target: '.off', actions: assign({ kiosk: false }) }],
      'update.waiting': { actions: 'markUpdateWaiting' },
    },
    states: {
      starting: {
        always: [
          { guard: ({ context }) => !context.kiosk, target: 'off' },
          { guard: 'attractFirst', target: 'attract' },
          { target: 'active' },
        ],
      },
      off: {
        on: {
          'kiosk.changed': [
            { guard: { type: 'kioskOn', params: ({ event }) => event.kiosk }, target: 'starting', actions: assign({ kiosk: true }) },
          ],
        },
      },
      attract: {
        exit: assign({ attractFirst: false }),
        entry: enqueueActions(({ check, enqueue }) => {
          if (check('updateWaiting')) enqueue('applyUpdate');
        }),
        on: {
          'visitor.start': 'active',
          'update.waiting': { guard: not('updateWaiting'), actions: ['markUpdateWaiting', 'applyUpdate'] },
        },
      },
      active: {
        after: { idle: 'warning' },
        on: {
          activity: { target: 'active', reenter: true },
          'visitor.end': 'wiping',
        },
      },
      warning: {
        entry: 'startCountdown',
        invoke: { src: 'ticker' },
        after: { warning: 'wiping' },
        on: {
          tick: { actions: 'countDown' },
          activity: 'active',
          'visitor.end': 'wiping',
        },
      },
      wiping: {
        invoke: {
          src: 'wipeVisitor',
          onDone: 'attract',
          onError: { target: 'attract', actions: { type: 'logWipeFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
    },
  }),
);
