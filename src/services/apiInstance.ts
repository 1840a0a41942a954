import { createApiClient } from '../api/client';
import { Connectivity } from './connectivity';
import { HEADERS } from '../domain/contract/headers';
import { deviceTimeZone, formatUserTime } from '../domain/userTime';
import { storedHoldSession } from './cartSession';
import { isEmbeddedAnswer, takeAnswer } from './firstScreen';

const env = import.meta.env as Record<string, string | undefined>;

let authToken: string | null = null;

/** The bearer token of the logged-in user; the session machine's `applyToken` action sets it. */
export function setAuthToken(token: string | null): void {
  authToken = token;
}

let timeZone: string | null = null;

/**
 * The device's time zone, read once a page. The page's first `Intl` date formatter starts the browser's ICU (~0.1-0.2 s
 * at 4x CPU): the app's start reads it in a task of its own, before its first call, rather than inside that call's task.
 */
export function readTimeZone(): string {
  timeZone ??= deviceTimeZone();
  return timeZone;
}

/** Headers of every call, read afresh each time so the clock, token and hold session are current. */
export function requestHeaders(): Record<string, string | undefined> {
  return {
    [HEADERS.userTime]: formatUserTime(new Date()),
    [HEADERS.userTimeZone]: readTimeZone(),
    [HEADERS.visitorToken]: visitorToken,
    [HEADERS.session]: nonEmpty(storedHoldSession.read() ?? undefined),
    [HEADERS.storeVerification]: nonEmpty(env.VITE_STORE_VERIFICATION),
    [HEADERS.authorization]: authToken ? `Bearer ${authToken}` : undefined,
  };
}

export const apiBase = env.VITE_API_BASE ?? '/api/v1/';

/** The venue this build serves (absent: the API's default venue). */
export const visitorToken = nonEmpty(env.VITE_VISITOR_TOKEN);

/** Whether the venue can be reached: what the browser says, corrected by what every call finds. */
export const connectivity = new Connectivity({
  initiallyOnline: globalThis.navigator?.onLine ?? true,
  browser: typeof window === 'undefined' ? null : window,
  // The lightest call there is; any HTTP answer means the venue is there.
  probe: () =>
    globalThis.fetch(new URL('verify-time', new URL(apiBase, globalThis.location?.href)), { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
});

const networkReady = () => connectivity.ready();

export const api = createApiClient({
  baseURL: apiBase,
  headers: requestHeaders,
  networkReady,
  reachability: connectivity,
  // The server-rendered page's own answers first (services/firstScreen.ts).
  fetch: (input, init) => {
    const embedded = takeAnswer(input, init);
    return embedded ? Promise.resolve(embedded) : globalThis.fetch(input, init);
  },
  validated: isEmbeddedAnswer,
});

export const apiV2 = createApiClient({ baseURL: env.VITE_API_V2_BASE ?? '/api/v2/', headers: requestHeaders, networkReady, reachability: connectivity });

function nonEmpty(value: string | undefined): string | undefined {
  return value ? value : undefined;
}
