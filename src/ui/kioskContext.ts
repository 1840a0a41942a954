import { createContext } from 'react';
import { type Lang } from '../domain/lang';

/** Which keypad a field wants: letters (English or Arabic), digits, or digits with '+' for phone numbers. */
export type KeypadKind = 'text' | 'numeric' | 'tel';

/** The keypad a field's type asks for (the layouts themselves load with the keyboard). */
export function keypadFor(type: string | undefined, inputMode: string | undefined): KeypadKind {
  if (type === 'tel' || inputMode === 'tel') return 'tel';
  if (type === 'number' || inputMode === 'numeric') return 'numeric';
  return 'text';
}

/** The text field the on-screen keyboard is typing into. */
export interface KeyboardTarget {
  element: HTMLInputElement;
  keypad: KeypadKind;
  /** E-mail addresses and the like are typed in Latin letters whatever the interface language. */
  latinOnly: boolean;
  /** Hands the new value to the field's own onChange, as if the visitor had typed it. */
  setValue(value: string): void;
}

export interface KeyboardRegistry {
  getSnapshot(): KeyboardTarget | null;
  subscribe(listener: () => void): () => void;
  focus(target: KeyboardTarget): void;
  /** The field lost focus to `next`; focus that moves into the keyboard itself keeps it open. */
  blur(element: HTMLInputElement, next: EventTarget | null): void;
  /** The field is going away: close now. */
  release(element: HTMLInputElement): void;
  /**
   * A finger or button is down (true) or up (false). Focus leaves a field on the press, but the keyboard closes
   * only after the release: closing it earlier moves what was pressed (the bottom action bar) out from under the
   * pointer, and the press would never become a click.
   */
  pointer(down: boolean): void;
  setKeyboardElement(element: HTMLElement | null): void;
}

export function createKeyboardRegistry(): KeyboardRegistry {
  let target: KeyboardTarget | null = null;
  let keyboardElement: HTMLElement | null = null;
  let pendingClose: ReturnType<typeof setTimeout> | undefined;
  let pointerDown = false;
  let closeOnRelease: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const publish = (next: KeyboardTarget | null) => {
    if (next === target) return;
    target = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => target,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    focus(next) {
      clearTimeout(pendingClose);
      closeOnRelease = null;
      if (target?.element !== next.element) publish(next);
    },
    blur(element, next) {
      if (target?.element !== element) return;
      if (next instanceof Node && keyboardElement?.contains(next)) return;
      // Wait a turn: when focus moves straight to another field the keyboard stays up instead of
      // closing and reopening (which would also make the page jump as its bottom padding goes and comes).
      const close = () => {
        if (target?.element === element) publish(null);
      };
      clearTimeout(pendingClose);
      if (pointerDown) closeOnRelease = close;
      else pendingClose = setTimeout(close, 0);
    },
    release(element) {
      if (target?.element === element) publish(null);
    },
    setKeyboardElement(element) {
      keyboardElement = element;
    },
    pointer(down) {
      pointerDown = down;
      if (down || !closeOnRelease) return;
      const close = closeOnRelease;
      closeOnRelease = null;
      // After the click that the release completes has been handled.
      pendingClose = setTimeout(close, 0);
    },
  };
}

export interface KioskContextValue {
  kiosk: boolean;
  lang: Lang;
  keyboard: KeyboardRegistry;
}

export const KioskContext = createContext<KioskContextValue | null>(null);
