import type { PortalDb } from '../db/db';
import { CONFIG_MIRROR_KEY } from './configMirror';

/** Runtime caches that may hold one visitor's data carry this prefix (src/sw.ts names them so). */
export const PERSONAL_CACHE_PREFIX = 'personal-';

/**
 * Longest a wipe waits for the server (token revocation, hold release) before it goes on: a kiosk that lost its
 * network still returns to the attract screen at once, and the calls finish when the network returns.
 */
export const WIPE_SERVER_WAIT_MS = 4000;

/**
 * What a visitor reset removes, in order. The server calls come first because they need what the later steps
 * delete (the bearer token, the cart's session id).
 */
export type VisitorWipeSteps = {
  /** Revokes the visitor's bearer token on the server and signs the app out. */
  endSession(): Promise<void>;
  /** Empties the cart and releases its server holds. */
  resetCart(): Promise<void>;
  /** Device tables that belong to the visitor (cart lines, pending checkouts, kept tickets); config, schedules, outbox and terminal settings stay. */
  clearVisitorTables(): Promise<void>;
  /** localStorage, sessionStorage and readable cookies. */
  clearBrowserStorage(): void;
  /** Personal runtime caches, from the page and through the service worker. */
  purgePersonalCaches(): Promise<void>;
  /**
   * Loads the app afresh at the attract screen in the terminal's default language: nothing the visitor left in
   * memory (half-filled forms, answers kept by the API client, machines) survives a new page.
   */
  restart(): void;
};

export type WipeReport = { failed: { step: keyof VisitorWipeSteps; error: unknown }[] };

const ORDER: (keyof VisitorWipeSteps)[] = [
  'endSession',
  'resetCart',
  'clearVisitorTables',
  'clearBrowserStorage',
  'purgePersonalCaches',
  'restart',
];

const SERVER_STEPS = new Set<keyof VisitorWipeSteps>(['endSession', 'resetCart']);

/**
 * Runs every step even when one fails (a blocked storage must not leave the cart behind), and reports the failures.
 * Server steps are given WIPE_SERVER_WAIT_MS; past that they go on in the background.
 */
export async function wipeVisitor(steps: VisitorWipeSteps, serverWaitMs = WIPE_SERVER_WAIT_MS): Promise<WipeReport> {
  const failed: WipeReport['failed'] = [];
  for (const step of ORDER) {
    try {
      const running = Promise.resolve(steps[step]());
      await (SERVER_STEPS.has(step) ? withinOrOnward(running, serverWaitMs) : running);
    } catch (error) {
      failed.push({ step, error });
    }
  }
  return { failed };
}

function withinOrOnward(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, waited]).finally(() => clearTimeout(timer));
}

/** The device tables of one visitor. */
export async function clearVisitorTables(db: PortalDb): Promise<void> {
  await db.transaction('rw', [db.cartLines, db.checkouts, db.keptTickets], async () => {
    await db.cartLines.clear();
    await db.checkouts.clear();
    // A terminal never keeps tickets; a device that was a customer's before it became one might.
    await db.keptTickets.clear();
  });
}

/**
 * Everything the page can reach in Web Storage and cookies; the terminal's own settings live in IndexedDB. The venue's
 * config copy (services/configMirror.ts) is the venue's, not the visitor's, and stays for the next start.
 */
export function clearBrowserStorage(scope: { localStorage?: Storage; sessionStorage?: Storage; document?: Pick<Document, 'cookie'> }): void {
  const venueConfig = scope.localStorage?.getItem(CONFIG_MIRROR_KEY);
  scope.localStorage?.clear();
  if (venueConfig) scope.localStorage?.setItem(CONFIG_MIRROR_KEY, venueConfig);
  scope.sessionStorage?.clear();
  const jar = scope.document;
  if (!jar) return;
  for (const cookie of jar.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) jar.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Deletes the personal caches the page can see (the service worker is asked separately, for caches it keeps open). */
export async function deletePersonalCaches(storage: Pick<CacheStorage, 'keys' | 'delete'> | undefined): Promise<void> {
  if (!storage) return;
  const names = (await storage.keys()).filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX));
  await Promise.all(names.map((name) => storage.delete(name)));
}
