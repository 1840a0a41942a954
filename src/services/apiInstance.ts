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

// Read once a page: building the Intl formatter that tells it took 40-60 ms of a phone's start at every call.
let timeZone: string | null = null;

/** Headers of every call, read afresh each time so the clock, token and hold session are current. */
export function requestHeaders(): Record<string, string | undefined> {
  timeZone ??= deviceTimeZone();
  return {
    [HEADERS.userTime]: formatUserTime(new Date()),
    [HEADERS.userTimeZone]: timeZone,
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
