import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult } from '../api/client';
import { PortalDb } from '../db/db';
import type { OrderTicket, UpcomingTicket } from '../domain/contract/orderDocuments';
import { keepOrderTickets, keptOrders, syncKeptTickets, ticketOwner } from './keptTickets';

const ticket = (code: string, date: string | null, status: OrderTicket['status'] = 'valid'): OrderTicket => ({
  code,
  line_id: 1,
  kind: 'training',
  name: 'Coach Priya Nair',
  ar_name: null,
  place: null,
  date,
  start_time: '07:00:00',
  end_time: '07:45:00',
  quantity: 1,
  holder: 'Layla Hassan',
  status,
});

const upcoming = (orderId: number, code: string, date: string): UpcomingTicket => ({ order_id: orderId, reference: `ORD-${orderId}`, ticket: ticket(code, date) });

/** An API that answers GET customers/tickets/upcoming with `answer`. */
const apiAnswering = (answer: ApiResult<unknown>): ApiClient => ({
  call: async () => answer as never,
  clearCache: () => {},
  onUnauthorized: () => () => {},
});

const setUp = () => {
  const database = new PortalDb(`kept-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  return { database, deps: { db: () => Promise.resolve(database), now: () => 1_000 } };
};

describe('tickets kept on a customer’s device', () => {
  it('keeps the upcoming tickets of the signed-in customer, grouped by order, soonest first', async () => {
    const { deps } = setUp();
    const api = apiAnswering({ ok: true, status: 200, data: { status: true, data: [upcoming(7, 'TKT-B', '2026-12-09'), upcoming(3, 'TKT-A', '2026-12-01'), upcoming(7, 'TKT-C', '2026-12-02')] } });
    await syncKeptTickets(api, 'layla@example.com', false, deps);
    const orders = await keptOrders('layla@example.com', deps);
    expect(orders.map((order) => [order.orderId, order.tickets.map((each) => each.code)])).toEqual([
      [3, ['TKT-A']],
      [7, ['TKT-C', 'TKT-B']],
    ]);
    expect(await keptOrders('someone.else@example.com', deps)).toEqual([]);
  });

  it('keeps the tickets of one session (one a person) in the order the server listed them, whatever their codes', async () => {
    const { deps } = setUp();
    const api = apiAnswering({ ok: true, status: 200, data: { status: true, data: [upcoming(5, 'TKT-F', '2026-12-03'), upcoming(5, 'TKT-0', '2026-12-03')] } });
    await syncKeptTickets(api, 'layla@example.com', false, deps);
    expect((await keptOrders('layla@example.com', deps))[0]?.tickets.map((each) => each.code)).toEqual(['TKT-F', 'TKT-0']);
    await keepOrderTickets('layla@example.com', { order_id: 6, reference: 'ORD-6', tickets: [ticket('TKT-Z', '2026-12-04'), ticket('TKT-1', '2026-12-04')] }, deps);
    expect((await keptOrders('layla@example.com', deps))[1]?.tickets.map((each) => each.code)).toEqual(['TKT-Z', 'TKT-1']);
  });

  it('keeps nothing on a kiosk terminal, and forgets everything when nobody is signed in', async () => {
    const { deps } = setUp();
    const api = apiAnswering({ ok: true, status: 200, data: { status: true, data: [upcoming(3, 'TKT-A', '2026-12-01')] } });
    await syncKeptTickets(api, 'layla@example.com', true, deps);
    expect(await keptOrders('layla@example.com', deps)).toEqual([]);
    await syncKeptTickets(api, 'layla@example.com', false, deps);
    await syncKeptTickets(api, null, false, deps);
    expect(await keptOrders('layla@example.com', deps)).toEqual([]);
  });

  it('keeps what it had when the network fails', async () => {
    const { deps } = setUp();
    await syncKeptTickets(apiAnswering({ ok: true, status: 200, data: { status: true, data: [upcoming(3, 'TKT-A', '2026-12-01')] } }), 'layla@example.com', false, deps);
    await syncKeptTickets(apiAnswering({ ok: false, status: 0, message: '', body: null }), 'layla@example.com', false, deps);
    expect((await keptOrders('layla@example.com', deps)).map((order) => order.reference)).toEqual(['ORD-3']);
  });

  it('refreshes one order as shown: a cancelled ticket goes, a new one comes', async () => {
    const { deps } = setUp();
    await syncKeptTickets(apiAnswering({ ok: true, status: 200, data: { status: true, data: [upcoming(3, 'TKT-A', '2026-12-01')] } }), 'layla@example.com', false, deps);
    await keepOrderTickets('layla@example.com', { order_id: 3, reference: 'ORD-3', tickets: [ticket('TKT-A', '2026-12-01', 'cancelled'), ticket('TKT-N', '2026-12-05')] }, deps);
    expect((await keptOrders('layla@example.com', deps))[0]?.tickets.map((each) => each.code)).toEqual(['TKT-N']);
  });

  it('belongs to the account by its e-mail, else its mobile', () => {
    expect(ticketOwner({ email: 'layla@example.com', mobile: '+971501234567' })).toBe('layla@example.com');
    expect(ticketOwner({ email: null, mobile: '+971501234567' })).toBe('+971501234567');
    expect(ticketOwner(null)).toBeNull();
  });
});
