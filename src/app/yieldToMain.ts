type Scheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and goes on in a new one, so that the start (module evaluation, i18n, the router, the render)
 * is several short tasks rather than one long one that blocks a tap. `scheduler.yield` where the browser has it (it
 * resumes ahead of other queued tasks), a message otherwise (a timer of 0 ms can wait 4 ms or more).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs each step in a task of its own, in order, each after the page was given a turn. */
export async function inTasksOfTheirOwn(steps: readonly (() => void)[]): Promise<void> {
  for (const step of steps) {
    await yieldToMain();
    step();
  }
}

/**
 * Appending a `modulepreload` link sets up its request on the main thread, 0.3-8 ms a link unthrottled: `/events`'s 24
 * at once were one task of 57-76 ms (~0.25 s at 4x CPU), and Vite's loader of lazy code added a lazy part's ~15 in one
 * task of 40-150 ms at 4x. Three a task splits those up; at 4x a few of them still took 51-70 ms in one trace (a link's
 * cost varies; six a task gave much the same). They are still requested within a few milliseconds of one another.
 */
const LINKS_PER_TASK = 3;

const linksWaiting: Element[] = [];
let appending: Promise<void> | null = null;

/** Appends the links to the head a few a task, after those already waiting; settles once all are in. */
export function appendLinksInTasks(links: readonly Element[]): Promise<void> {
  if (links.length === 0) return appending ?? Promise.resolve();
  linksWaiting.push(...links);
  // With links waiting, the loop yields before it could end: `appending` is set before it is cleared.
  appending ??= (async () => {
    while (linksWaiting.length > 0) {
      await yieldToMain();
      document.head.append(...linksWaiting.splice(0, LINKS_PER_TASK));
    }
    appending = null;
  })();
  return appending;
}
