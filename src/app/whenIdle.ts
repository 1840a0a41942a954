/** Runs `task` once the page is idle (within 3 s; a second later where the browser cannot tell); returns its cancel. */
export function whenIdle(task: () => void): () => void {
  if (!window.requestIdleCallback) {
    const timer = setTimeout(task, 1000);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: 3000 });
  return () => cancelIdleCallback(handle);
}
