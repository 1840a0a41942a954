import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SESSION_DEFAULTS,
  SESSION_MAX_AGE_MS,
  displayName,
  restoreSession,
  storedSessionSchema,
  userKinds,
  type SessionRestore,
  type User,
} from './session';

const NOW = Date.UTC(2024, 2, 5, 12);
const HOUR = 3600 * 1000;
const user: User = { token: 'tok', first_name: 'Sara', last_name: 'Ali', email: 'sara@example.com' };

describe('restoreSession', () => {
  it('[S0-9.1] a login lasts 12 hours since its last update', () => {
    expect(SESSION_MAX_AGE_MS).toBe(12 * HOUR);
  });

  it.each<[string, unknown, Pick<SessionRestore, 'outcome'> & Partial<SessionRestore>]>([
    ['nothing stored', null, { outcome: 'empty', user: null, lastUpdated: null }],
    ['nothing stored (undefined)', undefined, { outcome: 'empty', user: null, lastUpdated: null }],
    ['[S0-4.2] no last-updated time resets', { user }, { outcome: 'reset', user: null, lastUpdated: null }],
    ['[S0-4.2] null last-updated time resets', { user, lastUpdated: null }, { outcome: 'reset', user: null, lastUpdated: null }],
    [
      '[S0-4.3] a guest resets',
      { user: { ...user, is_anonymous: true }, lastUpdated: NOW - HOUR },
      { outcome: 'reset', user: null, lastUpdated: null },
    ],
    [
      '[S0-4.3] a guest flagged 1 resets',
      { user: { ...user, is_anonymous: 1 }, lastUpdated: NOW - HOUR },
      { outcome: 'reset', user: null, lastUpdated: null },
    ],
    [
      '[S0-4.4] older than 12 hours clears the user',
      { user, lastUpdated: NOW - 12 * HOUR - 1 },
      { outcome: 'expired', user: null, lastUpdated: NOW - 12 * HOUR - 1 },
    ],
    ['[S0-4.5] exactly 12 hours still logged in', { user, lastUpdated: NOW - 12 * HOUR }, { outcome: 'loggedIn', user }],
    ['[S0-4.5] recent login stays', { user, lastUpdated: NOW - HOUR }, { outcome: 'loggedIn', user, lastUpdated: NOW - HOUR }],
    [
      '[S0-4.5] a non-guest flagged 0 stays',
      { user: { ...user, is_anonymous: 0 }, lastUpdated: NOW },
      { outcome: 'loggedIn', user: { ...user, is_anonymous: false } },
    ],
    ['no user but a time', { user: null, lastUpdated: NOW }, { outcome: 'empty', user: null, lastUpdated: NOW }],
    ['a user without token resets', { user: { name: 'x' }, lastUpdated: NOW }, { outcome: 'reset', user: null }],
    ['a text time resets', { user, lastUpdated: '2024-03-05' }, { outcome: 'reset', user: null }],
    ['a list resets', [user], { outcome: 'reset', user: null }],
    ['a number resets', 5, { outcome: 'reset', user: null }],
    ['JSON text is read', JSON.stringify({ user, lastUpdated: NOW }), { outcome: 'loggedIn', user }],
    ['broken JSON text resets', '{"user":', { outcome: 'reset', user: null }],
    [
      'other session state is ignored',
      { user, lastUpdated: NOW, bookings: { data: [1] }, preferences: { language: 'ar' } },
      { outcome: 'loggedIn', user },
    ],
  ])('%s', (_title, stored, expected) => {
    expect(restoreSession(stored, NOW)).toMatchObject(expected);
  });

  it('[S0-4.4] [S0-4.5] a stored non-guest login survives exactly while it is at most 12 hours old', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 48 * HOUR }), (age) => {
        const restored = restoreSession({ user, lastUpdated: NOW - age }, NOW);
        expect(restored.outcome).toBe(age > SESSION_MAX_AGE_MS ? 'expired' : 'loggedIn');
        expect(restored.user === null).toBe(age > SESSION_MAX_AGE_MS);
      }),
    );
  });

  it('never throws and never restores a guest', () => {
    fc.assert(
      fc.property(fc.anything(), (stored) => {
        const restored = restoreSession(stored, NOW);
        expect(restored.user?.is_anonymous ?? false).toBe(false);
        if (restored.user !== null) expect(restored.outcome).toBe('loggedIn');
      }),
    );
  });

  it('the stored shape round-trips through JSON', () => {
    const stored = storedSessionSchema.parse({ user, lastUpdated: NOW });
    expect(storedSessionSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });
});

describe('userKinds', () => {
  it.each<[string, User | null, ReturnType<typeof userKinds>]>([
    ['no user', null, { partner: false, employee: false, member: false, guest: false }],
    ['plain customer', user, { partner: false, employee: false, member: false, guest: false }],
    ['partner', { ...user, b2b_id: 7 }, { partner: true, employee: false, member: false, guest: false }],
    ['partner by text id', { ...user, b2b_id: '7' }, { partner: true, employee: false, member: false, guest: false }],
    ['empty partner id', { ...user, b2b_id: '' }, { partner: false, employee: false, member: false, guest: false }],
    ['[S0-3.2] [S0-6.5] employee', { ...user, b2b_id: 7, b2b_type: 'b2e' }, { partner: true, employee: true, member: false, guest: false }],
    ['[S0-3.2] b2b is not employee', { ...user, b2b_id: 7, b2b_type: 'b2b' }, { partner: true, employee: false, member: false, guest: false }],
    ['member', { ...user, membership_card_number: 'M-1' }, { partner: false, employee: false, member: true, guest: false }],
    ['guest', { ...user, is_anonymous: true }, { partner: false, employee: false, member: false, guest: true }],
  ])('%s', (_title, u, kinds) => {
    expect(userKinds(u)).toEqual(kinds);
  });
});

describe('displayName', () => {
  it.each<[User | null, string]>([
    [null, ''],
    [{ token: 't', name: ' Sara Ali ' }, 'Sara Ali'],
    [{ token: 't', name: '', first_name: 'Sara', last_name: 'Ali' }, 'Sara Ali'],
    [{ token: 't', first_name: 'Sara', last_name: null }, 'Sara'],
    [{ token: 't', email: 'sara@example.com' }, 'sara@example.com'],
    [{ token: 't', preferred_username: 'sara' }, 'sara'],
    [{ token: 't', mobile: '+971500000000' }, '+971500000000'],
    [{ token: 't' }, ''],
  ])('%j → %j', (u, name) => {
    expect(displayName(u)).toBe(name);
  });
});

describe('SESSION_DEFAULTS', () => {
  it('[S0-3.3] [S0-3.4] [S0-3.5] [S0-3.6] [S0-3.7] holds the default session state', () => {
    expect(SESSION_DEFAULTS).toEqual({
      user: null,
      lastUpdated: null,
      bookings: { data: [], total: 0, total_pages: 0, current_page: 1, sortBy: null, sort_order: 'desc' },
      membershipCards: [],
      workshops: [],
      financialTransactions: { data: [], total: 0, total_pages: 0, current_page: 1 },
      preferences: { pageSize: 16, language: 'en' },
    });
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(SESSION_DEFAULTS.bookings.data)).toBe(true);
    expect(() => SESSION_DEFAULTS.bookings.data.push(1)).toThrow();
  });
});
