import type { ApiClient } from '../api/client';
import { clientErrorCall, clientErrorResponse, type ClientErrorReport } from '../domain/contract/clientErrors';
import { describeThrown, isLocalHost, MAX_REPORTS_PER_PAGE } from '../domain/errorReporting';

type ErrorSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Sends the portal's uncaught errors to the venue API's error-reporting endpoint, except on local hosts.
 * Returns a function that stops reporting.
 */
export function installErrorReporting(api: ApiClient, options: { hostname: string; source?: ErrorSource; now?: () => Date; url?: () => string }): () => void {
  if (isLocalHost(options.hostname)) return () => {};
  const source = options.source ?? window;
  const now = options.now ?? (() => new Date());
  const url = options.url ?? (() => window.location.href);
  const seen = new Set<string>();
  let sent = 0;

  const report = (kind: ClientErrorReport['kind'], thrown: unknown) => {
    const { message, stack } = describeThrown(thrown);
    const key = `${kind}:${message}`;
    if (sent >= MAX_REPORTS_PER_PAGE || seen.has(key)) return;
    seen.add(key);
    sent += 1;
    const body: ClientErrorReport = { kind, message, stack, url: url().slice(0, 500), occurred_at: now().toISOString() };
    // Reporting must never cause an error of its own; a failed report is dropped.
    void api.call(clientErrorCall.path(), { method: clientErrorCall.method, body, schema: clientErrorResponse }).catch(() => undefined);
  };
  const onError = (event: Event) => report('error', (event as ErrorEvent).error ?? (event as ErrorEvent).message);
  const onRejection = (event: Event) => report('unhandledrejection', (event as PromiseRejectionEvent).reason);
  source.addEventListener('error', onError);
  source.addEventListener('unhandledrejection', onRejection);
  return () => {
    source.removeEventListener('error', onError);
    source.removeEventListener('unhandledrejection', onRejection);
  };
}
