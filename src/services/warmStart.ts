import type { ApiResult } from '../api/client';
import { revalidationOutcome } from '../domain/warmStart';

/**
 * The warm start: a page that did not come with the server's data (the service worker's precached shell: every kiosk
 * restart, every start offline) shows the venue's config and public venue data from the device's copies at once, and
 * asks the network afterwards. It lasts until the first screen is up; from then on reads are network first again.
 *
 * The copies are read with plain IndexedDB, not Dexie: loading and opening Dexie would cost the first screen more than
 * the read itself. The database and its stores are Dexie's (src/db/db.ts); only rows are read here, never written.
 */
const DATABASE_NAME = 'venue-portal';

type KeptStore = 'config' | 'lookups';

let warm = false;
let opening: Promise<IDBDatabase | null> | null = null;
let refreshListener: () => void = () => {};
/**
 * The network's answers to reads shown from the device, for the screen's loads that follow: each answer that differs
 * loads the screen again, and every read of it (an event and its places) takes its own answer rather than asking
 * twice. Past ANSWER_LIFETIME_MS an answer is no longer the current one and a read asks the network again.
 */
const answers = new Map<string, { answer: Promise<ApiResult<unknown>>; at: number }>();
const ANSWER_LIFETIME_MS = 10_000;

/** The page has no server-rendered data: read from the device first. Opens the database at once, in parallel with the app's start. */
export function beginWarmStart(): void {
  warm = true;
  opening ??= openDeviceStore();
}

/** The first screen is up: later reads go to the network first. */
export function endWarmStart(): void {
  warm = false;
  const closing = opening;
  opening = null;
  void closing?.then((database) => database?.close());
}

/**
 * Whether a read may show the device's copy first: during the warm start, unless the network's answer to that read is
 * already waiting (the screen loads again because of it).
 */
export function showsDeviceCopyFirst(key: string): boolean {
  return warm && !answers.has(key);
}

/** The app reloads the screen's data (router.invalidate) when a network answer differs from the device's copy shown. */
export function onDeviceCopyOutdated(listener: () => void): void {
  refreshListener = listener;
}

/** A row kept on the device during the warm start, or undefined: none, no database yet, storage that cannot be read, or no warm start. */
export async function readKeptRow(store: KeptStore, key: string): Promise<unknown> {
  const database = await opening;
  if (!database || !database.objectStoreNames.contains(store)) return undefined;
  return new Promise((resolve) => {
    try {
      const request = database.transaction(store, 'readonly').objectStore(store).get(key);
      request.onsuccess = () => resolve(request.result as unknown);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/**
 * `kept` is on screen; `call` asks the network for the same data. Its answer waits for the screen's next load
 * (`answerOf`); the screen loads again only when the answer says something else than the copy did.
 */
export function revalidate<T>(key: string, kept: T, call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const answer = call();
  answers.set(key, { answer: answer as Promise<ApiResult<unknown>>, at: Date.now() });
  void answer.then((result) => {
    if (revalidationOutcome(kept, result) !== 'unchanged') refreshListener();
  });
  return answer;
}

/** The network's answer to a read shown from the device while it is current, or else `call`'s. */
export function answerOf<T>(key: string, call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const waiting = answers.get(key);
  if (waiting && Date.now() - waiting.at < ANSWER_LIFETIME_MS) return waiting.answer as Promise<ApiResult<T>>;
  answers.delete(key);
  return call();
}

function openDeviceStore(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      // No version: whatever Dexie last made. A device without the database must not get an empty one of ours (Dexie
      // would then have to upgrade it), so creating it is called off.
      const request = indexedDB.open(DATABASE_NAME);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => {
        const database = request.result;
        // A new release's Dexie upgrades the database; this reader never holds it up.
        database.onversionchange = () => database.close();
        resolve(database);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}
