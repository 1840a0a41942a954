import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { facilityAddonFixture, facilityLineFixture } from '../domain/cart/facilityLineFixture';
import { PortalDb } from './db';

const openTestDb = () => new PortalDb('portal-test', { indexedDB: new IDBFactory(), IDBKeyRange });

describe('PortalDb', () => {
  it('importing the shared database does not open it', async () => {
    const { db } = await import('./db');
    expect(db.name).toBe('venue-portal');
    expect(db.isOpen()).toBe(false);
  });

  it('keeps settings by key and cart lines by session', async () => {
    const database = openTestDb();
    await database.settings.put({ key: 'kiosk', value: true });
    await database.cartLines.bulkAdd([
      { ...facilityLineFixture({ product_id: 1, quantity: 2 }), sessionKey: 'a' },
      { ...facilityLineFixture({ product_id: 2, addons: [facilityAddonFixture()] }), sessionKey: 'b' },
      { ...facilityLineFixture({ product_id: 3 }), sessionKey: 'a' },
    ]);
    expect(await database.settings.get('kiosk')).toEqual({ key: 'kiosk', value: true });
    const lines = await database.cartLines.where('sessionKey').equals('a').toArray();
    expect(lines.map((line) => line.product_id)).toEqual([1, 3]);
    expect(lines.every((line) => typeof line.id === 'number')).toBe(true);
    database.close();
  });
});
