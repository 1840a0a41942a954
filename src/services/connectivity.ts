/** The delays between tries to reach the venue while it cannot be reached: quick at first, then every 5 s. */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 5_000] as const;

type Timers = { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };

const browserTimers: Timers = {
  set: (run, ms) => globalThis.setTimeout(run, ms),
  clear: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type ConnectivityOptions = {
  /** What the browser says at start (navigator.onLine). */
  initiallyOnline: boolean;
  /** Where the browser's own `online` and `offline` events are heard (the window); null where there is none. */
  browser: Pick<EventTarget, 'addEventListener'> | null;
  /** One light call to the venue: true when it answered at all (any HTTP status), false when nothing came back. */
  probe: () => Promise<boolean>;
  timers?: Timers;
};

/**
 * Whether the venue can be reached, as the app itself finds it. The browser's word (navigator.onLine and its events)
 * is not enough for a terminal: it says "online" on a network whose way out is down, and Chromium says so after a
 * reload made while the network was cut, with no `online` event ever after. So a call that gets no answer marks the
 * device offline, and from then on a light call is tried on a backing-off timer until the venue answers again; any
 * answer, and the browser's `online` event, mark it online at once.
 *
 * It dispatches `online` and `offline` events as the window does, so a listener written for the window works with it.
 */
export class Connectivity extends EventTarget {
  #online: boolean;
  #probe: () => Promise<boolean>;
  #timers: Timers;
  #timer: unknown = null;
  #attempts = 0;

  constructor(options: ConnectivityOptions) {
    super();
    this.#online = options.initiallyOnline;
    this.#probe = options.probe;
    this.#timers = options.timers ?? browserTimers;
    options.browser?.addEventListener('online', () => this.answered());
    options.browser?.addEventListener('offline', () => this.noAnswer());
    if (!this.#online) this.#probeLater();
  }

  get online(): boolean {
    return this.#online;
  }

  /** A call to the venue got an answer (any HTTP status). */
  answered(): void {
    this.#attempts = 0;
    this.#stopProbing();
    this.#change(true);
  }

  /** A call to the venue got no answer at all (no network, the server gone). */
  noAnswer(): void {
    if (this.#timer === null) this.#probeLater();
    this.#change(false);
  }

  /** Now when the venue can be reached, otherwise once it can. */
  ready(): Promise<void> {
    if (this.#online) return Promise.resolve();
    return new Promise((resolve) => this.addEventListener('online', () => resolve(), { once: true }));
  }

  #change(online: boolean): void {
    if (this.#online === online) return;
    this.#online = online;
    this.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }

  #probeLater(): void {
    const delay = PROBE_DELAYS_MS[Math.min(this.#attempts, PROBE_DELAYS_MS.length - 1)] ?? 5_000;
    this.#attempts += 1;
    this.#timer = this.#timers.set(() => {
      void this.#probe().then(
        (reached) => this.#afterProbe(reached),
        () => this.#afterProbe(false),
      );
    }, delay);
  }

  #afterProbe(reached: boolean): void {
    this.#timer = null;
    if (reached) this.answered();
    else if (!this.#online) this.#probeLater();
  }

  #stopProbing(): void {
    if (this.#timer !== null) this.#timers.clear(this.#timer);
    this.#timer = null;
  }
}
