import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { kioskVisitorMachine } from '../../../machines/kioskVisitor';
import type { sessionMachine } from '../../../machines/session';
import type { versionMachine } from '../../../machines/version';
import type { ApiClient } from '../../api/client';
import { HEADERS } from '../../domain/contract/headers';
import { ATTRACT_QUERY, idleMilliseconds } from '../../domain/kiosk/idle';
import type { Lang } from '../../domain/lang';
import { connectivity } from '../../services/apiInstance';
import type { CartHandle } from '../../services/cartCount';
import { afterFirstScreen, portalDb } from '../../services/database';
import type { ServiceWorkerControl } from '../../services/serviceWorker';
import { clearBrowserStorage, clearVisitorTables, deletePersonalCaches, wipeVisitor } from '../../services/visitorWipe';
import type { TerminalMode } from '../../app/terminalMode';
import type { KioskControls, KioskDiagnostics } from '../../app/kioskControls';
import type { KioskVisitorActor } from '../../app/portal';
import { forgetKeptPages, keepStartPage } from '../../services/keptPages';

export type KioskRuntimeDeps = {
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
  cart: CartHandle;
  version: ActorRefFrom<typeof versionMachine>;
  terminal: TerminalMode;
  /** The service worker once registered (null where there is none). */
  serviceWorker(): ServiceWorkerControl | null;
  /** The language now on screen. */
  language(): Lang;
  /** Shows a language now (the lang query of the current page). */
  showLanguage(lang: Lang): void;
  /** The address the page was loaded at. */
  startUrl: URL;
};

/** The terminal settings live in device storage, which opens after the first screen; their module loads on use. */
const terminalSettings = () => import('../../services/terminalSettings');

/** Touches and keys that count as someone being there; moving a pointer without touching does not. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

/** The start address of a terminal: the attract screen, in `lang`, a kiosk from the first frame. */
export function attractUrl(lang: Lang): string {
  return `/?mode=kiosk&${ATTRACT_QUERY}=1&lang=${lang}`;
}

/**
 * The kiosk half of the app: the visitor machine with its real wipe, the activity listeners, updates held back to
 * the attract screen, and the staff controls. Outside kiosk mode the machine rests and nothing here acts.
 */
export function startKioskRuntime(deps: KioskRuntimeDeps): { visitor: KioskVisitorActor; controls: KioskControls } {
  let defaultLanguage: Lang | null = null;
  const restartLanguage = () => defaultLanguage ?? 'en';

  /**
   * A new page at the attract screen; with an update waiting, the new version's page (whose worker drops this build's
   * kept pages). Otherwise the start page is kept first (at once when kept already), so the restart paints it from the
   * server's HTML.
   */
  const restart = async ({ keepStart = true }: { keepStart?: boolean } = {}) => {
    const lang = restartLanguage();
    const target = attractUrl(lang);
    if (deps.version.getSnapshot().matches('updateAvailable')) {
      window.history.replaceState(null, '', target);
      deps.version.send({ type: 'version.update' });
      return;
    }
    if (keepStart) await keepStartPage({ url: new URL(target, window.location.href).href, lang });
    window.location.replace(target);
  };

  const wipe = (then: () => void) =>
    wipeVisitor({
      endSession: async () => {
        const token = deps.session.getSnapshot().context.user?.token;
        deps.session.send({ type: 'session.logout' });
        if (!token) return;
        // Without an answer now (no network, server down), the revocation waits in the outbox for the network.
        // The auth calls load here, not with the first screen; a module that cannot load counts as no answer.
        const revoked = connectivity.online
          ? await import('../../api/auth').then(
              ({ logout }) => logout(deps.api, { [HEADERS.authorization]: `Bearer ${token}` }, { waitForNetwork: false }),
              () => null,
            )
          : null;
        if (revoked && revoked.status !== 0 && revoked.status < 500) return;
        const { enqueueTokenRevocation } = await import('../../services/outbox');
        await enqueueTokenRevocation(token);
      },
      resetCart: () => deps.cart.reset(),
      clearVisitorTables: async () => clearVisitorTables(await portalDb('now')),
      clearBrowserStorage: () => clearBrowserStorage({ localStorage, sessionStorage, document }),
      purgePersonalCaches: async () => {
        await deletePersonalCaches(globalThis.caches);
        await forgetKeptPages(globalThis.caches);
        await deps.serviceWorker()?.purgePersonalCaches();
      },
      restart: then,
    }).then((report) => {
      for (const failure of report.failed) console.warn(`visitor wipe: ${failure.step} failed`, failure.error);
    });

  const visitor = createActor(
    kioskVisitorMachine.provide({
      actors: { wipeVisitor: fromPromise(() => wipe(() => void restart())) },
      actions: {
        applyUpdate: () => deps.version.send({ type: 'version.update' }),
        logWipeFailure: (_, { error }) => console.warn('visitor wipe failed', error),
      },
    }),
    {
      input: {
        kiosk: deps.terminal.kiosk(),
        idleMs: idleMilliseconds(null),
        startAtAttract: deps.startUrl.searchParams.has(ATTRACT_QUERY),
      },
    },
  ).start();

  deps.terminal.subscribe(() => visitor.send({ type: 'kiosk.changed', kiosk: deps.terminal.kiosk() }));
  void afterFirstScreen()
    .then(terminalSettings)
    .then(({ getTerminalSettings }) => getTerminalSettings())
    .then((settings) => {
      defaultLanguage = settings.defaultLanguage;
      visitor.send({ type: 'idle.configure', idleMs: idleMilliseconds(settings.idleSeconds) });
    });
  const onActivity = () => visitor.send({ type: 'activity' });
  for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, { capture: true, passive: true });

  const updateWaiting = () => deps.version.getSnapshot().matches('updateAvailable');
  let updateAnnounced = false;
  deps.version.subscribe(() => {
    if (updateAnnounced || !updateWaiting()) return;
    updateAnnounced = true;
    visitor.send({ type: 'update.waiting' });
  });

  const controls: KioskControls = {
    endVisitorSession: async () => {
      visitor.send({ type: 'visitor.end' });
    },
    clearCachesAndReload: async () => {
      await wipe(() => {});
      await clearCaches();
      // The next page comes whole from the server.
      await restart({ keepStart: false });
    },
    updateWaiting,
    subscribeUpdateWaiting: (listener) => {
      const subscription = deps.version.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    applyUpdate: () => {
      void wipe(() => void restart());
    },
    setDefaultLanguage: async (lang) => {
      const { setDefaultLanguage } = await terminalSettings();
      await setDefaultLanguage(lang);
      defaultLanguage = lang;
      deps.showLanguage(lang);
    },
    diagnostics: () => readDiagnostics(deps),
    leaveKiosk: async () => {
      await wipe(() => {});
      const { setKioskMode } = await terminalSettings();
      await setKioskMode(false);
      window.location.replace(`/?mode=web&lang=${deps.language()}`);
    },
  };

  return { visitor, controls };
}

/**
 * Online, every cache goes and the service worker is unregistered, so the next page comes whole from the server.
 * Offline that would leave nothing to start from, so only runtime caches go and the precached app stays.
 */
async function clearCaches(): Promise<void> {
  const storage = globalThis.caches;
  if (!storage) return;
  const names = await storage.keys();
  if (connectivity.online) {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    await Promise.all(names.map((name) => storage.delete(name)));
    return;
  }
  await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => storage.delete(name)));
}

async function readDiagnostics(deps: KioskRuntimeDeps): Promise<KioskDiagnostics> {
  const [settings, db, estimate] = await Promise.all([
    terminalSettings().then(({ getTerminalSettings }) => getTerminalSettings()),
    portalDb('now'),
    navigator.storage?.estimate?.().catch(() => undefined),
  ]);
  const [config, latestSchedule, outboxLength] = await Promise.all([
    db.config.get('site'),
    db.schedules.orderBy('savedAt').last(),
    db.outbox.count(),
  ]);
  return {
    appVersion: deps.version.getSnapshot().context.firstVersion,
    terminalId: settings.terminalId,
    terminalName: settings.terminalName,
    online: connectivity.online,
    lastConfigSync: config?.savedAt ?? null,
    lastScheduleSync: latestSchedule?.savedAt ?? null,
    serviceWorker: deps.serviceWorker()?.state() ?? 'unsupported',
    storageUsedBytes: estimate?.usage ?? null,
    outboxLength,
  };
}
