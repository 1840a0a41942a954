// @vitest-environment jsdom
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalDb } from '../db/db';
import { CONFIG_MIRROR_KEY } from './configMirror';
import { facilityLineFixture } from '../domain/cart/facilityLineFixture';
import {
  clearBrowserStorage,
  clearVisitorTables,
  deletePersonalCaches,
  wipeVisitor,
  type VisitorWipeSteps,
} from './visitorWipe';

function recordingSteps(overrides: Partial<VisitorWipeSteps> = {}) {
  const calls: string[] = [];
  const step =
    (name: keyof VisitorWipeSteps) =>
    (): Promise<void> => {
      calls.push(name);
      return Promise.resolve();
    };
  const steps: VisitorWipeSteps = {
    endSession: step('endSession'),
    resetCart: step('resetCart'),
    clearVisitorTables: step('clearVisitorTables'),
    clearBrowserStorage: () => void step('clearBrowserStorage')(),
    purgePersonalCaches: step('purgePersonalCaches'),
    restart: () => void step('restart')(),
    ...overrides,
  };
  return { steps, calls };
}

describe('visitor wipe', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls the server while it still has the token and cart session, then clears the device', async () => {
    const { steps, calls } = recordingSteps();
    expect(await wipeVisitor(steps)).toEqual({ failed: [] });
    expect(calls).toEqual([
      'endSession',
      'resetCart',
      'clearVisitorTables',
      'clearBrowserStorage',
      'purgePersonalCaches',
      'restart',
    ]);
  });

  it('a failing step does not stop the others, and is reported', async () => {
    const blocked = new Error('storage blocked');
    const { steps, calls } = recordingSteps({
      clearBrowserStorage: () => {
        throw blocked;
      },
    });
    const report = await wipeVisitor(steps);
    expect(report.failed).toEqual([{ step: 'clearBrowserStorage', error: blocked }]);
    expect(calls).toContain('restart');
    expect(calls).toContain('purgePersonalCaches');
  });

  it('does not wait for an unreachable server longer than the limit', async () => {
    vi.useFakeTimers();
    const { steps, calls } = recordingSteps({ endSession: () => new Promise(() => {}) });
    const done = wipeVisitor(steps, 4000);
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).not.toContain('restart');
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ failed: [] });
    expect(calls).toContain('restart');
  });

  it('empties the visitor tables and keeps config, schedules, outbox and terminal settings', async () => {
    const db = new PortalDb('wipe-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.cartLines.add({ ...facilityLineFixture({ product_id: 1 }), sessionKey: 's' });
    await db.checkouts.put({ key: 's', owner: 'customer:1', idempotencyKey: 'k', fields: [], savedAt: 1 });
    await db.settings.put({ key: 'kiosk', value: true });
    await db.outbox.add({ kind: 'lead', idempotencyKey: 'lead-1', body: {}, createdAt: 1, attempts: 0, lastError: null });
    await db.lookups.put({ key: 'services', data: [], savedAt: 1 });
    await clearVisitorTables(db);
    expect(await db.cartLines.count()).toBe(0);
    expect(await db.checkouts.count()).toBe(0);
    expect(await db.settings.get('kiosk')).toEqual({ key: 'kiosk', value: true });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.lookups.count()).toBe(1);
    db.close();
  });

  it('clears Web Storage and the cookies the page can read', () => {
    localStorage.setItem('session', '{"user":{}}');
    sessionStorage.setItem('leadDismissed', '1');
    document.cookie = 'visitor=abc; path=/';
    document.cookie = 'other=1; path=/';
    clearBrowserStorage({ localStorage, sessionStorage, document });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it("keeps the venue's config copy, which is no visitor's", () => {
    localStorage.setItem(CONFIG_MIRROR_KEY, '{"savedAt":1}');
    localStorage.setItem('portal.session', '{"user":{}}');
    clearBrowserStorage({ localStorage, sessionStorage, document });
    expect(localStorage.getItem('portal.session')).toBeNull();
    expect(localStorage.getItem(CONFIG_MIRROR_KEY)).toBe('{"savedAt":1}');
    localStorage.clear();
  });

  it('deletes only the personal caches', async () => {
    const names = new Set(['personal-profile', 'media-images', 'workbox-precache-v2', 'personal-tickets']);
    const storage = {
      keys: () => Promise.resolve([...names]),
      delete: (name: string) => Promise.resolve(names.delete(name)),
    };
    await deletePersonalCaches(storage);
    expect([...names].sort()).toEqual(['media-images', 'workbox-precache-v2']);
  });
});
