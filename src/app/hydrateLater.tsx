import { Suspense, useState, type ReactNode } from 'react';
import { inTasksOfTheirOwn } from './yieldToMain';

type Turn = { promise: Promise<void>; taken: boolean };

/** The turns of the parts the hydrating render left for later, in the order it met them (the page's order). */
let deferring: (() => void)[] | null = null;

/**
 * Runs `hydrate` (Preact's `hydrate` of the server's page) so that each `HydrateLater` part it meets keeps the server's
 * nodes as they are and is hydrated afterwards, one part a task, in page order: on a phone the whole page's hydration
 * was one task of 0.7-1 s (4x CPU), blocking any tap meanwhile. Resolves once every part has had its turn.
 */
export function hydrateInParts(hydrate: () => void): Promise<void> {
  const turns: (() => void)[] = [];
  deferring = turns;
  try {
    hydrate();
  } finally {
    deferring = null;
  }
  return inTasksOfTheirOwn(turns);
}

function takeTurnLater(turns: (() => void)[]): Turn {
  let start = () => {};
  const turn: Turn = { promise: new Promise<void>((resolve) => (start = resolve)), taken: false };
  turns.push(() => {
    turn.taken = true;
    start();
  });
  return turn;
}

function WaitsForItsTurn({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (deferring ? takeTurnLater(deferring) : null));
  // A suspended part keeps the server's nodes while hydrating (Preact 11) and resumes into them when the promise settles.
  if (turn && !turn.taken) throw turn.promise;
  return children;
}

/**
 * A part of the server's page that is hydrated in a task of its own after the rest (`hydrateInParts`): below the fold,
 * or hidden on a phone. Any other render (the server's, the client's `render`, a later mount) renders it at once.
 * Preact keeps only the first node of a suspended part, and `useId` numbers parts in mount order: `children` must render
 * exactly one element on the server's page and use no `useId` (tests/hydration.spec.ts compares every attribute).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitsForItsTurn>{children}</WaitsForItsTurn>
    </Suspense>
  );
}
