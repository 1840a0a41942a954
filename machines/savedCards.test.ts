import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { savedCardsMachine } from './savedCards';

/** A change call answering in turn: 'ok', or a refusal; the last answer repeats. */
function fakeChange(...answers: ('ok' | Error)[]) {
  const inputs: { cardId: number }[] = [];
  const logic = fromPromise<void, { cardId: number }>(async ({ input }) => {
    inputs.push(input);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
  });
  return { logic, inputs };
}

function start({ remove = ['ok' as 'ok' | Error], makeDefault = ['ok' as 'ok' | Error] } = {}) {
  const deleteCall = fakeChange(...remove);
  const defaultCall = fakeChange(...makeDefault);
  let reloads = 0;
  const machine = savedCardsMachine.provide({
    actors: { deleteCard: deleteCall.logic, setDefaultCard: defaultCall.logic },
    actions: { listChanged: () => void (reloads += 1) },
  });
  const actor = createActor(machine).start();
  return { actor, deleteCall, defaultCall, reloads: () => reloads, settled: () => waitFor(actor, (state) => !state.hasTag('pending')), state: () => actor.getSnapshot() };
}

describe('savedCardsMachine', () => {
  it('[S0-2.54] deletes a card only once the customer confirms; the list reloads', async () => {
    const cards = start();
    cards.actor.send({ type: 'card.delete', cardId: 7 });
    expect(cards.state().value).toBe('confirmingDelete');
    expect(cards.state().context.cardId).toBe(7);
    expect(cards.deleteCall.inputs).toEqual([]);
    cards.actor.send({ type: 'delete.confirm' });
    expect(cards.state().value).toBe('deleting');
    expect(cards.state().hasTag('pending')).toBe(true);
    await cards.settled();
    expect(cards.deleteCall.inputs).toEqual([{ cardId: 7 }]);
    expect(cards.state().value).toBe('idle');
    expect(cards.state().context).toMatchObject({ notice: 'deleted', cardId: null, error: null });
    expect(cards.reloads()).toBe(1);
  });

  it('cancelling the confirmation deletes nothing', () => {
    const cards = start();
    cards.actor.send({ type: 'card.delete', cardId: 7 });
    cards.actor.send({ type: 'delete.cancel' });
    expect(cards.state().value).toBe('idle');
    expect(cards.state().context.cardId).toBeNull();
    expect(cards.deleteCall.inputs).toEqual([]);
  });

  it('sets the default at once; the list reloads', async () => {
    const cards = start();
    cards.actor.send({ type: 'card.makeDefault', cardId: 3 });
    expect(cards.state().value).toBe('settingDefault');
    await cards.settled();
    expect(cards.defaultCall.inputs).toEqual([{ cardId: 3 }]);
    expect(cards.state().context.notice).toBe('defaultSet');
    expect(cards.reloads()).toBe(1);
  });

  it('a refused change keeps the server’s message; retry tries the same change, dismiss forgets it', async () => {
    const cards = start({ remove: [new Error('Saved card not found'), 'ok'], makeDefault: [new Error('Network down'), 'ok'] });
    cards.actor.send({ type: 'card.delete', cardId: 9 });
    cards.actor.send({ type: 'delete.confirm' });
    await cards.settled();
    expect(cards.state().value).toBe('failed');
    expect(cards.state().context.error).toBe('Saved card not found');
    expect(cards.reloads()).toBe(0);
    cards.actor.send({ type: 'change.retry' });
    expect(cards.state().value).toBe('deleting');
    await cards.settled();
    expect(cards.deleteCall.inputs).toEqual([{ cardId: 9 }, { cardId: 9 }]);
    expect(cards.state().context.notice).toBe('deleted');

    cards.actor.send({ type: 'card.makeDefault', cardId: 4 });
    await cards.settled();
    expect(cards.state().context.error).toBe('Network down');
    cards.actor.send({ type: 'change.retry' });
    expect(cards.state().value).toBe('settingDefault');
    await cards.settled();
    cards.actor.send({ type: 'error.dismiss' });
    expect(cards.state().value).toBe('idle');
    expect(cards.state().context).toMatchObject({ error: null, cardId: null });
  });
});
