import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkboxEvent, type WorkboxEventMap } from 'workbox-window';
import { APPLY_UPDATE_TIMEOUT_MS, controlServiceWorker, type WorkboxDriver } from './serviceWorker';

interface FakeWorker {
  posted: unknown[];
  postMessage(data: unknown, ports?: MessagePort[]): void;
}

function fakeWorker(reply?: unknown): FakeWorker {
  const worker: FakeWorker = {
    posted: [],
    postMessage(data, ports) {
      worker.posted.push(data);
      if (reply !== undefined) ports?.[0]?.postMessage(reply);
    },
  };
  return worker;
}

const asServiceWorker = (worker: FakeWorker) => worker as unknown as ServiceWorker;

interface FakeRegistration {
  installing: ServiceWorker | null;
  waiting: ServiceWorker | null;
  active: ServiceWorker | null;
}

/** Plays the browser and workbox-window: the registration's workers and the lifecycle events. */
class FakeWorkbox implements WorkboxDriver {
  readonly registration: FakeRegistration = { installing: null, waiting: null, active: null };
  skipWaitingRequests = 0;
  updateChecks = 0;
  onUpdate: () => void = () => undefined;
  private readonly listeners = new Map<string, Set<(event: never) => unknown>>();
  private resolveRegister: (registration: ServiceWorkerRegistration) => void = () => undefined;
  private rejectRegister: (error: Error) => void = () => undefined;

  addEventListener<K extends keyof WorkboxEventMap>(type: K, listener: (event: WorkboxEventMap[K]) => unknown): void {
    const forType = this.listeners.get(type) ?? new Set();
    forType.add(listener as (event: never) => unknown);
    this.listeners.set(type, forType);
  }

  register(): Promise<ServiceWorkerRegistration | undefined> {
    return new Promise((resolve, reject) => {
      this.resolveRegister = resolve;
      this.rejectRegister = reject;
    });
  }

  async update(): Promise<void> {
    this.updateChecks += 1;
    this.onUpdate();
  }

  messageSkipWaiting(): void {
    if (this.registration.waiting) this.skipWaitingRequests += 1;
  }

  finishRegistration(): void {
    this.resolveRegister(this.registration as unknown as ServiceWorkerRegistration);
  }

  failRegistration(): void {
    this.rejectRegister(new Error('SecurityError'));
  }

  emit<K extends keyof WorkboxEventMap>(type: K, sw?: ServiceWorker): void {
    const event = new WorkboxEvent(type, { sw } as Omit<WorkboxEventMap[K], 'target' | 'type'>);
    for (const listener of this.listeners.get(type) ?? []) (listener as (event: WorkboxEvent<K>) => unknown)(event);
  }

  /** A new version installed beside the active one and now waits. */
  newVersionWaits(): ServiceWorker {
    const worker = asServiceWorker(fakeWorker());
    this.registration.waiting = worker;
    this.emit('waiting', worker);
    return worker;
  }

  /** The waiting version took over and controls the page. */
  newVersionControls(): void {
    this.registration.active = this.registration.waiting;
    this.registration.waiting = null;
    this.emit('controlling', this.registration.active ?? undefined);
  }
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('service worker control', () => {
  let workbox: FakeWorkbox;
  let reload: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    workbox = new FakeWorkbox();
    reload = vi.fn<() => void>();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const control = (controlledAtStart = true) => controlServiceWorker(workbox, { controlledAtStart, reload });

  it('[S0-4.19] tells a listener about an update that started waiting before it subscribed', async () => {
    const sw = control();
    workbox.registration.active = asServiceWorker(fakeWorker());
    workbox.finishRegistration();
    await settle();
    workbox.newVersionWaits();

    const late = vi.fn();
    sw.onUpdateWaiting(late);
    await settle();

    expect(late).toHaveBeenCalledTimes(1);
    expect(sw.state()).toBe('waiting');
  });

  it('[S0-4.19] announces an update that was already waiting when the page registered', async () => {
    const sw = control();
    const listener = vi.fn();
    sw.onUpdateWaiting(listener);
    workbox.registration.active = asServiceWorker(fakeWorker());
    workbox.registration.waiting = asServiceWorker(fakeWorker());
    workbox.finishRegistration();
    await settle();
    // workbox-window also dispatches 'waiting' for it; the same worker is announced once.
    workbox.emit('waiting', workbox.registration.waiting ?? undefined);

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('announces each new waiting version once, and not to a listener that unsubscribed', async () => {
    const sw = control();
    const kept = vi.fn();
    const dropped = vi.fn();
    sw.onUpdateWaiting(kept);
    const unsubscribe = sw.onUpdateWaiting(dropped);
    workbox.finishRegistration();
    await settle();

    const first = workbox.newVersionWaits();
    workbox.emit('waiting', first);
    unsubscribe();
    workbox.newVersionWaits();

    expect(kept).toHaveBeenCalledTimes(2);
    expect(dropped).toHaveBeenCalledTimes(1);
  });

  it('[S0-4.19] applying an update skips waiting and reloads only once the new version controls the page', async () => {
    const sw = control();
    workbox.registration.active = asServiceWorker(fakeWorker());
    workbox.finishRegistration();
    await settle();
    workbox.newVersionWaits();

    sw.applyUpdate();
    sw.applyUpdate();
    await settle();
    expect(workbox.skipWaitingRequests).toBe(1);
    expect(reload).not.toHaveBeenCalled();

    workbox.newVersionControls();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sw.state()).toBe('active');
  });

  it('applying while the new version is still installing skips waiting as soon as it waits', async () => {
    const sw = control();
    workbox.registration.active = asServiceWorker(fakeWorker());
    workbox.registration.installing = asServiceWorker(fakeWorker());
    const listener = vi.fn();
    sw.onUpdateWaiting(listener);
    workbox.finishRegistration();
    await settle();

    sw.applyUpdate();
    await settle();
    expect(workbox.skipWaitingRequests).toBe(0);

    workbox.registration.installing = null;
    workbox.newVersionWaits();
    expect(workbox.skipWaitingRequests).toBe(1);
    expect(listener).not.toHaveBeenCalled();
    workbox.newVersionControls();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('applying with no new version found checks for one, then reloads straight away', async () => {
    const sw = control();
    workbox.registration.active = asServiceWorker(fakeWorker());
    workbox.finishRegistration();
    await settle();

    sw.applyUpdate();
    await settle();

    expect(workbox.updateChecks).toBe(1);
    expect(workbox.skipWaitingRequests).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway when the new version never takes control', async () => {
    vi.useFakeTimers();
    const sw = control();
    workbox.registration.active = asServiceWorker(fakeWorker());
    workbox.finishRegistration();
    await vi.advanceTimersByTimeAsync(0);
    workbox.newVersionWaits();

    sw.applyUpdate();
    await vi.advanceTimersByTimeAsync(APPLY_UPDATE_TIMEOUT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);

    workbox.newVersionControls();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checking for an update asks the browser and announces a version that is already waiting', async () => {
    const sw = control();
    const listener = vi.fn();
    sw.onUpdateWaiting(listener);
    workbox.registration.active = asServiceWorker(fakeWorker());
    workbox.onUpdate = () => {
      workbox.registration.waiting = asServiceWorker(fakeWorker());
    };
    workbox.finishRegistration();

    await sw.checkForUpdate();

    expect(workbox.updateChecks).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reports its state through the registration', async () => {
    const first = control(false);
    expect(first.state()).toBe('installing');
    workbox.registration.installing = asServiceWorker(fakeWorker());
    workbox.finishRegistration();
    await settle();
    expect(first.state()).toBe('installing');
    workbox.registration.active = workbox.registration.installing;
    workbox.registration.installing = null;
    expect(first.state()).toBe('active');

    workbox = new FakeWorkbox();
    expect(control(true).state()).toBe('active');

    workbox = new FakeWorkbox();
    const failing = control(false);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    workbox.failRegistration();
    await settle();
    expect(failing.state()).toBe('unsupported');
    await expect(failing.checkForUpdate()).resolves.toBeUndefined();
  });

  it('asks the active worker to purge personal caches and waits for its answer', async () => {
    const sw = control();
    const active = fakeWorker({ type: 'PERSONAL_CACHES_PURGED', purged: [] });
    workbox.registration.active = asServiceWorker(active);
    workbox.finishRegistration();

    await sw.purgePersonalCaches();

    expect(active.posted).toEqual([{ type: 'PURGE_PERSONAL_CACHES' }]);
  });
});
