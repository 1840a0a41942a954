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
