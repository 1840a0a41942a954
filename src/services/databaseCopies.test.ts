import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalDb } from '../db/db';

/** What the device database would have been asked to write, and whether Dexie was loaded at all. */
const device = vi.hoisted(() => ({ loaded: false, writes: [] as string[] }));
vi.mock('../db/db', () => ({
  get db() {
    device.loaded = true;
    return { name: 'venue-portal' };
  },
}));

const write = (label: string) => async (db: PortalDb) => {
  device.writes.push(`${label} in ${db.name}`);
};

/** A fresh copy of the module (its first-screen and opened states are per page load), on a device that keeps `names`. */
async function freshDatabaseModule(names: string[]) {
  vi.resetModules();
  device.loaded = false;
  device.writes = [];
  vi.stubGlobal('indexedDB', { databases: async () => names.map((name) => ({ name })) });
  return import('./database');
}

describe('copies kept on the device', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('on a first visit wait, in memory and without Dexie, for the page to settle, then keep the latest of each', async () => {
    const database = await freshDatabaseModule([]);
    database.keepOnceDeviceKeepsData('lookups:events', write('events, first answer'));
    database.keepOnceDeviceKeepsData('config:site', write('config'));
    database.keepOnceDeviceKeepsData('lookups:events', write('events, second answer'));
    database.markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(device).toEqual({ loaded: false, writes: [] });
    expect(await database.keptDataDb()).toBeNull();

    // Settled: PAGE_SETTLED_MS, then the idle time (here, without requestIdleCallback, a second later).
    await vi.advanceTimersByTimeAsync(2_100);
    expect(device).toEqual({ loaded: true, writes: ['config in venue-portal', 'events, second answer in venue-portal'] });
  });

  it('on a first visit are kept at the first write, which opens the database anyway', async () => {
    const database = await freshDatabaseModule([]);
    database.markFirstScreenShown();
    database.keepOnceDeviceKeepsData('config:site', write('config'));
    await vi.advanceTimersByTimeAsync(100);
    expect(device.writes).toEqual([]);
    await database.portalDb('now');
    await vi.advanceTimersByTimeAsync(0);
    expect(device.writes).toEqual(['config in venue-portal']);
    expect(await database.deviceKeepsData()).toBe(true);
  });

  it('on a device that keeps data are kept right after the first screen, never before it', async () => {
    const database = await freshDatabaseModule(['venue-portal']);
    database.keepOnceDeviceKeepsData('config:site', write('config'));
    await vi.advanceTimersByTimeAsync(100);
    expect(device).toEqual({ loaded: false, writes: [] });
    database.markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(device).toEqual({ loaded: true, writes: ['config in venue-portal'] });
  });

  it('hold at most 64 answers while they wait, dropping the oldest', async () => {
    const database = await freshDatabaseModule([]);
    for (let page = 1; page <= 70; page += 1) database.keepOnceDeviceKeepsData(`lookups:page-${page}`, write(`page ${page}`));
    database.markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(6_100);
    expect(device.writes).toHaveLength(64);
    expect(device.writes[0]).toBe('page 7 in venue-portal');
  });

  it('give the reads of a device that has kept nothing no database, so nothing loads to find nothing', async () => {
    const database = await freshDatabaseModule(['other-site']);
    expect(await database.keptDataDb()).toBeNull();
    expect(device.loaded).toBe(false);
  });
});
