/** The real processes, clock and DevTools poll behind the supervisor. */
import { spawn, type StdioOptions } from 'node:child_process';
import type { BrowserProcess, Clock, ExitInfo } from './supervisor';

/**
 * Starts the browser in a process group of its own (`detached`), so a signal reaches it and every process it
 * started (zygote, renderers, GPU), and a browser that dies leaves nothing behind: whatever is left of its
 * group is killed once it has exited.
 */
export function spawnBrowser(command: string, args: readonly string[], options: { stdio?: StdioOptions; env?: NodeJS.ProcessEnv } = {}): BrowserProcess {
  const child = spawn(command, args, { detached: true, stdio: options.stdio ?? 'ignore', env: options.env ?? process.env });
  const listeners: ((info: ExitInfo) => void)[] = [];
  let result: ExitInfo | null = null;

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone (ESRCH); the leader may still be there on its own.
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
    }
  };

  const finish = (info: ExitInfo) => {
    if (result) return;
    result = info;
    for (const listener of listeners) listener(info);
  };

  child.on('exit', (code, signal) => {
    signalGroup('SIGKILL');
    finish({ code, signal });
  });
  child.on('error', (error) => {
    // An error after a successful start (a failed kill) is not an exit.
    if (child.pid === undefined) finish({ code: null, signal: null, error: error.message });
  });

  return {
    pid: child.pid,
    kill(signal) {
      if (!result) signalGroup(signal);
    },
    onExit(listener) {
      if (result) listener(result);
      else listeners.push(listener);
    },
  };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** GET /json/version of the DevTools endpoint; null when it does not answer in time or answers oddly. */
export async function probeDevtools(url: string, timeoutMs: number): Promise<{ browser: string | null } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body = (await response.json()) as unknown;
    if (typeof body !== 'object' || body === null) return null;
    const browser = (body as { Browser?: unknown }).Browser;
    return { browser: typeof browser === 'string' ? browser : null };
  } catch {
    return null;
  }
}
