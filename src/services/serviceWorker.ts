import { messageSW, Workbox } from 'workbox-window';
import { reloadUrlWithVersion } from '../domain/version';

export type ServiceWorkerState = 'unsupported' | 'installing' | 'active' | 'waiting';

export interface ServiceWorkerControl {
  /** Called once for every new version that waits to take over, including one that was already waiting. */
  onUpdateWaiting(listener: () => void): () => void;
  /** Lets the waiting version take over, then reloads the page once it controls it. */
  applyUpdate(): void;
  /** Asks the browser to look for a new service worker now; rejects when the check cannot reach the server. */
  checkForUpdate(): Promise<void>;
  /** Deletes the service worker's runtime caches of personal data (kiosk idle reset). */
  purgePersonalCaches(): Promise<void>;
  state(): ServiceWorkerState;
}

/** The part of workbox-window's Workbox this module drives. */
export type WorkboxDriver = Pick<Workbox, 'addEventListener' | 'register' | 'update' | 'messageSkipWaiting'>;

interface ControlOptions {
  /** Whether a service worker already controlled the page when it loaded. */
  controlledAtStart: boolean;
  reload: () => void;
}

/** If the new version has not taken control by then, reload anyway: a kiosk must never stay behind a blocking modal. */
export const APPLY_UPDATE_TIMEOUT_MS = 10_000;

/** S0-8.12: the reload after confirming the new-version modal carries a v parameter of the current unix time. */
function reloadWithVersion(): void {
  window.location.replace(reloadUrlWithVersion(window.location.href, Date.now() / 1000));
}

export function registerServiceWorker(
  options: { reload?: () => void } = {},
): ServiceWorkerControl | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  return controlServiceWorker(new Workbox('/sw.js', { scope: '/' }), {
    controlledAtStart: navigator.serviceWorker.controller !== null,
    reload: options.reload ?? reloadWithVersion,
  });
}

export function controlServiceWorker(workbox: WorkboxDriver, options: ControlOptions): ServiceWorkerControl {
  const listeners = new Set<() => void>();
  let registration: ServiceWorkerRegistration | undefined;
  let registrationFailed = false;
  let announcedWorker: ServiceWorker | undefined;
  let applying = false;
  let reloaded = false;
  let applyFallback: ReturnType<typeof setTimeout> | undefined;

  const reloadOnce = () => {
    clearTimeout(applyFallback);
    if (reloaded) return;
    reloaded = true;
    options.reload();
  };

  const announceWaiting = (worker: ServiceWorker | null | undefined) => {
    if (!worker || worker === announcedWorker) return;
    announcedWorker = worker;
    if (applying) {
      workbox.messageSkipWaiting();
      return;
    }
    for (const listener of listeners) listener();
  };

  workbox.addEventListener('waiting', (event) => announceWaiting(event.sw ?? registration?.waiting));
  workbox.addEventListener('controlling', () => {
    if (applying) reloadOnce();
  });

  const registered: Promise<ServiceWorkerRegistration | undefined> = workbox.register().then(
    (result) => {
      registration = result;
      announceWaiting(result?.waiting);
      return result;
    },
    (error: unknown) => {
      registrationFailed = true;
      console.warn('Service worker registration failed', error);
      return undefined;
    },
  );

  /** Makes a waiting version take over; false when there is no new version to wait for. */
  const skipToNewVersion = async (): Promise<boolean> => {
    const current = await registered;
    if (!current) return false;
    if (!current.waiting && !current.installing) await workbox.update().catch(() => undefined);
    if (current.waiting) {
      workbox.messageSkipWaiting();
      return true;
    }
    // An installing version is told to skip waiting by announceWaiting once it reaches 'waiting'.
    return current.installing !== null;
  };

  return {
    onUpdateWaiting(listener) {
      listeners.add(listener);
      if (announcedWorker && registration?.waiting && !applying) {
        queueMicrotask(() => {
          if (listeners.has(listener)) listener();
        });
      }
      return () => listeners.delete(listener);
    },

    applyUpdate() {
      if (applying) return;
      applying = true;
      applyFallback = setTimeout(reloadOnce, APPLY_UPDATE_TIMEOUT_MS);
      void skipToNewVersion().then((found) => {
        if (!found) reloadOnce();
      });
    },

    async checkForUpdate() {
      const current = await registered;
      if (!current) return;
      await workbox.update();
      announceWaiting(current.waiting);
    },

    async purgePersonalCaches() {
      const current = await registered;
      const worker = current?.active ?? current?.waiting;
      if (worker) await messageSW(worker, { type: 'PURGE_PERSONAL_CACHES' });
    },

    state() {
      if (registrationFailed) return 'unsupported';
      if (!registration) return options.controlledAtStart ? 'active' : 'installing';
      if (registration.waiting) return 'waiting';
      return registration.active ? 'active' : 'installing';
    },
  };
}
