import { configure, fireEvent as dispatch } from '@testing-library/dom';
import { cleanup as unmountAll } from '@testing-library/preact';
import { options } from 'preact';
import { act } from 'preact/test-utils';

export * from '@testing-library/preact';

// findBy* and waitFor give up after 1 s by default: on CI's two cores, with two test files running at once, a render
// that takes 40 ms alone can take longer than that, and the test then fails for the machine, not the code.
configure({ asyncUtilTimeout: 5000 });

// A browser runs effects after it paints; jsdom never paints, so here they run right after the render that scheduled
// them (a listener an effect adds is in place before the test's next step, as it would be for a person).
options.requestAnimationFrame = (callback) => queueMicrotask(callback);

type FireEvent = typeof dispatch;
type Fire = (element: Document | Element | Window | Node, init?: object) => boolean;

/** Text fields, whose onChange the renderer hears as `input` events (preact/compat), as React does. */
function isTextField(element: unknown): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !/file|checkbox|radio/.test(element.type);
}

/**
 * The events the app's handlers hear as React defines them: onChange of a text field on `input`, onFocus and onBlur
 * on the bubbling `focusin` and `focusout` (React's testing library fires these the same way).
 */
const asReactHears: Partial<Record<keyof FireEvent, Fire>> = {
  change: (element, init) => (isTextField(element) ? dispatch.input(element, init) : dispatch.change(element, init)),
  focus: (element, init) => {
    dispatch.focusIn(element, init);
    return dispatch.focus(element, init);
  },
  blur: (element, init) => {
    dispatch.focusOut(element, init);
    return dispatch.blur(element, init);
  },
};

function inAct<A extends unknown[]>(fire: (...args: A) => boolean) {
  return (...args: A): boolean => {
    let dispatched = false;
    act(() => {
      dispatched = fire(...args);
    });
    return dispatched;
  };
}

/**
 * Component tests' fireEvent, run inside act() as React's testing library does: when it returns, the renders and
 * effects the event caused have happened (Preact otherwise renders on the next tick and runs effects after paint).
 */
export const fireEvent: FireEvent = Object.assign(
  inAct(dispatch),
  Object.fromEntries(
    Object.entries(dispatch).map(([name, fire]) => [name, inAct(asReactHears[name as keyof FireEvent] ?? (fire as Fire))]),
  ),
) as unknown as FireEvent;

/** Unmounts what the tests rendered, inside act(): the effects' clean-ups have run when it returns. */
export function cleanup(): void {
  act(() => unmountAll());
}
