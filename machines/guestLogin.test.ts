import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type AuthSession, type GuestLoginRequest } from '../src/domain/contract/auth';
import { actorDone, actorError, fakeCall, refusal, session, text, unreachedStates, type GraphEvent } from './accountTesting';
import { guestLoginMachine, isGuestAllowed, type GuestLoginInput } from './guestLogin';

const guest: AuthSession = { token: 'guest-1', user: { ...session.user, is_anonymous: true } };
const allowed: GuestLoginInput = { guestCheckoutEnabled: true, isBaps: false, cartLineTypes: ['facility', 'event'] };

function start(input: GuestLoginInput = allowed, ...answers: (AuthSession | Error)[]) {
  const call = fakeCall<GuestLoginRequest, AuthSession>(...(answers.length > 0 ? answers : [guest]));
  const actor = createActor(guestLoginMachine.provide({ actors: { guestLogin: call.logic } }), { input }).start();
  const settled = () => waitFor(actor, (state) => !state.hasTag('pending'));
  return { actor, call, settled, state: () => actor.getSnapshot() };
}

function fill({ actor }: ReturnType<typeof start>) {
  actor.send({ type: 'field.change', field: 'name', value: 'Sam Guest' });
  actor.send({ type: 'field.change', field: 'mobile', value: '0501234567' });
  actor.send({ type: 'field.change', field: 'email', value: 'sam@example.com' });
  actor.send({ type: 'field.change', field: 'terms_accepted', value: true });
}

describe('guestLoginMachine', () => {
  it.each<[string, GuestLoginInput, boolean]>([
    ['[S1-5.39] allowed with guest checkout on and a cart of facility and event lines', allowed, true],
    ['[S1-5.39] not allowed with guest checkout off', { ...allowed, guestCheckoutEnabled: false }, false],
    ['[S1-5.42] not allowed (hidden) in is_baps mode', { ...allowed, isBaps: true }, false],
    ['[S1-5.41] not allowed when the cart holds another kind of line', { ...allowed, cartLineTypes: ['facility', 'membership'] }, false],
    ['[S1-5.41] allowed with an empty cart (it holds nothing else)', { ...allowed, cartLineTypes: [] }, true],
  ])('%s', (_title, input, expected) => {
    expect(isGuestAllowed(input)).toBe(expected);
    expect(start(input).state().matches({ submission: expected ? 'idle' : 'notAllowed' })).toBe(true);
  });

  it('[S0-2.107] [S0-4.23] [S1-4.32] [S0-7.15] name, mobile, email and terms sign the guest in', async () => {
    const guestLogin = start();
    fill(guestLogin);
    guestLogin.actor.send({ type: 'guest.submit' });
    expect(guestLogin.state().matches({ submission: 'submitting' })).toBe(true);
    expect(guestLogin.state().hasTag('pending')).toBe(true);
    await guestLogin.settled();
    expect(guestLogin.call.inputs).toEqual([{ name: 'Sam Guest', mobile: '0501234567', country_code: '971', email: 'sam@example.com', terms_accepted: true }]);
    expect(guestLogin.state().matches({ submission: 'done' })).toBe(true);
    expect(guestLogin.state().context.session).toEqual(guest);
  });

  it('[S1-5.40] [S0-5.1] [S0-5.2] [S0-5.21] every field and the terms are required; errors show after the first submit', () => {
    const guestLogin = start();
    guestLogin.actor.send({ type: 'field.change', field: 'name', value: 'S' });
    expect(guestLogin.state().context.errors).toEqual({});
    guestLogin.actor.send({ type: 'field.change', field: 'name', value: '' });
    guestLogin.actor.send({ type: 'guest.submit' });
    const errors = () => guestLogin.state().context.errors;
    expect(text(errors().name)).toBe('Name is required');
    expect(text(errors().mobile)).toBe('Please enter valid mobile number');
    expect(text(errors().email)).toBe('Email is required');
    expect(errors().terms_accepted).toBeDefined();
    expect(text(guestLogin.state().context.formError)).toBe('Please fix all errors');
    fill(guestLogin);
    guestLogin.actor.send({ type: 'field.change', field: 'terms_accepted', value: false });
    expect(Object.keys(errors())).toEqual(['terms_accepted']);
    expect(guestLogin.state().matches({ validation: 'invalid' })).toBe(true);
    guestLogin.actor.send({ type: 'guest.submit' });
    expect(guestLogin.call.inputs).toEqual([]);
  });

  it('[S0-8.6] a refusal keeps the values and the server message; retrying works', async () => {
    const guestLogin = start(allowed, refusal('Guest login is not available at this venue', 403), guest);
    fill(guestLogin);
    guestLogin.actor.send({ type: 'guest.submit' });
    await guestLogin.settled();
    expect(guestLogin.state().matches({ submission: 'failure' })).toBe(true);
    expect(guestLogin.state().context.failure?.message).toBe('Guest login is not available at this venue');
    expect(guestLogin.state().context.values.name).toBe('Sam Guest');
    guestLogin.actor.send({ type: 'guest.submit' });
    await guestLogin.settled();
    expect(guestLogin.state().matches({ submission: 'done' })).toBe(true);
  });

  it('[S0-4.23] every state is reachable', () => {
    const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => {
      const { values } = snapshot.context as { values: Record<string, string | boolean> };
      const filled: Record<string, string | boolean> = { name: 'Sam', mobile: '0501234567', email: 'a@b.co', terms_accepted: true };
      return [
        ...Object.entries(filled).flatMap(([field, value]) => (values[field] ? [] : [{ type: 'field.change', field, value }])),
        { type: 'guest.submit' },
        ...('guestLogin' in snapshot.children ? [actorDone('guestLogin', guest), actorError('guestLogin', refusal('No'))] : []),
      ];
    };
    const identity = (snapshot: AnyMachineSnapshot) => [(snapshot.context as { values: unknown }).values];
    const unreachedWhenAllowed = unreachedStates(guestLoginMachine, allowed, events, identity);
    expect(unreachedWhenAllowed).toEqual([{ submission: 'notAllowed' }]);
    expect(unreachedStates(guestLoginMachine, { ...allowed, isBaps: true }, events, identity)).not.toContainEqual({ submission: 'notAllowed' });
  });
});
