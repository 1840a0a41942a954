import { createActor, fromCallback, fromPromise } from 'xstate';
import { appShellMachine, type ConfigLoadInput, type ShellConfigLoad } from '../../machines/appShell';
import { kioskVisitorMachine } from '../../machines/kioskVisitor';
import { sessionMachine } from '../../machines/session';
import { versionMachine } from '../../machines/version';
import type { ApiClient } from '../api/client';
import type { Portal } from '../app/portal';
import type { KioskControls } from '../app/kioskControls';
import type { ConfigResponse } from '../domain/contract/config';
import type { TimeCheck } from '../domain/contract/time';
import { idleMilliseconds } from '../domain/kiosk/idle';
import { createCartHandle, whenState } from '../services/cartCount';

/** Settles never: what the client does after its start (time check, version check, the cart) the server leaves to it. */
const later = <T>() => new Promise<T>(() => undefined);

/** The staff panel acts only on a running terminal: the server renders its closed corner, never its actions. */
const refuse = (): Promise<never> => Promise.reject(new Error('Kiosk controls exist only in a running terminal'));
const noKioskControls: KioskControls = {
  endVisitorSession: refuse,
  clearCachesAndReload: refuse,
  updateWaiting: () => false,
  subscribeUpdateWaiting: () => () => undefined,
  applyUpdate: () => undefined,
  setDefaultLanguage: refuse,
  diagnostics: refuse,
  leaveKiosk: refuse,
};

/**
 * The portal as a first visit without a login sees it on a web browser or a terminal (`terminal`), ready with the
 * venue config the server just read: the same machines as the client's, so the screens render the same markup the
 * client hydrates. `stop` ends every actor once the page is rendered.
 */
export async function startServerPortal(
  api: ApiClient,
  config: ConfigResponse,
  host: string,
  terminal: { kiosk: boolean; atAttract: boolean },
): Promise<{ portal: Portal; stop: () => void }> {
  const shell = createActor(
    appShellMachine.provide({
      actors: {
        loadConfig: fromPromise<ShellConfigLoad, ConfigLoadInput>(() => Promise.resolve({ response: config, source: 'network', savedAt: 0 })),
        verifyTime: fromPromise(() => later<TimeCheck | null>()),
      },
    }),
    { input: { host } },
  ).start();
  const session = createActor(sessionMachine, { input: { stored: null, now: 0 } }).start();
  const version = createActor(
    versionMachine.provide({
      actors: { fetchVersion: fromPromise(() => later<string>()), serviceWorkerUpdates: fromCallback(() => undefined) },
    }),
  ).start();
  const kioskVisitor = createActor(kioskVisitorMachine, { input: { kiosk: terminal.kiosk, idleMs: idleMilliseconds(null), startAtAttract: terminal.atAttract } }).start();
  const cart = createCartHandle(later);
  const stop = () => {
    for (const actor of [shell, session, version, kioskVisitor]) actor.stop();
  };
  await whenState(shell, (state) => !state.hasTag('pending'));
  return {
    portal: {
      api,
      shell,
      session,
      version,
      host,
      cart,
      subscribeCartCount: cart.subscribeCount,
      subscribeCartLineTypes: cart.subscribeLineTypes,
      clearCart: () => later<void>(),
      kioskVisitor,
      kiosk: noKioskControls,
    },
    stop,
  };
}
