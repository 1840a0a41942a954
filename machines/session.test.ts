import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SESSION_MAX_AGE_MS, type StoredSession, type User } from '../src/domain/session';
import { sessionMachine, sessionUser } from './session';

const NOW = 1_700_000_000_000;

const customer: User = { token: 'customer-token', name: 'Ann Lee', is_anonymous: false };
const guest: User = { token: 'guest-token', name: 'Guest', is_anonymous: true };

function start(stored: unknown, now = NOW) {
  const persisted: StoredSession[] = [];
  const tokens: (string | null)[] = [];
  const notifyExpired = vi.fn();
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        persist: (_, session) => void persisted.push(session),
        applyToken: (_, token) => void tokens.push(token),
        notifyExpired,
      },
    }),
    { input: { stored, now } },
  ).start();
  return { actor, persisted, tokens, notifyExpired, lastPersisted: () => persisted.at(-1), lastToken: () => tokens.at(-1) };
}

describe('sessionMachine', () => {
  it('[S0-4.5] a stored login updated within 12 hours stays logged in and its token is applied', () => {
    const { actor, lastToken } = start({ user: customer, lastUpdated: NOW - SESSION_MAX_AGE_MS + 1000 });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.user?.name).toBe('Ann Lee');
    expect(lastToken()).toBe('customer-token');
  });

  it.each<[string, unknown]>([
    ['[S0-4.2] no last-updated time resets the state', { user: customer, lastUpdated: null }],
    ['[S0-4.3] a stored guest resets the state', { user: guest, lastUpdated: NOW - 1000 }],
    ['[S0-4.4] [S0-9.1] a login older than 12 hours loses its user', { user: customer, lastUpdated: NOW - SESSION_MAX_AGE_MS - 1 }],
    ['nothing stored', null],
    ['an unreadable value', 'not json'],
  ])('%s', (_title, stored) => {
    const { actor, lastPersisted, lastToken, notifyExpired } = start(stored);
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(lastPersisted()?.user).toBeNull();
    expect(lastToken()).toBeNull();
    expect(notifyExpired).not.toHaveBeenCalled();
  });

  it('[S0-4.1] [S0-4.20] logging in keeps the user, its time and its token', () => {
    const { actor, lastPersisted, lastToken } = start(null);
    actor.send({ type: 'session.start', user: customer, now: NOW + 5 });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: customer, lastUpdated: NOW + 5 });
    expect(lastPersisted()).toEqual({ user: customer, lastUpdated: NOW + 5 });
    expect(lastToken()).toBe('customer-token');
  });

  it('an edited profile replaces the user, keeps the token and the last-updated time, and is stored', () => {
    const { actor, lastPersisted, lastToken } = start({ user: customer, lastUpdated: NOW - 1000 });
    actor.send({ type: 'session.profileChanged', user: { name: 'Anna Lee', first_name: 'Anna', is_anonymous: false } });
    expect(actor.getSnapshot().context).toEqual({ user: { token: 'customer-token', name: 'Anna Lee', first_name: 'Anna', is_anonymous: false }, lastUpdated: NOW - 1000 });
    expect(lastPersisted()?.user?.name).toBe('Anna Lee');
    expect(lastToken()).toBe('customer-token');
  });

  it('[S0-4.6] touching the session (registration) sets the last-updated time and stores it', () => {
    const { actor, lastPersisted } = start({ user: customer, lastUpdated: NOW - 1000 });
    actor.send({ type: 'session.touch', now: NOW + 60_000 });
    expect(actor.getSnapshot().context.lastUpdated).toBe(NOW + 60_000);
    expect(lastPersisted()).toEqual({ user: customer, lastUpdated: NOW + 60_000 });
  });

  it('[S0-4.4] [S0-9.1] a running login is checked: within 12 hours it stays, over 12 hours it loses its user', () => {
    const { actor, lastPersisted, lastToken, notifyExpired } = start({ user: customer, lastUpdated: NOW });
    actor.send({ type: 'session.check', now: NOW + SESSION_MAX_AGE_MS });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    actor.send({ type: 'session.check', now: NOW + SESSION_MAX_AGE_MS + 1 });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(lastPersisted()?.user).toBeNull();
    expect(lastToken()).toBeNull();
    expect(notifyExpired).not.toHaveBeenCalled();
  });

  it('touching without a login does nothing', () => {
    const { actor, persisted } = start(null);
    const before = persisted.length;
    actor.send({ type: 'session.touch', now: NOW });
    expect(actor.getSnapshot().context).toEqual({ user: null, lastUpdated: null });
    expect(persisted).toHaveLength(before);
  });

  it('[S0-4.7] logging out resets the user, the storage and the token', () => {
    const { actor, lastPersisted, lastToken, notifyExpired } = start({ user: customer, lastUpdated: NOW });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: null, lastUpdated: null });
    expect(lastPersisted()).toEqual({ user: null, lastUpdated: null });
    expect(lastToken()).toBeNull();
    expect(notifyExpired).not.toHaveBeenCalled();
  });

  it('[S0-8.1] a 401 resets the session and asks the app to tell the user', () => {
    const { actor, lastPersisted, lastToken, notifyExpired } = start({ user: customer, lastUpdated: NOW });
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(lastPersisted()).toEqual({ user: null, lastUpdated: null });
    expect(lastToken()).toBeNull();
    expect(notifyExpired).toHaveBeenCalledTimes(1);
  });

  it('[S0-8.1] a 401 without a login has no session to expire', () => {
    const { actor, notifyExpired } = start(null);
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(notifyExpired).not.toHaveBeenCalled();
  });

  it('[S0-4.23] a guest login is logged in with the guest token', () => {
    const { actor, lastToken } = start(null);
    actor.send({ type: 'session.start', user: guest, now: NOW });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(lastToken()).toBe('guest-token');
  });

  it('a guest who logs in with an account is replaced by the account', () => {
    const { actor, lastToken, lastPersisted } = start(null);
    actor.send({ type: 'session.start', user: guest, now: NOW });
    actor.send({ type: 'session.start', user: customer, now: NOW + 1 });
    expect(actor.getSnapshot().context.user).toEqual(customer);
    expect(lastPersisted()).toEqual({ user: customer, lastUpdated: NOW + 1 });
    expect(lastToken()).toBe('customer-token');
  });

  it('[S0-4.9] an emptied cart of a guest resets the user', () => {
    const { actor, lastToken } = start(null);
    actor.send({ type: 'session.start', user: guest, now: NOW });
    actor.send({ type: 'session.cartEmptied' });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(lastToken()).toBeNull();
  });

  it('[S0-4.9] an emptied cart of a customer keeps the customer', () => {
    const { actor } = start({ user: customer, lastUpdated: NOW });
    actor.send({ type: 'session.cartEmptied' });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('[S0-4.6] registering logs in and sets the last-updated time', () => {
    const { actor, lastPersisted, lastToken } = start(null);
    actor.send({ type: 'session.registered', user: customer, now: NOW + 7 });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: customer, lastUpdated: NOW + 7 });
    expect(lastPersisted()).toEqual({ user: customer, lastUpdated: NOW + 7 });
    expect(lastToken()).toBe('customer-token');
  });

  it('[S0-4.6] a guest who registers is replaced by the new account with a new last-updated time', () => {
    const { actor, lastToken } = start(null);
    actor.send({ type: 'session.start', user: guest, now: NOW });
    actor.send({ type: 'session.registered', user: customer, now: NOW + 9 });
    expect(actor.getSnapshot().context).toEqual({ user: customer, lastUpdated: NOW + 9 });
    expect(lastToken()).toBe('customer-token');
  });

  it('[S0-3.1] sessionUser puts the bearer token on the account the sign-in answered', () => {
    const account = {
      id: 3,
      first_name: 'Ann',
      last_name: 'Lee',
      name: 'Ann Lee',
      email: 'ann@example.com',
      mobile: '+971501234567',
      b2b_id: null,
      is_anonymous: false,
      is_trainer: false,
    };
    expect(sessionUser({ token: 'tok', user: account })).toEqual({ ...account, token: 'tok' });
  });
});
