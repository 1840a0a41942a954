import type { Page } from '@playwright/test';

/**
 * The app's device database (IndexedDB 'venue-portal', src/db/db.ts) as tests read and seed it. Reads never create
 * or upgrade the database, so a test can look before the app has opened it; writes need the app to have opened it.
 */
const DEVICE_DATABASE = 'venue-portal';

/** One row of `store` by key, or every row when `key` is null; undefined while the database or store is not there yet. */
function readDeviceStore(page: Page, store: string, key: string | null): Promise<unknown> {
  return page.evaluate(
    async ({ name, store, key }) => {
      if (!(await indexedDB.databases()).some((database) => database.name === name)) return undefined;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      try {
        if (!database.objectStoreNames.contains(store)) return undefined;
        return await new Promise<unknown>((resolve, reject) => {
          const objects = database.transaction(store, 'readonly').objectStore(store);
          const reading = key === null ? objects.getAll() : objects.get(key);
          reading.onsuccess = () => resolve(reading.result as unknown);
          reading.onerror = () => reject(reading.error);
        });
      } finally {
        database.close();
      }
    },
    { name: DEVICE_DATABASE, store, key },
  );
}

/** One row of `store`; undefined while it, the store or the database is not there. */
export function readDeviceRow(page: Page, store: string, key: string): Promise<unknown> {
  return readDeviceStore(page, store, key);
}

/** Whether the app has opened its device database with `store` in it. */
export async function deviceStoreExists(page: Page, store: string): Promise<boolean> {
  return (await readDeviceStore(page, store, null)) !== undefined;
}

/** The rows of `store`; empty while the database or store is not there yet. */
export async function readDeviceRows<Row>(page: Page, store: string): Promise<Row[]> {
  return ((await readDeviceStore(page, store, null)) as Row[] | undefined) ?? [];
}

/** Puts `rows` into `store` in one transaction, first emptying it when `replace` is set. */
export async function writeDeviceRows(page: Page, store: string, rows: object[], { replace = false } = {}) {
  await page.evaluate(
    async ({ name, store, rows, replace }) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const transaction = database.transaction(store, 'readwrite');
          const objects = transaction.objectStore(store);
          if (replace) objects.clear();
          for (const row of rows) objects.put(row);
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
      } finally {
        database.close();
      }
    },
    { name: DEVICE_DATABASE, store, rows, replace },
  );
}
