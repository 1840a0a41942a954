import type { PortalDb } from '../db/db';

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

/**
 * The device database, loaded on demand so that Dexie stays out of the JavaScript the first screen needs. Work that can
 * wait (storing the config, terminal settings) asks for it after the first screen; what needs it at once asks `now`.
 */
export function portalDb(when: 'now' | 'afterFirstScreen' = 'afterFirstScreen'): Promise<PortalDb> {
  const gate = when === 'now' ? Promise.resolve() : firstScreenShown;
  return gate.then(() => (loading ??= import('../db/db').then((module) => module.db)));
}

/**
 * Whether this device has kept anything yet (a cart, settings, copies): without a database there is nothing to read,
 * so a first visit starts the cart only when it is used. Where the browser cannot tell, it assumes so.
 */
export async function deviceKeepsData(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  const databases = await indexedDB.databases().catch(() => null);
  return databases === null || databases.some((database) => database.name === DATABASE_NAME);
}
