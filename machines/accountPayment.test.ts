import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type HostedPaymentResult } from '../src/domain/contract/wallet';
import { accountPaymentMachine, amountToPay, type AccountPaymentInput, type PaymentRequest } from './accountPayment';
import { fakeCall } from './accountTesting';

const hosted: HostedPaymentResult = { pg: 'redirect', url: '/api/v1/dev-gateway/account/txn_1', form_fields: null, transactionId: 'txn_1', reference: 'TOP-1' };
const rules = { topUpMin: 50, topUpMax: 1000, topUpStep: 50 };
const topUp: AccountPaymentInput = { fixedAmount: null, rules, cardId: 4 };

function start(input: AccountPaymentInput, ...answers: (HostedPaymentResult | Error)[]) {
  const startCall = fakeCall<PaymentRequest, HostedPaymentResult>(...(answers.length > 0 ? answers : [hosted]));
  const left: HostedPaymentResult[] = [];
  const leaveForGateway = fromPromise<void, HostedPaymentResult>(({ input: payment }) => {
    left.push(payment);
    return new Promise<void>(() => {});
  });
  const actor = createActor(accountPaymentMachine.provide({ actors: { startPayment: startCall.logic, leaveForGateway } }), { input }).start();
  const settled = () => waitFor(actor, (state) => state.matches('leaving') || state.matches('failed'));
  return { actor, startCall, left, settled, state: () => actor.getSnapshot() };
}

describe('accountPaymentMachine', () => {
  it('[S0-1.18] a top-up of an allowed amount is recorded and the browser leaves for the gateway with the chosen card', async () => {
    const payment = start(topUp);
    payment.actor.send({ type: 'amount.choose', amount: 100 });
    payment.actor.send({ type: 'payment.submit' });
    expect(payment.state().value).toBe('starting');
    expect(payment.state().hasTag('pending')).toBe(true);
    await payment.settled();
    expect(payment.startCall.inputs).toEqual([{ amount: 100, cardId: 4 }]);
    expect(payment.state().value).toBe('leaving');
    expect(payment.state().hasTag('pending')).toBe(true);
    expect(payment.left).toEqual([hosted]);
  });

  it('refuses an amount the venue does not allow, without calling; a typed allowed amount and a new card go', async () => {
    const payment = start(topUp);
    for (const text of ['', '75', '5000', 'abc', '-50']) {
      payment.actor.send({ type: 'amount.type', text });
      payment.actor.send({ type: 'payment.submit' });
      expect(payment.state().value).toBe('editing');
      expect(payment.state().context.error).toEqual({ code: 'amount' });
    }
    payment.actor.send({ type: 'amount.type', text: '1,000' });
    expect(payment.state().context.error).toBeNull();
    payment.actor.send({ type: 'card.choose', cardId: null });
    payment.actor.send({ type: 'payment.submit' });
    await payment.settled();
    expect(payment.startCall.inputs).toEqual([{ amount: 1000, cardId: null }]);
  });

  it('[S0-1.21] an invoice pays its fixed amount', async () => {
    const payment = start({ fixedAmount: 410, rules: null, cardId: null });
    payment.actor.send({ type: 'payment.submit' });
    await payment.settled();
    expect(payment.startCall.inputs).toEqual([{ amount: 410, cardId: null }]);
  });

  it('a refused start keeps what was chosen; retry sends it again, an edit or dismiss goes back to editing', async () => {
    const payment = start(topUp, new Error('Card payment is not available at this venue'), hosted);
    payment.actor.send({ type: 'amount.choose', amount: 150 });
    payment.actor.send({ type: 'payment.submit' });
    await payment.settled();
    expect(payment.state().value).toBe('failed');
    expect(payment.state().context).toMatchObject({ amountText: '150', cardId: 4, error: { code: 'server', message: 'Card payment is not available at this venue' } });
    payment.actor.send({ type: 'error.dismiss' });
    expect(payment.state().value).toBe('editing');
    payment.actor.send({ type: 'payment.submit' });
    await payment.settled();
    expect(payment.state().value).toBe('leaving');
    expect(payment.startCall.inputs).toEqual([{ amount: 150, cardId: 4 }, { amount: 150, cardId: 4 }]);
  });

  it('from failed, retry starts again and an edit returns to editing', async () => {
    const payment = start(topUp, new Error('down'));
    payment.actor.send({ type: 'amount.choose', amount: 50 });
    payment.actor.send({ type: 'payment.submit' });
    await payment.settled();
    payment.actor.send({ type: 'payment.retry' });
    expect(payment.state().value).toBe('starting');
    await waitFor(payment.actor, (state) => state.matches('failed'));
    payment.actor.send({ type: 'card.choose', cardId: null });
    expect(payment.state().value).toBe('editing');
    expect(payment.state().context.cardId).toBeNull();
  });

  it('reads typed amounts strictly', () => {
    expect(amountToPay({ fixedAmount: null, amountText: ' 250 ' })).toBe(250);
    expect(amountToPay({ fixedAmount: null, amountText: '250.5' })).toBe(250.5);
    expect(amountToPay({ fixedAmount: null, amountText: '2e2' })).toBeNaN();
    expect(amountToPay({ fixedAmount: 99, amountText: 'x' })).toBe(99);
  });
});
