import { ofetch } from 'ofetch';
import { HEADERS } from '../domain/contract/headers';
import type * as z from 'zod/mini';

export type ApiResult<T> =
  | { ok: true; status: number; data: T; message?: string }
  | { ok: false; status: number; message: string; body: unknown };

/**
 * `cache: true` answers a GET from memory once it has succeeded (keyed by path and query), for venue information
 * that is the same for everyone; `cache: 'reload'` goes to the network and replaces what is kept. What is kept belongs
 * to whoever asked: the first call made with other credentials (a login, a logout, the next visitor) empties it.
 * Screens never need it: their data is kept by the router (src/routes/loaders.ts).
 */
export type CallOptions<S> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, unknown>;
  body?: unknown;
  schema: S;
  cache?: boolean | 'reload';
  signal?: AbortSignal;
  /** Headers of this call only (an order's Idempotency-Key), over the client's own. */
  headers?: Record<string, string>;
  /**
   * A call that changes something waits for the network when the device has none, and goes out when it returns
   * (a login or an order pressed offline resumes by itself). `false` sends at once and fails at once instead, for
   * callers with a plan of their own (an outbox).
   */
  waitForNetwork?: boolean;
};

export type ApiClient = {
  call<S extends z.ZodMiniType>(path: string, options: CallOptions<S>): Promise<ApiResult<z.output<S>>>;
  clearCache(): void;
  /** Called on every 401 answer; the app decides what happens (the client never navigates). Returns an unsubscribe. */
  onUnauthorized(listener: () => void): () => void;
};

/** `validated`: the body already passed the call's schema (an answer the server embedded in its page). */
type RawAnswer = { status: number; body: unknown; validated?: boolean };

export const UNEXPECTED_RESPONSE = 'Unexpected response from the server';

const NETWORK_FAILURE: RawAnswer = { status: 0, body: null };

export function createApiClient(options: {
  baseURL: string;
  headers: () => Record<string, string | undefined>;
  fetch?: typeof globalThis.fetch;
  /** Resolves once the device has a network; absent, calls never wait. */
  networkReady?: () => Promise<void>;
  /** Told of every call whether the venue answered at all, so the app knows when it is offline in fact. */
  reachability?: { answered(): void; noAnswer(): void };
  /**
   * Answers that need no validation: the server's page embedded them (services/firstScreen.ts), having sent them
   * through the same contract, so parsing them again would only build schemas and spend the start's time.
   */
  validated?: (response: Response) => boolean;
}): ApiClient {
  const $fetch = ofetch.create(
    // Errors become results below; retrying is the caller's decision, never a silent second request.
    { baseURL: options.baseURL, retry: false, ignoreResponseError: true },
    // Resolved per request so a fetch replaced after start-up (tests, polyfills) is the one used.
    { fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init) },
  );
  const cache = new Map<string, Promise<RawAnswer>>();
  let cacheOwner: string | undefined;
  const unauthorizedListeners = new Set<() => void>();

  async function send(path: string, call: CallOptions<unknown>): Promise<RawAnswer> {
    if ((call.method ?? 'GET') !== 'GET' && call.waitForNetwork !== false) await options.networkReady?.();
    try {
      const response = await $fetch.raw(path, {
        method: call.method ?? 'GET',
        query: call.query,
        body: call.body as BodyInit | Record<string, unknown> | undefined,
        headers: { ...definedHeaders(options.headers()), ...call.headers },
        signal: call.signal,
      });
      options.reachability?.answered();
      return { status: response.status, body: response._data ?? null, validated: options.validated?.(response) === true };
    } catch {
      // A call the caller gave up on says nothing about the network.
      if (!call.signal?.aborted) options.reachability?.noAnswer();
      return NETWORK_FAILURE;
    }
  }

  function cachedSend(path: string, call: CallOptions<unknown>): Promise<RawAnswer> {
    const asker = options.headers()[HEADERS.authorization];
    if (asker !== cacheOwner) {
      cache.clear();
      cacheOwner = asker;
    }
    const key = cacheKey(path, call.query);
    const kept = call.cache === true ? cache.get(key) : undefined;
    if (kept) return kept;
    const pending = send(path, call);
    cache.set(key, pending);
    // Only successes are kept: a failed answer must not stick for the rest of the visit.
    void pending.then((answer) => {
      if (!isSuccess(answer) && cache.get(key) === pending) cache.delete(key);
    });
    return pending;
  }

  return {
    async call(path, call) {
      const usesCache = (call.method ?? 'GET') === 'GET' && call.cache !== undefined && call.cache !== false;
      const answer = usesCache ? await cachedSend(path, call) : await send(path, call);
      // A call carrying credentials of its own (revoking a wiped visitor's token) speaks only for itself.
      if (answer.status === 401 && call.headers?.[HEADERS.authorization] === undefined) {
        for (const listener of [...unauthorizedListeners]) listener();
      }
      if (!isSuccess(answer)) {
        return { ok: false, status: answer.status, message: serverMessage(answer.body) ?? '', body: answer.body };
      }
      const parsed = answer.validated ? { success: true as const, data: answer.body as z.output<typeof call.schema> } : call.schema.safeParse(answer.body);
      if (!parsed.success) {
        return { ok: false, status: answer.status, message: UNEXPECTED_RESPONSE, body: answer.body };
      }
      const message = serverMessage(answer.body);
      return message === undefined
        ? { ok: true, status: answer.status, data: parsed.data }
        : { ok: true, status: answer.status, data: parsed.data, message };
    },
    clearCache() {
      cache.clear();
    },
    onUnauthorized(listener) {
      unauthorizedListeners.add(listener);
      return () => {
        unauthorizedListeners.delete(listener);
      };
    },
  };
}

/** A 2xx answer whose envelope does not say `status: false`. */
function isSuccess(answer: RawAnswer): boolean {
  if (answer.status < 200 || answer.status >= 300) return false;
  return !(isRecord(answer.body) && answer.body.status === false);
}

function serverMessage(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function definedHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function cacheKey(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${JSON.stringify(entries)}`;
}
