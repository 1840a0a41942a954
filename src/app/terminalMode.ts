import { useSyncExternalStore } from 'react';

/** Whether this device runs as a kiosk terminal: known from `?mode=` at once, from device storage soon after. */
export type TerminalMode = { kiosk(): boolean; subscribe(listener: () => void): () => void; set(kiosk: boolean): void };

export function createTerminalMode(initial: boolean): TerminalMode {
  let kiosk = initial;
  const listeners = new Set<() => void>();
  return {
    kiosk: () => kiosk,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (next === kiosk) return;
      kiosk = next;
      for (const listener of listeners) listener();
    },
  };
}

export function useKioskTerminal(mode: TerminalMode): boolean {
  return useSyncExternalStore(mode.subscribe, mode.kiosk);
}
