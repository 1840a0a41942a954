import { SESSION_ID_KEY } from './apiInstance';

/**
 * The id the venue keeps this browser's cart holds under (sent as the session header on every call).
 * Made on first need; a visitor reset removes it with the rest of local storage, so the next visitor's holds
 * are never confused with the last one's.
 */
export function ensureCartSessionId(makeId: () => string = () => crypto.randomUUID()): string {
  try {
    const kept = localStorage.getItem(SESSION_ID_KEY);
    if (kept) return kept;
    const made = makeId();
    localStorage.setItem(SESSION_ID_KEY, made);
    return made;
  } catch {
    // Without storage the holds live for this page only.
    return (fallbackId ??= makeId());
  }
}

let fallbackId: string | undefined;
