import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InputFrom, type PromiseActorLogic } from 'xstate';
import { type CancelQuote, type CancelResult } from '../src/domain/contract/bookingActions';
import { freeCancelQuote, walletCancelResult } from '../src/domain/bookingActions/testFixtures';
import { BookingActionFailure, type QuoteCancel, type SubmitCancel } from './bookingActionActors';
import { cancelBookingMachine } from './cancelBooking';

const quote = freeCancelQuote;
const result = walletCancelResult;

/** Fake calls answering in turn (an Error rejects), recording what they were asked. */
function answers<T, I>(...replies: (T | Error)[]): { logic: PromiseActorLogic<T, I>; asked: unknown[] } {
  const asked: unknown[] = [];
  const logic = fromPromise<T, I>(async ({ input }) => {
    asked.push(input);
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return { logic, asked };
}

const quoteAnswers = (...replies: (CancelQuote | Error)[]) => answers<CancelQuote, InputFrom<QuoteCancel>>(...replies);
const submitAnswers = (...replies: (CancelResult | Error)[]) => answers<CancelResult, InputFrom<SubmitCancel>>(...replies);

function start(quotes: { logic: QuoteCancel; asked: unknown[] }, submits: { logic: SubmitCancel; asked: unknown[] }) {
  let keys = 0;
  const actor = createActor(cancelBookingMachine.provide({ actors: { quoteCancel: quotes.logic, submitCancel: submits.logic } }), {
    input: { bookingId: 7, newKey: () => `key-${++keys}` },
  });
  const changes: string[] = [];
  actor.on('cancel.changed', (event) => changes.push(event.type));
  actor.start();
  return { actor, changes };
}

const settle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (state) => !state.hasTag('pending'));

describe('cancelBookingMachine', () => {
  it('idle → quoting → confirming → submitting → done, sending the quoted refund under one key, and announces the change', async () => {
    const quotes = quoteAnswers(quote());
    const submits = submitAnswers(result);
    const { actor, changes } = start(quotes, submits);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'cancel.open' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect((await settle(actor)).value).toBe('confirming');
    expect(actor.getSnapshot().context.quote).toEqual(quote());
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect((await settle(actor)).value).toBe('done');
    expect(submits.asked).toEqual([{ bookingId: 7, key: 'key-1', refund: 105 }]);
    expect(actor.getSnapshot().context.result).toEqual(result);
    expect(changes).toEqual(['cancel.changed']);
    actor.send({ type: 'cancel.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.quote).toBeNull();
  });

  it('a quote outside the policy goes to refused, with the moment it was possible until', async () => {
    const { actor } = start(quoteAnswers(quote({ outcome: 'refused', refund: 0, to_wallet: 0 })), submitAnswers(result));
    actor.send({ type: 'cancel.open' });
    const refused = await settle(actor);
    expect(refused.value).toBe('refused');
    expect(refused.context.quote?.cancel_until).toBe('2026-12-10T04:00:00.000Z');
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'cancel.close' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a failed quote is retried from failed; close from confirming does nothing to the booking', async () => {
    const quotes = quoteAnswers(new BookingActionFailure(0, ''), quote());
    const submits = submitAnswers(result);
    const { actor } = start(quotes, submits);
    actor.send({ type: 'cancel.open' });
    const failed = await settle(actor);
    expect(failed.value).toBe('failed');
    expect(failed.context.failure).toEqual({ status: 0, message: '' });
    actor.send({ type: 'cancel.retry' });
    expect((await settle(actor)).value).toBe('confirming');
    actor.send({ type: 'cancel.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(submits.asked).toEqual([]);
  });

  it('a submit whose answer was lost is sent again under the same key', async () => {
    const submits = submitAnswers(new BookingActionFailure(0, ''), result);
    const { actor } = start(quoteAnswers(quote()), submits);
    actor.send({ type: 'cancel.open' });
    await settle(actor);
    actor.send({ type: 'cancel.confirm' });
    expect((await settle(actor)).value).toBe('failed');
    actor.send({ type: 'cancel.retry' });
    expect((await settle(actor)).value).toBe('done');
    expect(submits.asked).toEqual([
      { bookingId: 7, key: 'key-1', refund: 105 },
      { bookingId: 7, key: 'key-1', refund: 105 },
    ]);
  });

  it('a refusal at submit (the terms changed) is quoted afresh and confirmed under a new key', async () => {
    const quotes = quoteAnswers(quote(), quote({ outcome: 'fee', fee: 26.25, refund: 78.75, to_wallet: 78.75 }));
    const submits = submitAnswers(new BookingActionFailure(409, 'The refund is now AED 78.75'), { ...result, refund: 78.75 });
    const { actor } = start(quotes, submits);
    actor.send({ type: 'cancel.open' });
    await settle(actor);
    actor.send({ type: 'cancel.confirm' });
    const failed = await settle(actor);
    expect(failed.value).toBe('failed');
    expect(failed.context.failure).toEqual({ status: 409, message: 'The refund is now AED 78.75' });
    actor.send({ type: 'cancel.retry' });
    const requoted = await settle(actor);
    expect(requoted.value).toBe('confirming');
    expect(requoted.context.quote?.refund).toBe(78.75);
    actor.send({ type: 'cancel.confirm' });
    expect((await settle(actor)).value).toBe('done');
    expect(submits.asked).toEqual([
      { bookingId: 7, key: 'key-1', refund: 105 },
      { bookingId: 7, key: 'key-2', refund: 78.75 },
    ]);
  });

  it('a quote refused outright (the booking cannot be cancelled) fails with the server’s reason', async () => {
    const { actor } = start(quoteAnswers(new BookingActionFailure(409, 'This booking is already cancelled')), submitAnswers(result));
    actor.send({ type: 'cancel.open' });
    expect((await settle(actor)).context.failure?.message).toBe('This booking is already cancelled');
  });
});
