declare global {
  interface Window {
    /** Settles once the page's script has had ICU started on another thread (src/app/boot.ts), whether or not it could. */
    intlWarmUp?: Promise<void>;
  }
}

/** How long the start waits for the worker before it pays for ICU on the main thread after all. */
const WARM_UP_WAIT_MS = 500;

/**
 * Waits, without blocking, until ICU has started on another thread (src/app/intlWarmUp.worker.ts), so that the
 * start's first `Intl` call finds it ready; at most WARM_UP_WAIT_MS, and not at all without the page's script's worker.
 */
export function intlWarmedUp(): Promise<void> {
  const warmUp = window.intlWarmUp;
  if (!warmUp) return Promise.resolve();
  return Promise.race([warmUp, new Promise<void>((resolve) => setTimeout(resolve, WARM_UP_WAIT_MS))]);
}
