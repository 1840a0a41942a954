import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import { type ConfigResponse } from '../domain/contract/config';
import { type Schedule } from '../domain/contract/facilities';
import { type CartLine } from '../domain/cart/lines';
import { type OrderTicket } from '../domain/contract/orderDocuments';

/** The venue configuration last read from the network, for starting without it. */
export type ConfigRow = { key: 'site'; response: ConfigResponse; savedAt: number };

/** Terminal settings kept on the device (kiosk mode, default language). */
export type SettingRow = { key: string; value: unknown };

/** A cart line kept on this device, under the cart session it was added in (spec 001 §4: the cart is kept per session). */
export type CartLineRow = CartLine & { id?: number; sessionKey: string };

/** A day's schedule of a service and filters as last read from the network, shown with its age when offline. */
export type ScheduleRow = { key: string; schedule: Schedule; savedAt: number };

/** A venue list the booking modal needs before any schedule (services, their filters, ticket names), for offline starts. */
export type LookupRow = { key: string; data: unknown; savedAt: number };

/**
 * An order submission waiting for its answer, under the cart session it was made in (one at a time): its
 * idempotency key and the exact fields sent, so a retry or a reload resends the same request (spec 001 §7).
 */
export type CheckoutRow = { key: string; owner: string; idempotencyKey: string; fields: [string, string][]; savedAt: number };

/**
 * Work that can wait for the network, sent in order when it returns, each with its own idempotency key so a resend
 * after a lost answer counts once; kept across visitor resets. `lead`: a lead form sent while offline. `revoke`: the
 * bearer token of a visitor wiped without a network, to be revoked on the server (deleted once sent).
 */
export type OutboxRow = {
  id?: number;
  kind: 'lead' | 'revoke';
  idempotencyKey: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  lastError: string | null;
  /** When the server refused the row for good (a 4xx answer): it is kept for the screens and never sent again. */
  failedAt?: number | null;
};

/**
 * A ticket of an upcoming booking, kept on a customer's own device (never a kiosk terminal) so it shows at the gate
 * with no network; the only personal data kept here, under its owner, and removed at logout.
 */
/** `position`: where the server listed the ticket (one ticket a person, in order); rows kept by older builds have none. */
export type KeptTicketRow = { key: string; owner: string; orderId: number; reference: string; ticket: OrderTicket; savedAt: number; position?: number };

export class PortalDb extends Dexie {
  config!: EntityTable<ConfigRow, 'key'>;
  settings!: EntityTable<SettingRow, 'key'>;
  cartLines!: EntityTable<CartLineRow, 'id'>;
  schedules!: EntityTable<ScheduleRow, 'key'>;
  checkouts!: EntityTable<CheckoutRow, 'key'>;
  lookups!: EntityTable<LookupRow, 'key'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  keptTickets!: EntityTable<KeptTicketRow, 'key'>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      config: 'key',
      settings: 'key',
      cartLines: '++id, sessionKey',
    });
    this.version(2).stores({ schedules: 'key, savedAt' });
    this.version(3).stores({ checkouts: 'key' });
    this.version(4).stores({ lookups: 'key' });
    this.version(5).stores({ outbox: '++id, kind' });
    this.version(6).stores({ keptTickets: 'key, [owner+orderId], owner' });
  }
}

/** Dexie opens on first use, so importing this where there is no IndexedDB (unit tests) is harmless. */
export const db = new PortalDb('venue-portal');
