/** Runs `task` once the page is idle (within 3 s; a second later where the browser cannot tell); returns its cancel. */
export function whenIdle(task: () => void): () => void {
  if (!globalThis.requestIdleCallback) {
    const timer = globalThis.setTimeout(task, 1000);
    return () => globalThis.clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: 3000 });
  return () => cancelIdleCallback(handle);
}

/** How long after it shows a page is taken to have finished loading and the visitor to have had a first look. */
export const PAGE_SETTLED_MS = 5_000;

/**
 * Runs `task` once the page has settled: PAGE_SETTLED_MS from now, then the browser's idle time, so that what can
 * wait (a form that opens by itself, a first visit's copies on the device) neither competes with the page's own load
 * nor covers it while the visitor starts to read. Returns its cancel.
 */
export function whenPageSettled(task: () => void): () => void {
  let cancelIdle = () => {};
  const timer = globalThis.setTimeout(() => {
    cancelIdle = whenIdle(task);
  }, PAGE_SETTLED_MS);
  return () => {
    globalThis.clearTimeout(timer);
    cancelIdle();
  };
}
