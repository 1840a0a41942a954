import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { facilityLineFixture } from '../src/domain/cart/facilityLineFixture';
import { type Balances, type OrderResult } from '../src/domain/contract/orders';
import { type User } from '../src/domain/session';
import { atomicStateValues, fakeCall, refusal } from './accountTesting';
import { checkoutMachine, checkoutSplit, type CheckoutInput } from './checkout';
import { type PendingSubmission, type Submission } from './checkoutActors';

const customer: User = { token: 't-1', first_name: 'Layla', last_name: 'Hassan', email: 'layla@example.com', mobile: '+971501234567', gender: 'Female', is_anonymous: false };
const partner: User = { ...customer, email: 'noura@example.com', b2b_id: 501 };
const guest: User = { token: 't-g', first_name: 'Gus', email: 'gus@example.com', mobile: '+971509999999', is_anonymous: true };

const balances: Balances = { wallet: 150, qpoints: 0, credit_limit: null, credit_used: null, saved_cards: [{ id: 4, brand: 'Visa', last4: '4242', expiry: '12/29' }] };
const partnerBalances: Balances = { wallet: 0, qpoints: 0, credit_limit: 1000, credit_used: 350, saved_cards: [] };

const paid: OrderResult = { pg: null, url: null, form_fields: null, transactionId: null, isApprovalRequired: false, order_token: 'tok-paid-000000000' };
const approval: OrderResult = { ...paid, isApprovalRequired: true };
const gateway: OrderResult = { pg: 'redirect', url: '/api/v1/dev-gateway/txn_1', form_fields: null, transactionId: 'txn_1', isApprovalRequired: false, order_token: 'tok-card-000000000' };

const line = facilityLineFixture({ price: 200, tax_amount: 10 });

interface SetUp {
  input?: Partial<CheckoutInput>;
  kept?: PendingSubmission | null;
  balances?: (Balances | Error)[];
  answers?: (OrderResult | Error)[];
  redirectFails?: boolean;
}

function setUp({ input = {}, kept = null, balances: loaded = [balances], answers = [paid], redirectFails = false }: SetUp = {}) {
  const saved: PendingSubmission[] = [];
  let cleared = 0;
  const redirected: OrderResult[] = [];
  const placed: OrderResult[] = [];
  const submit = fakeCall<Submission, OrderResult>(...answers);
  const load = fakeCall<void, Balances>(...loaded);
  let keys = 0;
  const machine = checkoutMachine.provide({
    actors: {
      loadBalances: load.logic,
      submitOrder: submit.logic,
      readPendingKey: fromPromise(async () => kept),
      savePendingKey: fromPromise(async ({ input: submission }) => {
        saved.push(submission);
      }),
      clearPendingKey: fromPromise(async () => {
        cleared += 1;
      }),
      redirect: fromPromise(async ({ input: result }) => {
        if (redirectFails) throw new Error('blocked');
        redirected.push(result);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { user: customer, lines: [line], total: 210, benefit: null, isBaps: false, newKey: () => `key-${(keys += 1)}`, ...input },
  });
  actor.on('order.placed', (event) => placed.push(event.result));
  actor.start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('pending'));
  return { actor, submit, load, saved, redirected, placed, settled, cleared: () => cleared };
}

const field = (submission: Submission | undefined, name: string) => submission?.fields.find(([key]) => key === name)?.[1];

describe('checkout machine', () => {
  it('[S0-1.13] loads a customer’s balances and offers wallet and saved cards, card by default', async () => {
    const { actor, settled, load } = setUp();
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settled();
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('ready');
    expect(load.inputs).toHaveLength(1);
    expect(context.options).toMatchObject({ wallet: true, qpoints: false, credit: false, newCard: true, saveCard: true });
    expect(context.choices).toMatchObject({ method: 'card', cardId: null, wallet: false });
  });

  it('a visitor without a session reaches ready without balances and cannot submit', async () => {
    const { actor, settled, load, submit } = setUp({ input: { user: null } });
    await settled();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(load.inputs).toHaveLength(0);
    actor.send({ type: 'order.submit' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(submit.inputs).toHaveLength(0);
  });

  it('a failed balances call still offers the card and can be retried', async () => {
    const { actor, settled } = setUp({ balances: [new Error(''), balances] });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ balancesFailed: true, options: { wallet: false, newCard: true } });
    actor.send({ type: 'balances.retry' });
    expect(actor.getSnapshot().value).toBe('loadingBalances');
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ balancesFailed: false, options: { wallet: true } });
  });

  it('[S1-3.35] [S1-7.20] the submission carries the payload fields with flags as 1/0, notes, saved card, and a key kept first', async () => {
    const { actor, settled, submit, saved } = setUp();
    await settled();
    actor.send({ type: 'wallet.toggle' });
    actor.send({ type: 'card.choose', cardId: 4 });
    actor.send({ type: 'notes.change', notes: '  Gate 3 please ' });
    actor.send({ type: 'order.submit' });
    expect(actor.getSnapshot().matches({ submitting: 'saving' })).toBe(true);
    await settled();
    expect(saved).toEqual([{ key: 'key-1', fields: submit.inputs[0]!.fields, owner: 'layla@example.com' }]);
    const sent = submit.inputs[0];
    expect(sent?.key).toBe('key-1');
    expect(field(sent, 'is_wallet')).toBe('1');
    expect(field(sent, 'is_qpoints')).toBe('0');
    expect(field(sent, 'cardId')).toBe('4');
    expect(field(sent, 'save_card')).toBe('0');
    expect(field(sent, 'order_notes')).toBe('Gate 3 please');
    expect(field(sent, 'is_anonymous')).toBe('0');
    expect(JSON.parse(field(sent, 'product') ?? '{}').capacity_facility).toHaveLength(1);
  });

  it('[S1-4.26] [S1-4.28] a paid order shows the success modal; closing it clears the key and resets the cart', async () => {
    const { actor, settled, placed, cleared } = setUp();
    await settled();
    actor.send({ type: 'order.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.result).toEqual(paid);
    expect(cleared()).toBe(0);
    expect(placed).toEqual([]);
    actor.send({ type: 'result.close' });
    expect(actor.getSnapshot().value).toBe('closing');
    await settled();
    expect(cleared()).toBe(1);
    expect(placed).toEqual([paid]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ submission: null, result: null, error: null });
  });

  it('[S1-4.27] isApprovalRequired shows the approval-required modal instead', async () => {
    const { actor, settled, placed } = setUp({ answers: [approval] });
    await settled();
    actor.send({ type: 'order.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('awaitingApproval');
    actor.send({ type: 'result.close' });
    await settled();
    expect(placed).toEqual([approval]);
  });

  it('[S1-4.25] a gateway answer clears the key, resets the cart and redirects', async () => {
    const { actor, settled, redirected, placed, cleared } = setUp({ answers: [gateway] });
    await settled();
    actor.send({ type: 'order.submit' });
    await waitFor(actor, () => redirected.length > 0);
    expect(actor.getSnapshot().matches({ redirecting: 'leaving' })).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(redirected).toEqual([gateway]);
    expect(placed).toEqual([gateway]);
    expect(cleared()).toBe(1);
  });

  it('a redirect that cannot happen says so and keeps the order result', async () => {
    const { actor, settled } = setUp({ answers: [gateway], redirectFails: true });
    await settled();
    actor.send({ type: 'order.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'redirect' });
  });

  it('[S1-8.10] a refusal shows the server message, clears the key and keeps the cart; the next try has a new key', async () => {
    const { actor, settled, submit, cleared } = setUp({ answers: [refusal('Maximum capacity reached', 409), paid] });
    await settled();
    actor.send({ type: 'order.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'server', message: 'Maximum capacity reached' });
    expect(actor.getSnapshot().context.lines).toEqual([line]);
    expect(cleared()).toBe(1);
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'order.submit' });
    await settled();
    expect(submit.inputs.map((each) => each.key)).toEqual(['key-1', 'key-2']);
    expect(actor.getSnapshot().value).toBe('succeeded');
  });

  it('a change of choice after a refusal goes back to ready', async () => {
    const { actor, settled } = setUp({ answers: [refusal('Saved card not found', 404)] });
    await settled();
    actor.send({ type: 'order.submit' });
    await settled();
    actor.send({ type: 'wallet.toggle' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('[S1-7.20] a lost answer keeps the key; the retry resends the same key and body and gets the first result', async () => {
    const { actor, settled, submit, cleared } = setUp({ answers: [refusal('', 0), paid] });
    await settled();
    actor.send({ type: 'order.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('lost');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network' });
    expect(cleared()).toBe(0);
    actor.send({ type: 'order.retry' });
    await settled();
    expect(submit.inputs).toHaveLength(2);
    expect(submit.inputs[1]).toEqual(submit.inputs[0]);
    expect(actor.getSnapshot().value).toBe('succeeded');
  });

  it('a server fault (5xx stores nothing on the server) is retried with the same key too', async () => {
    const { actor, settled, submit } = setUp({ answers: [refusal('Internal Server Error', 500), paid] });
    await settled();
    actor.send({ type: 'order.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('lost');
    actor.send({ type: 'order.submit' });
    await settled();
    expect(submit.inputs.map((each) => each.key)).toEqual(['key-1', 'key-1']);
  });

  it('a double tap on Pay makes one call', async () => {
    const { actor, settled, submit } = setUp();
    await settled();
    actor.send({ type: 'order.submit' });
    actor.send({ type: 'order.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'sending' }));
    actor.send({ type: 'order.submit' });
    await settled();
    expect(submit.inputs).toHaveLength(1);
  });

  it('after a reload the kept submission is sent again at once with its key, and the first answer shows', async () => {
    const kept: PendingSubmission = { key: 'kept-key', fields: [['product', '{}'], ['is_wallet', '1']], owner: 'layla@example.com' };
    const { actor, settled, submit, load } = setUp({ kept, answers: [approval] });
    await settled();
    expect(submit.inputs).toEqual([{ key: 'kept-key', fields: kept.fields }]);
    expect(load.inputs).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('awaitingApproval');
  });

  it('[S0-5.23] [S0-6.4] a partner pays by credit within the limit and is stopped over it', async () => {
    const within = setUp({ input: { user: partner, total: 600 }, balances: [partnerBalances] });
    await within.settled();
    expect(within.actor.getSnapshot().context.options).toMatchObject({ credit: true, newCard: false });
    expect(within.actor.getSnapshot().context.choices.method).toBe('credit');
    expect(checkoutSplit(within.actor.getSnapshot().context)).toEqual({ wallet: 0, qpoints: 0, credit: 600, card: 0 });
    within.actor.send({ type: 'order.submit' });
    await within.settled();
    expect(within.actor.getSnapshot().value).toBe('succeeded');
    expect(field(within.submit.inputs[0], 'cardId')).toBeUndefined();

    const over = setUp({ input: { user: partner, total: 650.5 }, balances: [partnerBalances] });
    await over.settled();
    over.actor.send({ type: 'order.submit' });
    expect(over.actor.getSnapshot().value).toBe('failed');
    expect(over.actor.getSnapshot().context.error).toEqual({ code: 'creditLimit' });
    expect(over.submit.inputs).toHaveLength(0);
    over.actor.send({ type: 'cart.update', lines: [line], total: 650, benefit: null });
    over.actor.send({ type: 'order.submit' });
    await over.settled();
    expect(over.actor.getSnapshot().value).toBe('succeeded');
  });

  it('wallet pays part and the card the rest', async () => {
    const { actor, settled } = setUp({ input: { total: 210 } });
    await settled();
    actor.send({ type: 'wallet.toggle' });
    expect(checkoutSplit(actor.getSnapshot().context)).toEqual({ wallet: 150, qpoints: 0, credit: 0, card: 60 });
    actor.send({ type: 'qpoints.toggle' });
    expect(actor.getSnapshot().context.choices.qpoints).toBe(false);
  });

  it('save_card only goes with a new card', async () => {
    const { actor, settled, submit } = setUp();
    await settled();
    actor.send({ type: 'card.save', save: true });
    expect(actor.getSnapshot().context.choices.saveCard).toBe(true);
    actor.send({ type: 'card.choose', cardId: 4 });
    expect(actor.getSnapshot().context.choices.saveCard).toBe(false);
    actor.send({ type: 'card.choose', cardId: 99 });
    expect(actor.getSnapshot().context.choices.cardId).toBe(4);
    actor.send({ type: 'card.choose', cardId: null });
    actor.send({ type: 'card.save', save: true });
    actor.send({ type: 'order.submit' });
    await settled();
    expect(field(submit.inputs[0], 'save_card')).toBe('1');
    expect(field(submit.inputs[0], 'cardId')).toBeUndefined();
  });

  it('a visitor who continues as a guest checks out with is_anonymous and their details, card only', async () => {
    const { actor, settled, submit, load } = setUp({ input: { user: null } });
    await settled();
    actor.send({ type: 'session.change', user: guest });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(load.inputs).toHaveLength(0);
    expect(actor.getSnapshot().context.options).toMatchObject({ wallet: false, credit: false, saveCard: false });
    actor.send({ type: 'order.submit' });
    await settled();
    const sent = submit.inputs[0];
    expect(field(sent, 'is_anonymous')).toBe('1');
    expect(field(sent, 'email')).toBe('gus@example.com');
    expect(field(sent, 'first_name')).toBe('Gus');
  });

  it('every state is reached by the paths above', async () => {
    const seen = new Set<string>();
    const watch = (actor: ReturnType<typeof setUp>['actor']) => actor.subscribe((snapshot) => seen.add(JSON.stringify(snapshot.value)));
    const paths: SetUp[] = [{ answers: [paid] }, { answers: [approval] }, { answers: [refusal('', 0), refusal('Sold out', 409)] }];
    for (const path of paths) {
      const run = setUp(path);
      watch(run.actor);
      seen.add(JSON.stringify(run.actor.getSnapshot().value));
      await run.settled();
      run.actor.send({ type: 'order.submit' });
      await run.settled();
      if (run.actor.getSnapshot().matches('lost')) {
        run.actor.send({ type: 'order.retry' });
        await run.settled();
      }
      run.actor.send({ type: 'result.close' });
      await run.settled();
    }
    const gatewayRun = setUp({ answers: [gateway] });
    watch(gatewayRun.actor);
    await gatewayRun.settled();
    gatewayRun.actor.send({ type: 'order.submit' });
    await waitFor(gatewayRun.actor, () => gatewayRun.redirected.length > 0);
    const expected = atomicStateValues(checkoutMachine).map((value) => JSON.stringify(value));
    expect(expected.filter((value) => !seen.has(value))).toEqual([]);
  });

  it('an empty cart cannot be submitted', async () => {
    const { actor, settled, submit } = setUp({ input: { lines: [], total: 0 } });
    await settled();
    actor.send({ type: 'order.submit' });
    expect(submit.inputs).toHaveLength(0);
  });
});
