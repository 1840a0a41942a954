import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InputFrom, type PromiseActorLogic } from 'xstate';
import { type RescheduleQuote, type RescheduleResult, type RescheduleSlots } from '../src/domain/contract/bookingActions';
import { cheaperRescheduleQuote, cheaperRescheduleResult, daySlots } from '../src/domain/bookingActions/testFixtures';
import { type Balances } from '../src/domain/contract/orders';
import { BookingActionFailure, type GoToPayment, type LoadPaymentMethods, type LoadRescheduleSlots, type QuoteReschedule, type SubmitReschedule } from './bookingActionActors';
import { rescheduleBookingMachine } from './rescheduleBooking';

const slots = daySlots;
const quote = cheaperRescheduleQuote;
const result = cheaperRescheduleResult;
const dearerQuote = quote({ next: { date: '2026-12-11', start_time: '14:00:00', end_time: '15:00:00' }, new_amount: 126, difference: 21, refund_to_wallet: 0, to_pay: 21 });

function answers<T, I>(...replies: (T | Error | ((input: I) => T))[]): { logic: PromiseActorLogic<T, I>; asked: unknown[] } {
  const asked: unknown[] = [];
  const logic = fromPromise<T, I>(async ({ input }) => {
    asked.push(input);
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? (reply as (input: I) => T)(input) : reply;
  });
  return { logic, asked };
}

const slotsOfDay = () => answers<RescheduleSlots, InputFrom<LoadRescheduleSlots>>((input) => slots(input.date));

type Fake<Logic> = { logic: Logic; asked: unknown[] };

const balances: Balances = { wallet: 10, qpoints: 0, credit_limit: null, credit_used: null, saved_cards: [{ id: 4, brand: 'Visa', last4: '4242', expiry: '12/29' }] };

function start(
  actors: { slots?: Fake<LoadRescheduleSlots>; quotes?: Fake<QuoteReschedule>; submits?: Fake<SubmitReschedule>; methods?: Fake<LoadPaymentMethods>; gateway?: Fake<GoToPayment> } = {},
) {
  const loads = actors.slots ?? slotsOfDay();
  const quotes = actors.quotes ?? answers(quote());
  const submits = actors.submits ?? answers(result);
  const methods = actors.methods ?? answers<Balances, void>(balances);
  const gateway = actors.gateway ?? answers<void, InputFrom<GoToPayment>>(undefined);
  let keys = 0;
  const actor = createActor(
    rescheduleBookingMachine.provide({
      actors: { loadSlots: loads.logic, quoteReschedule: quotes.logic, submitReschedule: submits.logic, loadPaymentMethods: methods.logic, goToPayment: gateway.logic },
    }),
    { input: { bookingId: 7, date: '2026-12-10', newKey: () => `key-${++keys}` } },
  );
  const changes: string[] = [];
  actor.on('reschedule.changed', (event) => changes.push(event.type));
  actor.start();
  return { actor, changes, loads, quotes, submits, methods, gateway };
}

const settle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (state) => !state.hasTag('pending'));

describe('rescheduleBookingMachine', () => {
  it('idle → loadingSlots → picking → quoting → confirming → submitting → done, and announces the change', async () => {
    const { actor, changes, loads, quotes, submits } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'reschedule.open' });
    expect(actor.getSnapshot().value).toBe('loadingSlots');
    expect((await settle(actor)).value).toBe('picking');
    expect(loads.asked).toEqual([{ bookingId: 7, date: '2026-12-10' }]);
    actor.send({ type: 'date.change', date: '2026-12-11' });
    expect((await settle(actor)).context.slots?.date).toBe('2026-12-11');
    actor.send({ type: 'slot.select', startTime: '12:00:00' });
    expect(actor.getSnapshot().value).toBe('quoting');
    const confirming = await settle(actor);
    expect(confirming.value).toBe('confirming');
    expect(quotes.asked).toEqual([{ bookingId: 7, date: '2026-12-11', start_time: '12:00:00' }]);
    expect(confirming.context.quote?.refund_to_wallet).toBe(21);
    actor.send({ type: 'reschedule.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({ type: 'reschedule.close' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect((await settle(actor)).value).toBe('done');
    expect(submits.asked).toEqual([{ bookingId: 7, key: 'key-1', date: '2026-12-11', start_time: '12:00:00', difference: -21 }]);
    expect(changes).toEqual(['reschedule.changed']);
    actor.send({ type: 'reschedule.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.date).toBe('2026-12-10');
  });

  it('back from confirming returns to the slots; a dearer slot loads the ways to pay, and back from it returns to the slots', async () => {
    const { actor, submits, methods } = start({ quotes: answers(quote(), dearerQuote) });
    actor.send({ type: 'reschedule.open' });
    await settle(actor);
    actor.send({ type: 'slot.select', startTime: '12:00:00' });
    await settle(actor);
    actor.send({ type: 'reschedule.back' });
    expect(actor.getSnapshot().value).toBe('picking');
    expect(actor.getSnapshot().context.target).toBeNull();
    actor.send({ type: 'slot.select', startTime: '14:00:00' });
    const dearer = await settle(actor);
    expect(dearer.value).toEqual({ dearer: 'choosing' });
    expect(dearer.context.methods).toEqual(balances);
    expect(methods.asked).toHaveLength(1);
    actor.send({ type: 'reschedule.back' });
    expect(actor.getSnapshot().value).toBe('picking');
    expect(submits.asked).toEqual([]);
  });

  it('dearer → choosing → submitting with the chosen payment → redirecting to the payment page; a wallet that covers it all goes to done', async () => {
    const hosted = { move_token: 'm'.repeat(32), pg: 'redirect', url: '/api/v1/dev-gateway/txn_1', form_fields: null };
    const submits = answers<RescheduleResult, InputFrom<SubmitReschedule>>({ ...result, payment: hosted }, { ...result, paid_difference: 21, payment: null });
    const { actor, gateway, changes } = start({ quotes: answers(dearerQuote), submits });
    actor.send({ type: 'reschedule.open' });
    await settle(actor);
    actor.send({ type: 'slot.select', startTime: '14:00:00' });
    await settle(actor);
    actor.send({ type: 'pay.card.save', save: true });
    actor.send({ type: 'pay.card.choose', cardId: 4 });
    expect(actor.getSnapshot().context.payment).toEqual({ wallet: false, cardId: 4, saveCard: false });
    actor.send({ type: 'pay.card.choose', cardId: null });
    actor.send({ type: 'pay.card.save', save: true });
    actor.send({ type: 'reschedule.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (state) => state.matches('redirecting'));
    await waitFor(actor, () => gateway.asked.length > 0);
    expect(submits.asked).toEqual([{ bookingId: 7, key: 'key-1', date: '2026-12-11', start_time: '14:00:00', difference: 21, payment: { wallet: 0, card_id: null, save_card: 1 } }]);
    expect(gateway.asked).toEqual([{ pg: 'redirect', url: hosted.url, form_fields: null }]);
    expect(changes).toEqual([]);

    actor.send({ type: 'reschedule.close' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    const again = start({ quotes: answers(dearerQuote), submits });
    again.actor.send({ type: 'reschedule.open' });
    await settle(again.actor);
    again.actor.send({ type: 'slot.select', startTime: '14:00:00' });
    await settle(again.actor);
    again.actor.send({ type: 'pay.wallet.toggle' });
    again.actor.send({ type: 'reschedule.confirm' });
    expect((await settle(again.actor)).value).toBe('done');
    expect(submits.asked[1]).toMatchObject({ payment: { wallet: 1, card_id: null, save_card: 0 } });
    expect(again.changes).toEqual(['reschedule.changed']);
  });

  it('ways to pay that fail to load still offer a new card; a payment page that cannot be reached fails, and retry sends the same key again', async () => {
    const hosted = { move_token: 'm'.repeat(32), pg: 'redirect', url: '/api/v1/dev-gateway/txn_1', form_fields: null };
    const submits = answers<RescheduleResult, InputFrom<SubmitReschedule>>({ ...result, payment: hosted });
    const { actor, gateway } = start({ quotes: answers(dearerQuote), submits, methods: answers<Balances, void>(new Error('offline')), gateway: answers<void, InputFrom<GoToPayment>>(new Error('blocked'), undefined) });
    actor.send({ type: 'reschedule.open' });
    await settle(actor);
    actor.send({ type: 'slot.select', startTime: '14:00:00' });
    const choosing = await settle(actor);
    expect(choosing.value).toEqual({ dearer: 'choosing' });
    expect(choosing.context.methods).toBeNull();
    actor.send({ type: 'reschedule.confirm' });
    expect((await settle(actor)).value).toBe('failed');
    actor.send({ type: 'reschedule.retry' });
    await waitFor(actor, () => gateway.asked.length === 2);
    expect(submits.asked.map((input) => (input as { key: string }).key)).toEqual(['key-1', 'key-1']);
  });

  it('slots that fail to load are retried; a slot taken meanwhile fails the quote and retry shows the day afresh', async () => {
    const loads = answers<RescheduleSlots, InputFrom<LoadRescheduleSlots>>(new BookingActionFailure(0, ''), slots('2026-12-10'));
    const quotes = answers<RescheduleQuote, InputFrom<QuoteReschedule>>(new BookingActionFailure(409, 'That slot is no longer free; please choose another'), quote());
    const { actor } = start({ slots: loads, quotes });
    actor.send({ type: 'reschedule.open' });
    expect((await settle(actor)).value).toBe('failed');
    actor.send({ type: 'reschedule.retry' });
    expect((await settle(actor)).value).toBe('picking');
    actor.send({ type: 'slot.select', startTime: '12:00:00' });
    const failed = await settle(actor);
    expect(failed.value).toBe('failed');
    expect(failed.context.failure?.message).toBe('That slot is no longer free; please choose another');
    actor.send({ type: 'reschedule.retry' });
    expect((await settle(actor)).value).toBe('picking');
    expect(loads.asked).toHaveLength(3);
  });

  it('a submit whose answer was lost is sent again under the same key; a refused one picks again', async () => {
    const submits = answers<RescheduleResult, InputFrom<SubmitReschedule>>(new BookingActionFailure(0, ''), new BookingActionFailure(409, 'The price of the new slot has changed'), result);
    const { actor } = start({ submits });
    actor.send({ type: 'reschedule.open' });
    await settle(actor);
    actor.send({ type: 'slot.select', startTime: '12:00:00' });
    await settle(actor);
    actor.send({ type: 'reschedule.confirm' });
    expect((await settle(actor)).value).toBe('failed');
    actor.send({ type: 'reschedule.retry' });
    expect((await settle(actor)).value).toBe('failed');
    expect(submits.asked.map((asked) => (asked as { key: string }).key)).toEqual(['key-1', 'key-1']);
    actor.send({ type: 'reschedule.retry' });
    expect((await settle(actor)).value).toBe('picking');
    actor.send({ type: 'slot.select', startTime: '12:00:00' });
    await settle(actor);
    actor.send({ type: 'reschedule.confirm' });
    expect((await settle(actor)).value).toBe('done');
    expect(submits.asked.map((asked) => (asked as { key: string }).key)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('close from picking goes back to idle without a call', async () => {
    const { actor, quotes } = start();
    actor.send({ type: 'reschedule.open' });
    await settle(actor);
    actor.send({ type: 'reschedule.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(quotes.asked).toEqual([]);
  });
});
