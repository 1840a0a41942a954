import { and, assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { type CarouselItem, type ConfigResponse, type SiteConfig } from '../src/domain/contract/config';
import { type TimeCheck } from '../src/domain/contract/time';
import { isClockDiscrepant } from '../src/domain/clock';
import { PERIODIC_TASK_MS } from '../src/domain/constants';
import { shellView } from '../src/domain/shellStatus';
import { onFirstUse } from '../src/domain/onFirstUse';

/**
 * The app shell: which screen frames the app (splash, app, status pages) and whether the device clock
 * blocks it. How the UI reads it:
 * - splash while `state.hasTag('pending')` (only `config.loading` carries it; background reloads do not);
 * - `state.matches({ config: 'app' })`, or `'healthCheck' | 'siteDisabled' | 'maintenance' | 'invalidConfig'`
 *   for the status pages, `'notFound'` for the 404 page, `'unavailable'` for "cannot load" with a retry
 *   (send `config.retry`);
 * - `state.context.config`, `.carousel`, `.configSource` ('network' | 'cache'), `.configSavedAt`;
 * - `state.matches({ clock: 'discrepant' })` for the blocking time-discrepancy modal;
 * - `state.matches({ refresh: 'reloading' })` while a background reload runs (no splash for it).
 *
 * Machines may not import services, so the actor contracts are restated here; the app provides
 * `loadConfig` with services/configCache (a `reload: true` input means "ask the network again",
 * refreshConfig) and `verifyTime` with api/time.
 */
/** `revalidate`: a copy from the device taken without asking the network (a warm start); the machine asks it at once. */
export type ShellConfigLoad = { response: ConfigResponse; source: 'network' | 'cache'; savedAt: number; revalidate?: boolean };
export type ConfigLoadInput = { reload: boolean };

export type AppShellContext = {
  host: string;
  config: SiteConfig | null;
  carousel: CarouselItem[];
  configSource: ShellConfigLoad['source'] | null;
  configSavedAt: number | null;
  /** The config is the device's copy of a warm start, which the network has not answered about yet. */
  unconfirmed: boolean;
};

/** `config.reloaded` and `config.gone` are raised by the machine itself after a background reload. */
export type AppShellEvent = { type: 'config.retry' } | { type: 'config.refresh' } | { type: 'config.reloaded' } | { type: 'config.gone' };

/** services/configCache's ConfigNotFoundError, recognised by name because machines do not import services. */
const CONFIG_NOT_FOUND = 'ConfigNotFoundError';

const shellSetup = setup({
  types: {
    input: {} as { host: string },
    context: {} as AppShellContext,
    events: {} as AppShellEvent,
  },
  actors: {
    loadConfig: fromPromise<ShellConfigLoad, ConfigLoadInput>(() => Promise.reject(new Error('loadConfig is provided by the app'))),
    verifyTime: fromPromise<TimeCheck | null>(() => Promise.reject(new Error('verifyTime is provided by the app'))),
  },
  delays: {
    configRefresh: PERIODIC_TASK_MS,
  },
  guards: {
    isConfigNotFound: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof Error && error.name === CONFIG_NOT_FOUND;
    },
    hasConfig: ({ context }) => context.config !== null,
    showsHealthCheck: ({ context }) => viewOf(context) === 'healthCheck',
    isInvalidConfig: ({ context }) => viewOf(context) === 'invalidConfig',
    isSiteDisabled: ({ context }) => viewOf(context) === 'siteDisabled',
    isUnderMaintenance: ({ context }) => viewOf(context) === 'maintenance',
    isClockDiscrepant: (_, check: TimeCheck | null) => check !== null && isClockDiscrepant(check),
  },
  actions: {
    storeConfig: assign((_, loaded: ShellConfigLoad) => ({
      config: loaded.response.data,
      carousel: loaded.response.carousel,
      configSource: loaded.source,
      configSavedAt: loaded.savedAt,
      unconfirmed: loaded.revalidate === true,
    })),
  },
});

function viewOf(context: AppShellContext) {
  return context.config ? shellView(context.config, context.host) : null;
}

export const appShellMachine = onFirstUse(() =>
  shellSetup.createMachine({
    id: 'appShell',
    type: 'parallel',
    context: ({ input }) => ({
      host: input.host,
      config: null,
      carousel: [],
      configSource: null,
      configSavedAt: null,
      unconfirmed: false,
    }),
    states: {
      config: {
        initial: 'loading',
        on: {
          'config.reloaded': { guard: 'hasConfig', target: '.choosingView' },
          // The venue the device's copy started with is not known to the API: as if it had answered first.
          'config.gone': '.notFound',
        },
        states: {
          loading: {
            tags: 'pending',
            invoke: {
              src: 'loadConfig',
              input: { reload: false },
              onDone: {
                target: 'choosingView',
                actions: [
                  { type: 'storeConfig', params: ({ event }) => event.output },
                  // A warm start shows the device's copy at once and asks the network straight after, so maintenance
                  // switched on, a disabled site or any other change since the copy was kept shows a moment later.
                  enqueueActions(({ enqueue, event }) => {
                    if (event.output.revalidate) enqueue.raise({ type: 'config.refresh' });
                  }),
                ],
              },
              onError: [{ guard: 'isConfigNotFound', target: 'notFound' }, { target: 'unavailable' }],
            },
          },
          choosingView: {
            always: [
              { guard: 'showsHealthCheck', target: 'healthCheck' },
              { guard: 'isInvalidConfig', target: 'invalidConfig' },
              { guard: 'isSiteDisabled', target: 'siteDisabled' },
              { guard: 'isUnderMaintenance', target: 'maintenance' },
              { target: 'app' },
            ],
          },
          app: {},
          healthCheck: {},
          siteDisabled: {},
          maintenance: {},
          invalidConfig: {},
          notFound: {},
          unavailable: {
            // An unattended kiosk must recover by itself once the network is back.
            after: { configRefresh: 'loading' },
            on: { 'config.retry': 'loading', 'config.refresh': 'loading' },
          },
        },
      },
      /**
       * Once a config is loaded, it is quietly reloaded every PERIODIC_TASK_MS (or at once on `config.refresh`)
       * and the view chosen again, so a venue switching maintenance on or off is followed. A failed reload
       * keeps the view as it is, except when the API does not know the venue of a warm start's unconfirmed copy
       * (the not-found page, as a start asking the network first would have shown). Before a config is loaded the `config` region does its own loading.
       */
      refresh: {
        initial: 'idle',
        states: {
          idle: {
            after: {
              configRefresh: [{ guard: 'hasConfig', target: 'reloading' }, { target: 'idle', reenter: true }],
            },
            on: { 'config.refresh': { guard: 'hasConfig', target: 'reloading' } },
          },
          reloading: {
            invoke: {
              src: 'loadConfig',
              input: { reload: true },
              onDone: {
                target: 'idle',
                actions: [
                  { type: 'storeConfig', params: ({ event }) => event.output },
                  raise({ type: 'config.reloaded' }),
                ],
              },
              onError: [
                { guard: and(['isConfigNotFound', ({ context }) => context.unconfirmed]), target: 'idle', actions: raise({ type: 'config.gone' }) },
                { target: 'idle' },
              ],
            },
          },
        },
      },
      clock: {
        initial: 'checking',
        states: {
          checking: {
            invoke: {
              src: 'verifyTime',
              onDone: [
                { guard: { type: 'isClockDiscrepant', params: ({ event }) => event.output }, target: 'discrepant' },
                { target: 'ok' },
              ],
              // A time check that cannot be made must not lock a visitor out.
              onError: 'ok',
            },
          },
          ok: {},
          // Not dismissible: the device clock has to be fixed and the app reloaded.
          discrepant: { type: 'final' },
        },
      },
    },
  }),
);
