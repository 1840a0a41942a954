import { assign, setup } from 'xstate';
import { type AuthSession } from '../src/domain/contract/auth';
import { restoreSession, SESSION_MAX_AGE_MS, userKinds, type StoredSession, type User } from '../src/domain/session';
import { onFirstUse } from '../src/domain/onFirstUse';

/**
 * Who is using the app. Starts from the stored login through restoreSession (the 12-hour rule);
 * `anonymous` or `loggedIn` (a guest login is loggedIn with an anonymous user, see `isGuest`).
 *
 * The app provides `persist` (sessionStore.writeStoredSession), `applyToken` (apiInstance.setAuthToken)
 * and `notifyExpired` (toast 'Session expired, please login again', then /login). It sends
 * `session.expired` from the API client's onUnauthorized event, and `session.check` at every navigation and touch:
 * a login whose last update is over 12 hours old then loses its user, as it would at the next start (S0-9.1).
 *
 * A login, code login, national-pass or guest login ends with `session.start`; a registration that returned a token
 * ends with `session.registered` (registering sets the last-updated time, S0-4.6). Both take `sessionUser(...)`.
 */
export type SessionContext = StoredSession;

export type SessionEvent =
  | { type: 'session.start'; user: User; now: number }
  | { type: 'session.registered'; user: User; now: number }
  | { type: 'session.touch'; now: number }
  | { type: 'session.check'; now: number }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'session.cartEmptied' }
  /** The customer edited their own account: the same login, the user's new details (the header's name follows). */
  | { type: 'session.profileChanged'; user: Omit<User, 'token'> };

/** The session's user from a sign-in answer: the account with its bearer token. */
export function sessionUser(session: Pick<AuthSession, 'user'> & { token: string }): User {
  return { ...session.user, token: session.token };
}

const signedOut: SessionContext = { user: null, lastUpdated: null };

export const sessionMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as { stored: unknown; now: number },
      context: {} as SessionContext,
      events: {} as SessionEvent,
    },
    guards: {
      hasUser: ({ context }) => context.user !== null,
      isGuest: ({ context }) => userKinds(context.user).guest,
      isStale: ({ context }, now: number) => context.lastUpdated === null || now - context.lastUpdated > SESSION_MAX_AGE_MS,
    },
    actions: {
      startSession: assign((_, login: { user: User; now: number }) => ({ user: login.user, lastUpdated: login.now })),
      touch: assign((_, now: number) => ({ lastUpdated: now })),
      changeProfile: assign(({ context }, user: Omit<User, 'token'>) => (context.user ? { user: { ...user, token: context.user.token } } : {})),
      reset: assign(() => signedOut),
      persist: (_, _session: SessionContext) => {},
      applyToken: (_, _token: string | null) => {},
      notifyExpired: () => {},
    },
  }).createMachine({
    id: 'session',
    context: ({ input }) => {
      const restored = restoreSession(input.stored, input.now);
      return { user: restored.user, lastUpdated: restored.lastUpdated };
    },
    initial: 'restoring',
    states: {
      restoring: {
        always: [{ guard: 'hasUser', target: 'loggedIn' }, { target: 'anonymous' }],
      },
      anonymous: {
        // Also rewrites storage after a restore that reset or expired the stored login.
        entry: [
          { type: 'persist', params: ({ context }) => context },
          { type: 'applyToken', params: null },
        ],
        on: {
          'session.start': {
            target: 'loggedIn',
            actions: { type: 'startSession', params: ({ event }) => event },
          },
          'session.registered': {
            target: 'loggedIn',
            actions: { type: 'startSession', params: ({ event }) => event },
          },
        },
      },
      loggedIn: {
        entry: [
          { type: 'persist', params: ({ context }) => context },
          { type: 'applyToken', params: ({ context }) => context.user?.token ?? null },
        ],
        on: {
          // A guest who logs in (or signs up) with an account replaces the guest.
          'session.start': {
            target: 'loggedIn',
            reenter: true,
            actions: { type: 'startSession', params: ({ event }) => event },
          },
          'session.registered': {
            target: 'loggedIn',
            reenter: true,
            actions: { type: 'startSession', params: ({ event }) => event },
          },
          'session.touch': {
            actions: [
              { type: 'touch', params: ({ event }) => event.now },
              { type: 'persist', params: ({ context }) => context },
            ],
          },
          'session.check': { guard: { type: 'isStale', params: ({ event }) => event.now }, target: 'anonymous', actions: 'reset' },
          'session.logout': { target: 'anonymous', actions: 'reset' },
          'session.expired': { target: 'anonymous', actions: ['reset', 'notifyExpired'] },
          'session.cartEmptied': { guard: 'isGuest', target: 'anonymous', actions: 'reset' },
          'session.profileChanged': {
            actions: [
              { type: 'changeProfile', params: ({ event }) => event.user },
              { type: 'persist', params: ({ context }) => context },
            ],
          },
        },
      },
    },
  }),
);
