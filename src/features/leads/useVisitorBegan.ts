import { useEffect, useState } from 'react';
import { whenIdle } from '../../app/whenIdle';

/** What a visitor does to begin with an open modal dialog: touch, type, move the focus or scroll it. */
const BEGINNING_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'wheel', 'scroll'] as const;

/** Without any of them, the page is taken to have finished loading this long after the dialog showed. */
export const LOAD_SETTLED_MS = 5_000;

/**
 * Whether the visitor has begun with a dialog that opened by itself (`beganAlready`: they opened it), or the page has since settled (idle, after
 * LOAD_SETTLED_MS): work that only a submit needs (the captcha's script and proof of work) waits for it, so it does not
 * compete with the page's own load. Listens from the first effect after the dialog showed, so the focus the dialog
 * moves to itself as it opens does not count; the dialog is modal, so anything done on the page is done with it.
 */
export function useVisitorBegan(beganAlready: boolean): boolean {
  const [began, setBegan] = useState(beganAlready);
  useEffect(() => {
    if (began) return;
    const begin = () => setBegan(true);
    for (const type of BEGINNING_EVENTS) document.addEventListener(type, begin, { capture: true, passive: true });
    let cancelIdle = () => {};
    const settled = window.setTimeout(() => {
      cancelIdle = whenIdle(begin);
    }, LOAD_SETTLED_MS);
    return () => {
      for (const type of BEGINNING_EVENTS) document.removeEventListener(type, begin, { capture: true });
      window.clearTimeout(settled);
      cancelIdle();
    };
  }, [began]);
  return began;
}
