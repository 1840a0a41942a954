import { useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

/** How long after it shows a page is taken to have finished loading and the visitor to have had a first look. */
export const PAGE_SETTLED_MS = 5_000;

/**
 * Runs `task` once the page has settled: PAGE_SETTLED_MS from now, then the browser's idle time, so that what can
 * wait (a form that opens by itself) neither competes with the page's own load nor covers it while the visitor
 * starts to read. Returns its cancel.
 */
export function whenPageSettled(task: () => void): () => void {
  let cancelIdle = () => {};
  const timer = window.setTimeout(() => {
    cancelIdle = whenIdle(task);
  }, PAGE_SETTLED_MS);
  return () => {
    window.clearTimeout(timer);
    cancelIdle();
  };
}

/** Whether the page has settled (`whenPageSettled`), counted from the component's first effect. */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettled(() => setSettled(true)), []);
  return settled;
}
