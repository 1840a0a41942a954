// @vitest-environment jsdom
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { createApiClient } from '../api/client';
import { PortalDb } from '../db/db';
import { facilityLineFixture } from '../domain/cart/facilityLineFixture';
import { FORM_POST_GATEWAY, type OrderResult } from '../domain/contract/orders';
import { failureOf } from '../../machines/checkoutActors';
import { createCheckoutActors, leaveForGateway } from './checkout';

type Request = { method: string; url: string; headers: Headers; body: FormData | null };
type Answer = { status: number; body: unknown } | 'network-down';

const result: OrderResult = { pg: null, url: null, form_fields: null, transactionId: null, isApprovalRequired: false, order_token: 'tok-0000000000000000' };

function setUp(answer: (request: Request) => Answer) {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { method: init?.method ?? 'GET', url: String(input), headers: new Headers(init?.headers), body: init?.body instanceof FormData ? init.body : null };
    requests.push(request);
    const reply = answer(request);
    if (reply === 'network-down') throw new TypeError('fetch failed');
    return Response.json(reply.body, { status: reply.status });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'http://venue.test/api/v1/', headers: () => ({ Authorization: 'Bearer t' }), fetch });
  const database = new PortalDb(`checkout-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  let session = 'session-a';
  const left: OrderResult[] = [];
  const actors = createCheckoutActors(api, {
    database: () => Promise.resolve(database),
    cartSessionId: () => session,
    now: () => 1_000,
    leave: (answered) => left.push(answered),
  });
  return { actors, requests, database, left, switchSession: (next: string) => (session = next) };
}

function run<T>(logic: AnyActorLogic, input?: unknown): Promise<T> {
  return toPromise(createActor(logic, { input }).start()) as Promise<T>;
}

const submission = { key: 'key-1', fields: [['product', '{"capacity_facility":[]}'], ['is_wallet', '1']] as [string, string][] };

describe('the checkout actors', () => {
  it('[S1-7.20] POST orders is multipart with the Idempotency-Key header and answers the order result', async () => {
    const { actors, requests } = setUp(() => ({ status: 200, body: { status: true, data: result, message: 'Order placed successfully' } }));
    await expect(run(actors.submitOrder, submission)).resolves.toEqual(result);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request!.url).pathname).toBe('/api/v1/orders');
    expect(request?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(request?.headers.get('Authorization')).toBe('Bearer t');
    expect(request?.body?.get('is_wallet')).toBe('1');
    expect(request?.body?.get('product')).toBe('{"capacity_facility":[]}');
  });

  it('[S1-8.10] a refusal rejects with the status and the server message; no answer rejects with status 0', async () => {
    const refused = setUp(() => ({ status: 422, body: { status: false, message: 'You are exceeding allowed credit limit' } }));
    const error = await run(refused.actors.submitOrder, submission).catch((caught: unknown) => caught);
    expect(failureOf(error)).toEqual({ status: 422, message: 'You are exceeding allowed credit limit' });

    const down = setUp(() => 'network-down');
    expect(failureOf(await run(down.actors.submitOrder, submission).catch((caught: unknown) => caught))).toEqual({ status: 0, message: '' });
  });

  it('keeps one submission per cart session for its owner until cleared', async () => {
    const { actors, database, switchSession } = setUp(() => 'network-down');
    await run(actors.savePendingKey, { ...submission, owner: 'layla@example.com' });
    expect(await database.checkouts.toArray()).toEqual([{ key: 'session-a', owner: 'layla@example.com', idempotencyKey: 'key-1', fields: submission.fields, savedAt: 1_000 }]);
    await expect(run(actors.readPendingKey, { owner: 'layla@example.com' })).resolves.toEqual({ ...submission, owner: 'layla@example.com' });

    switchSession('session-b');
    await expect(run(actors.readPendingKey, { owner: 'layla@example.com' })).resolves.toBeNull();
    switchSession('session-a');

    await expect(run(actors.readPendingKey, { owner: 'someone@example.com' })).resolves.toBeNull();
    expect(await database.checkouts.count()).toBe(0);

    await run(actors.savePendingKey, { ...submission, owner: 'layla@example.com' });
    await run(actors.clearPendingKey);
    await expect(run(actors.readPendingKey, { owner: 'layla@example.com' })).resolves.toBeNull();
  });

  it('GET customers/balances', async () => {
    const balances = { wallet: 150, qpoints: 0, credit_limit: null, credit_used: null, saved_cards: [] };
    const { actors, requests } = setUp(() => ({ status: 200, body: { status: true, data: balances } }));
    await expect(run(actors.loadBalances)).resolves.toEqual(balances);
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/customers/balances');
  });

  it('[S1-4.28] the redirect actor empties the stored cart before handing the result to the page', async () => {
    const { actors, left, database } = setUp(() => 'network-down');
    await database.cartLines.bulkAdd([
      { ...facilityLineFixture(), sessionKey: 'session-a' },
      { ...facilityLineFixture(), sessionKey: 'session-b' },
    ]);
    const gateway = { ...result, pg: 'redirect', url: '/api/v1/dev-gateway/txn_1', transactionId: 'txn_1' };
    await run(actors.redirect, gateway);
    expect(left).toEqual([gateway]);
    expect((await database.cartLines.toArray()).map((row) => row.sessionKey)).toEqual(['session-b']);
  });
});

describe('leaveForGateway', () => {
  it('[S1-4.24] the form-post gateway gets a real POST form with its fields', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    leaveForGateway({ ...result, pg: FORM_POST_GATEWAY, url: '/api/v1/dev-gateway/txn_1', form_fields: { transaction_id: 'txn_1', amount: '60.00' } });
    const form = document.querySelector('form');
    expect(form?.method).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/v1/dev-gateway/txn_1');
    expect(Object.fromEntries(new FormData(form!))).toEqual({ transaction_id: 'txn_1', amount: '60.00' });
    expect(submit).toHaveBeenCalledOnce();
  });

  it('[S1-4.25] other gateways are a redirect to the url', () => {
    const assign = vi.fn();
    const doc = { defaultView: { location: { assign } } } as unknown as Document;
    leaveForGateway({ ...result, pg: 'redirect', url: '/api/v1/dev-gateway/txn_2' }, doc);
    expect(assign).toHaveBeenCalledWith('/api/v1/dev-gateway/txn_2');
  });
});
