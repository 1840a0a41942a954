import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import { type ConfigResponse } from '../domain/contract/config';

/** The venue configuration last read from the network, for starting without it. */
export type ConfigRow = { key: 'site'; response: ConfigResponse; savedAt: number };

/** Terminal settings kept on the device (kiosk mode, default language). */
export type SettingRow = { key: string; value: unknown };

/** A minimal cart line, enough for the header badge; the cart work extends it. */
export type CartLineRow = {
  id?: number;
  sessionKey: string;
  product_id: number;
  quantity: number;
  addons: { product_id: number; quantity: number }[];
};

export class PortalDb extends Dexie {
  config!: EntityTable<ConfigRow, 'key'>;
  settings!: EntityTable<SettingRow, 'key'>;
  cartLines!: EntityTable<CartLineRow, 'id'>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      config: 'key',
      settings: 'key',
      cartLines: '++id, sessionKey',
    });
  }
}

/** Dexie opens on first use, so importing this where there is no IndexedDB (unit tests) is harmless. */
export const db = new PortalDb('venue-portal');
