/** localStorage key this device keeps its cart lines under; it never leaves the device. */
export const SESSION_ID_KEY = 'session_id';
/** localStorage key of the hold session the venue issued (POST cart/session), sent as the session header (S0-7.7). */
export const HOLD_SESSION_KEY = 'hold_session';

/**
 * The key this device keeps its cart lines under (made here, so a cart works offline). A visitor reset removes it
 * with the rest of local storage, so the next visitor's lines are never confused with the last one's.
 */
export function ensureCartSessionId(makeId: () => string = () => crypto.randomUUID()): string {
  try {
    const kept = localStorage.getItem(SESSION_ID_KEY);
    if (kept) return kept;
    const made = makeId();
    localStorage.setItem(SESSION_ID_KEY, made);
    return made;
  } catch {
    // Without storage the lines live for this page only.
    return (fallbackId ??= makeId());
  }
}

let fallbackId: string | undefined;

/**
 * The secret the venue holds this browser's cart lines under: only the venue issues it (it is asked for before the
 * first hold, so an offline device simply has none), and a visitor reset removes it with the rest of local storage.
 */
export interface HoldSessionStore {
  read(): string | null;
  keep(sessionId: string | null): void;
}

/** A hold session kept in memory: for as long as the page lives. */
export function memoryHoldSessions(initial: string | null = null): HoldSessionStore {
  let kept = initial;
  return {
    read: () => kept,
    keep: (sessionId) => {
      kept = sessionId;
    },
  };
}

// Storage can be blocked (privacy settings): the hold session then lasts as long as the page.
const unstored = memoryHoldSessions();

export const storedHoldSession: HoldSessionStore = {
  read() {
    try {
      return globalThis.localStorage ? globalThis.localStorage.getItem(HOLD_SESSION_KEY) : unstored.read();
    } catch {
      return unstored.read();
    }
  },
  keep(sessionId) {
    try {
      if (!globalThis.localStorage) unstored.keep(sessionId);
      else if (sessionId === null) globalThis.localStorage.removeItem(HOLD_SESSION_KEY);
      else globalThis.localStorage.setItem(HOLD_SESSION_KEY, sessionId);
    } catch {
      unstored.keep(sessionId);
    }
  },
};
