import { useSyncExternalStore } from 'react';

/*
 * The open modal dialogs, innermost last. While a modal <dialog> is open everything outside it is inert
 * and painted below it, so the toast and the on-screen keyboard render inside the innermost one.
 */
let stack: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly HTMLDialogElement[]) {
  stack = next;
  for (const listener of listeners) listener();
}

export function pushModal(dialog: HTMLDialogElement): void {
  publish([...stack.filter((open) => open !== dialog), dialog]);
}

export function removeModal(dialog: HTMLDialogElement): void {
  if (stack.includes(dialog)) publish(stack.filter((open) => open !== dialog));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const topModal = () => stack.at(-1) ?? null;

/** The innermost open modal dialog, or null when none is open. */
export function useTopModal(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, topModal, () => null);
}
