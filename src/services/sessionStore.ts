import { type StoredSession } from '../domain/session';

export const SESSION_STORAGE_KEY = 'portal.session';

/** The stored login as written, unchecked: `restoreSession` in the domain decides what it is worth. */
export function readStoredSession(): unknown {
  try {
    const text = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Unreadable storage or a corrupt value both mean: nobody is logged in.
    return null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  try {
    globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or blocked: the login still holds for this visit.
  }
}

export function clearStoredSession(): void {
  try {
    globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored that could be cleared.
  }
}
