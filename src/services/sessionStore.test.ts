import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession, readStoredSession, SESSION_STORAGE_KEY, writeStoredSession } from './sessionStore';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('session store', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('[S0-4.1] keeps the login in local storage under portal.session', () => {
    const session = { user: { token: 't', name: 'Ann' } as never, lastUpdated: 1000 };
    writeStoredSession(session);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
    expect(readStoredSession()).toEqual(session);
    clearStoredSession();
    expect(readStoredSession()).toBeNull();
  });

  it('reads nothing from a corrupt value or without storage', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readStoredSession()).toBeNull();
    vi.stubGlobal('localStorage', undefined);
    expect(readStoredSession()).toBeNull();
    expect(() => writeStoredSession({ user: null, lastUpdated: null })).not.toThrow();
    expect(() => clearStoredSession()).not.toThrow();
  });

  it('survives storage that refuses to write', () => {
    vi.stubGlobal('localStorage', {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(() => writeStoredSession({ user: null, lastUpdated: null })).not.toThrow();
  });
});
