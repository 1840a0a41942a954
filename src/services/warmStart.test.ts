import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiResult } from '../api/client';
import { PortalDb } from '../db/db';
import { withDeviceCopy, type DeviceBackedResult } from './deviceCopy';
import { beginWarmStart, endWarmStart, onDeviceCopyOutdated } from './warmStart';

const item = z.object({ id: z.number(), name: z.string() });
type Item = z.infer<typeof item>;

let factory: IDBFactory;
let database: PortalDb;
let refreshes: number;

beforeEach(() => {
  factory = new IDBFactory();
  vi.stubGlobal('indexedDB', factory);
  database = new PortalDb('venue-portal', { indexedDB: factory, IDBKeyRange });
  refreshes = 0;
  onDeviceCopyOutdated(() => (refreshes += 1));
});

afterEach(() => {
  endWarmStart();
  database.close();
  vi.unstubAllGlobals();
});

/** A network call that answers when told to, counting how often it was made. */
function networkCall(answer: ApiResult<Item>) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const call = vi.fn(() => released.then(() => answer));
  return { call, release };
}

const ok = (data: Item): ApiResult<Item> => ({ ok: true, status: 200, data });
const options = { db: () => Promise.resolve(database), now: () => 9000 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('withDeviceCopy at a warm start', () => {
  it('shows the kept copy before the network answers, then reloads the screen with the changed answer without asking twice', async () => {
    await database.lookups.put({ key: 'venue:events:1', data: { id: 1, name: 'Cup final' }, savedAt: 1000 });
    beginWarmStart();
    const network = networkCall(ok({ id: 1, name: 'Cup final, new time' }));

    const shown = await withDeviceCopy('venue:events:1', network.call, item, options);
    expect(shown).toEqual({ ok: true, status: 200, data: { id: 1, name: 'Cup final' } });
    expect(network.call).toHaveBeenCalledTimes(1);
    expect(refreshes).toBe(0);

    network.release();
    await settle();
    expect(refreshes).toBe(1);
    endWarmStart();
    const reloaded = await withDeviceCopy('venue:events:1', network.call, item, options);
    expect(reloaded).toEqual(ok({ id: 1, name: 'Cup final, new time' }));
    // The screen may load again for another of its reads (the event's places): the answer is still the current one.
    expect(await withDeviceCopy('venue:events:1', network.call, item, options)).toEqual(reloaded);
    expect(network.call).toHaveBeenCalledTimes(1);
    expect(await database.lookups.get('venue:events:1')).toEqual({ key: 'venue:events:1', data: { id: 1, name: 'Cup final, new time' }, savedAt: 9000 });
  });

  it('leaves the screen as it is when the network says the same', async () => {
    await database.lookups.put({ key: 'venue:events:2', data: { id: 2, name: 'Fun run' }, savedAt: 1000 });
    beginWarmStart();
    const network = networkCall(ok({ id: 2, name: 'Fun run' }));
    await withDeviceCopy('venue:events:2', network.call, item, options);
    network.release();
    await settle();
    expect(refreshes).toBe(0);
  });

  it.each<[string, ApiResult<Item>, Partial<DeviceBackedResult<Item>>]>([
    [
      'without a network, the copy with its age',
      { ok: false, status: 0, message: 'Network error', body: null },
      { ok: true, status: 200, data: { id: 3, name: 'Music night' }, savedAt: 1000 },
    ],
    ['after a refusal (an event taken off sale), the refusal', { ok: false, status: 404, message: 'Event not found', body: null }, { ok: false, status: 404 }],
  ])('a failed answer loads the screen again, which shows %s', async (title, answer, shown) => {
    // Answers outlive a test (they stay current for a while), so each case reads a key of its own.
    const key = `venue:events:3:${title}`;
    await database.lookups.put({ key, data: { id: 3, name: 'Music night' }, savedAt: 1000 });
    beginWarmStart();
    const network = networkCall(answer);
    await withDeviceCopy(key, network.call, item, options);
    network.release();
    await settle();
    expect(refreshes).toBe(1);
    endWarmStart();
    expect(await withDeviceCopy(key, network.call, item, options)).toMatchObject(shown);
    expect(network.call).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no copy', undefined],
    ['a copy that no longer fits the contract', { id: '5', title: 'Old shape' }],
  ])('with %s waits for the network', async (_title, data) => {
    if (data) await database.lookups.put({ key: 'venue:events:5', data, savedAt: 1000 });
    beginWarmStart();
    const network = networkCall(ok({ id: 5, name: 'Fresh' }));
    const pending = withDeviceCopy('venue:events:5', network.call, item, options);
    network.release();
    expect(await pending).toEqual(ok({ id: 5, name: 'Fresh' }));
    await settle();
    expect(refreshes).toBe(0);
  });

  it('after the warm start reads go to the network first', async () => {
    await database.lookups.put({ key: 'venue:events:6', data: { id: 6, name: 'Kept' }, savedAt: 1000 });
    const network = networkCall(ok({ id: 6, name: 'Fresh' }));
    network.release();
    expect(await withDeviceCopy('venue:events:6', network.call, item, options)).toEqual(ok({ id: 6, name: 'Fresh' }));
  });

  it('a device without the database gets none made by the warm start (Dexie makes it)', async () => {
    database.close();
    await factory.deleteDatabase('venue-portal');
    beginWarmStart();
    const network = networkCall(ok({ id: 7, name: 'Fresh' }));
    network.release();
    expect(await withDeviceCopy('venue:events:7', network.call, item, options)).toEqual(ok({ id: 7, name: 'Fresh' }));
    expect(await factory.databases()).toEqual([]);
  });
});
