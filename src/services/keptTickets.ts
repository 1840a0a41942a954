import type { ApiClient } from '../api/client';
import { getUpcomingTickets } from '../api/orderDocuments';
import type { KeptTicketRow, PortalDb } from '../db/db';
import { orderTicket, type OrderTicket, type UpcomingTicket } from '../domain/contract/orderDocuments';
import { bySoonest, isUpcomingTicket } from '../domain/orderDocuments/tickets';
import type { User } from '../domain/session';
import { portalDb } from './database';

/** The tickets of one order as this device kept them. */
export type KeptOrder = { orderId: number; reference: string; tickets: OrderTicket[]; savedAt: number };

type Deps = { db?: () => Promise<PortalDb>; now?: () => number };

/** Whose tickets: the signed-in account as the session names it (its e-mail, else its mobile). */
export const ticketOwner = (user: Pick<User, 'email' | 'mobile'> | null): string | null => user?.email || user?.mobile || null;

const rowOf = (owner: string, upcoming: UpcomingTicket, savedAt: number, position: number): KeptTicketRow => ({
  key: `${owner}:${upcoming.ticket.code}`,
  owner,
  orderId: upcoming.order_id,
  reference: upcoming.reference,
  ticket: upcoming.ticket,
  savedAt,
  position,
});

/**
 * Replaces what the device keeps with the customer's upcoming tickets as the server lists them now (a cancelled or
 * used ticket goes, a new one comes). Only for a customer's own device: the caller never asks on a kiosk terminal.
 * Another customer's rows go too: one login at a time is kept.
 */
export async function keepUpcomingTickets(api: ApiClient, owner: string, { db = () => portalDb(), now = Date.now }: Deps = {}): Promise<boolean> {
  const result = await getUpcomingTickets(api);
  if (!result.ok) return false;
  const database = await db();
  const savedAt = now();
  await database.transaction('rw', database.keptTickets, async () => {
    await database.keptTickets.clear();
    await database.keptTickets.bulkPut(result.data.data.map((upcoming, position) => rowOf(owner, upcoming, savedAt, position)));
  });
  return true;
}

/** Keeps one order's upcoming tickets as just shown (a purchase made since the last full refresh). */
export async function keepOrderTickets(owner: string, order: { order_id: number; reference: string; tickets: readonly OrderTicket[] }, { db = () => portalDb(), now = Date.now }: Deps = {}): Promise<void> {
  const database = await db();
  const savedAt = now();
  await database.transaction('rw', database.keptTickets, async () => {
    await database.keptTickets.where('[owner+orderId]').equals([owner, order.order_id]).delete();
    const upcoming = order.tickets.filter(isUpcomingTicket);
    await database.keptTickets.bulkPut(upcoming.map((ticket, position) => rowOf(owner, { order_id: order.order_id, reference: order.reference, ticket }, savedAt, position)));
  });
}

/** A row written by an older release may no longer fit the contract: it is then as good as none. */
const readable = (row: KeptTicketRow) => orderTicket.safeParse(row.ticket).success;

/**
 * The device reads its rows in key order, which is the tickets' random codes; tickets of one session (one a person)
 * keep the order the server listed them in instead.
 */
const byServerPosition = (a: KeptTicketRow, b: KeptTicketRow) => (a.position ?? 0) - (b.position ?? 0);

function ordersOf(rows: readonly KeptTicketRow[]): KeptOrder[] {
  const byOrder = new Map<number, KeptOrder>();
  for (const row of rows.filter(readable).sort(byServerPosition)) {
    const order = byOrder.get(row.orderId) ?? { orderId: row.orderId, reference: row.reference, tickets: [], savedAt: row.savedAt };
    order.tickets.push(row.ticket);
    order.savedAt = Math.min(order.savedAt, row.savedAt);
    byOrder.set(row.orderId, order);
  }
  const orders = [...byOrder.values()];
  for (const order of orders) order.tickets.sort(bySoonest);
  return orders.sort((a, b) => bySoonest(a.tickets[0] ?? { date: null, start_time: null }, b.tickets[0] ?? { date: null, start_time: null }));
}

/** Every order with tickets kept for `owner`, soonest first. */
export async function keptOrders(owner: string, { db = () => portalDb('now') }: Deps = {}): Promise<KeptOrder[]> {
  const database = await db().catch(() => null);
  const rows = await database?.keptTickets.where('owner').equals(owner).toArray().catch(() => []);
  return ordersOf(rows ?? []);
}

/** Logout, another login, a visitor reset: the device forgets every kept ticket. */
export async function forgetKeptTickets({ db = () => portalDb('now') }: Deps = {}): Promise<void> {
  const database = await db();
  await database.keptTickets.clear();
}

/**
 * Brings the kept tickets in line with who is signed in on what device: a customer's own device keeps their upcoming
 * tickets; a kiosk terminal, or a device nobody is signed in on, keeps none.
 */
export async function syncKeptTickets(api: ApiClient, owner: string | null, kiosk: boolean, deps: Deps = {}): Promise<void> {
  if (kiosk || owner === null) await forgetKeptTickets(deps);
  else await keepUpcomingTickets(api, owner, deps);
}
