import type { PortalDb } from '../db/db';
import { whenPageSettled } from '../app/whenIdle';

/** The name the device database is kept under (src/db/db.ts). */
const DATABASE_NAME = 'venue-portal';

let markShown: () => void = () => {};
const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Called once the first screen is up; device storage work that waited for it may start. */
export function markFirstScreenShown(): void {
  markShown();
}

/** Settles once the first screen is up: code that only device storage needs can load after it. */
export function afterFirstScreen(): Promise<void> {
  return firstScreenShown;
}

let loading: Promise<PortalDb> | null = null;
let markOpened: (db: PortalDb) => void = () => {};
const openedThisVisit = new Promise<PortalDb>((resolve) => {
  markOpened = resolve;
});

/**
 * The device database, loaded on demand so that Dexie stays out of the JavaScript the first screen needs. A write
 * asks for it `now` (a cart line, a login's tickets, a kiosk setup): that is what makes a device keep data.
 */
export function portalDb(when: 'now' | 'afterFirstScreen' = 'afterFirstScreen'): Promise<PortalDb> {
  const gate = when === 'now' ? Promise.resolve() : firstScreenShown;
  return gate.then(() => (loading ??= import('../db/db').then(({ db }) => (markOpened(db), db))));
}

/**
 * Whether this device has kept anything yet (a cart, settings, copies), asked of the browser without loading Dexie:
 * without a database there is nothing to read. Where the browser cannot tell, it assumes so, so that nothing kept
 * (a kiosk's settings, a cart line) is ever missed.
 */
export async function deviceKeepsData(): Promise<boolean> {
  if (loading) return true;
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  const databases = await indexedDB.databases().catch(() => null);
  return databases === null || databases.some((database) => database.name === DATABASE_NAME);
}

/**
 * The database for a read: null on a device that has kept nothing, where there is nothing to read and a first
 * visit need not load Dexie to find that out.
 */
export async function keptDataDb(): Promise<PortalDb | null> {
  return (await deviceKeepsData()) ? portalDb('now') : null;
}

/**
 * The database for work that only matters once the device keeps something (the outbox, copies): after the first
 * screen, at once on a device that keeps data, else once something opens it. Until then Dexie does not load.
 */
export async function onceDeviceKeepsData(): Promise<PortalDb> {
  await firstScreenShown;
  return (await deviceKeepsData()) ? portalDb() : openedThisVisit;
}

type DeviceWrite = (db: PortalDb) => Promise<unknown>;

/** Copies waiting for the device database, by what they copy: a later answer replaces an earlier one. */
const waitingCopies = new Map<string, DeviceWrite>();
/** A visit keeps at most this many answers in memory while its copies wait. */
const MAX_WAITING_COPIES = 64;
let flushScheduled = false;

/**
 * Keeps a copy (venue data, the config, the remote config's date) on the device, so the next start and an offline
 * one can show it: after the first screen where the device keeps data; on a first visit, at its first write (a cart
 * line, a login, a kiosk setup), once the page has settled after the first screen (`whenPageSettled`: longer than a
 * first screen's loading takes on a slow phone, so Dexie never competes with it), or when the page is hidden,
 * whichever comes first. A failed write only costs the start that copy was for.
 */
export function keepOnceDeviceKeepsData(key: string, write: DeviceWrite): void {
  waitingCopies.delete(key);
  waitingCopies.set(key, write);
  if (waitingCopies.size > MAX_WAITING_COPIES) waitingCopies.delete(waitingCopies.keys().next().value!);
  if (flushScheduled) return;
  flushScheduled = true;
  void Promise.race([onceDeviceKeepsData(), firstVisitSettled().then(() => portalDb('now'))]).then(async (db) => {
    flushScheduled = false;
    const writes = [...waitingCopies.values()];
    waitingCopies.clear();
    await Promise.all(writes.map((copy) => copy(db).catch(() => undefined)));
  }, () => {
    // Dexie could not load (offline before it was cached): the next copy tries again.
    flushScheduled = false;
  });
}

let settled: Promise<void> | null = null;

/** Settles once the first screen has shown for a while and the browser is idle, or once the page is hidden. */
function firstVisitSettled(): Promise<void> {
  return (settled ??= firstScreenShown.then(whenSettled));
}

function whenSettled(): Promise<void> {
  return new Promise((resolve) => {
    whenPageSettled(resolve);
    globalThis.document?.addEventListener('visibilitychange', () => {
      if (globalThis.document.visibilityState === 'hidden') resolve();
    });
  });
}
