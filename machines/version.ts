import { assign, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import { isNewerVersion, VERSION_POLL_MS } from '../src/domain/version';
import { onFirstUse } from '../src/domain/onFirstUse';

/**
 * The new-version check. The first version read is kept; every VERSION_POLL_MS it is read again, and
 * a different one (or a service worker with an update waiting) moves to `updateAvailable`, which only
 * `version.update` acts on (it runs `reloadWithVersion`; nothing leaves the state, the page reloads).
 *
 * The app provides `fetchVersion` (api/version), `serviceWorkerUpdates` (sends `version.swWaiting`),
 * `reloadWithVersion` (reloadUrlWithVersion + location.replace; when `serviceWorkerWaiting` is set it
 * first lets the waiting worker take over) and `logVersionFailure`.
 */
export type VersionContext = {
  firstVersion: string | null;
  latestVersion: string | null;
  serviceWorkerWaiting: boolean;
};

export type VersionEvent = { type: 'version.swWaiting' } | { type: 'version.update' };

export const versionMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as VersionContext,
      events: {} as VersionEvent,
    },
    actors: {
      fetchVersion: fromPromise<string>(() => Promise.reject(new Error('fetchVersion is provided by the app'))),
      // Without a service worker (tests, unsupported browsers) there is nothing to watch.
      serviceWorkerUpdates: fromCallback<AnyEventObject>(() => undefined),
    },
    delays: {
      versionPoll: VERSION_POLL_MS,
    },
    guards: {
      isNewerVersion: ({ context }, latest: string) => isNewerVersion(context.firstVersion, latest),
    },
    actions: {
      rememberVersion: assign(({ context }, read: string) => ({
        firstVersion: context.firstVersion ?? read,
        latestVersion: read,
      })),
      markServiceWorkerWaiting: assign({ serviceWorkerWaiting: true }),
      reloadWithVersion: () => {},
      logVersionFailure: (_, _params: { error: unknown }) => {},
    },
  }).createMachine({
    id: 'version',
    context: { firstVersion: null, latestVersion: null, serviceWorkerWaiting: false },
    invoke: { src: 'serviceWorkerUpdates' },
    initial: 'checking',
    states: {
      checking: {
        invoke: {
          src: 'fetchVersion',
          onDone: [
            {
              guard: { type: 'isNewerVersion', params: ({ event }) => event.output },
              target: 'updateAvailable',
              actions: { type: 'rememberVersion', params: ({ event }) => event.output },
            },
            { target: 'waiting', actions: { type: 'rememberVersion', params: ({ event }) => event.output } },
          ],
          onError: { target: 'waiting', actions: { type: 'logVersionFailure', params: ({ event }) => ({ error: event.error }) } },
        },
        on: { 'version.swWaiting': { target: 'updateAvailable', actions: 'markServiceWorkerWaiting' } },
      },
      waiting: {
        after: { versionPoll: 'checking' },
        on: { 'version.swWaiting': { target: 'updateAvailable', actions: 'markServiceWorkerWaiting' } },
      },
      updateAvailable: {
        on: {
          'version.swWaiting': { actions: 'markServiceWorkerWaiting' },
          'version.update': { actions: 'reloadWithVersion' },
        },
      },
    },
  }),
);
