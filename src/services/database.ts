import type { PortalDb } from '../db/db';

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
 * The device database, loaded on demand so that Dexie stays out of the JavaScript the first screen needs.
 * Work that can wait (storing the config, terminal settings, the cart badge) asks for it after the first
 * screen; an offline start that needs the stored config asks for it `now`.
 */
export function portalDb(when: 'now' | 'afterFirstScreen' = 'afterFirstScreen'): Promise<PortalDb> {
  const gate = when === 'now' ? Promise.resolve() : firstScreenShown;
  return gate.then(() => (loading ??= import('../db/db').then((module) => module.db)));
}
