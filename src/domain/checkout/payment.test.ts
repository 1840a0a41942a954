import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Balances } from '../contract/orders';
import { type User } from '../session';
import { availableCredit, defaultChoices, exceedsCreditLimit, fitChoices, payerKind, paymentOptions, paymentSplit, type PaymentChoices } from './payment';

const card = { id: 4, brand: 'Visa', last4: '4242', expiry: '12/29' };
const balances: Balances = { wallet: 150, qpoints: 120, credit_limit: null, credit_used: null, saved_cards: [card] };
const partnerBalances: Balances = { wallet: 0, qpoints: 0, credit_limit: 1000, credit_used: 350, saved_cards: [] };
const choices = (overrides: Partial<PaymentChoices> = {}): PaymentChoices => ({ method: 'card', cardId: null, saveCard: false, wallet: false, qpoints: false, notes: '', ...overrides });

describe('payerKind', () => {
  it.each<[string, User | null, string]>([
    ['no session', null, 'visitor'],
    ['anonymous session', { token: 't', is_anonymous: true }, 'guest'],
    ['customer', { token: 't', is_anonymous: false }, 'customer'],
    ['[S0-6.4] b2b_id', { token: 't', b2b_id: 501 }, 'partner'],
  ])('%s', (_, user, kind) => {
    expect(payerKind(user)).toBe(kind);
  });
});

describe('paymentOptions', () => {
  it('[S0-1.12] [S0-1.13] [S0-1.14] a customer: wallet and q-points when there is something to spend, saved cards, a new card to keep', () => {
    expect(paymentOptions('customer', balances)).toEqual({ wallet: true, qpoints: true, credit: false, savedCards: [card], newCard: true, saveCard: true });
    expect(paymentOptions('customer', { ...balances, wallet: 0, qpoints: 0 })).toMatchObject({ wallet: false, qpoints: false });
  });

  it('[S0-1.15] credit only for a partner with a credit facility; then no new card (the venue charges credit without a cardId)', () => {
    expect(paymentOptions('partner', partnerBalances)).toMatchObject({ credit: true, newCard: false, saveCard: false });
    expect(paymentOptions('customer', partnerBalances).credit).toBe(false);
    expect(paymentOptions('partner', balances)).toMatchObject({ credit: false, newCard: true });
  });

  it('[S0-1.21] an overdue invoice takes credit away; the partner may still pay with a saved card, not a new one', () => {
    const blocked = { ...partnerBalances, credit_blocked_by: 'INV-000012', saved_cards: [card] };
    expect(paymentOptions('partner', blocked)).toMatchObject({ credit: false, newCard: false, savedCards: [card] });
    expect(defaultChoices(paymentOptions('partner', blocked))).toMatchObject({ method: 'card', cardId: card.id });
  });

  it('guests and visitors pay by a new card only', () => {
    for (const kind of ['guest', 'visitor'] as const) {
      expect(paymentOptions(kind, balances)).toEqual({ wallet: false, qpoints: false, credit: false, savedCards: [], newCard: true, saveCard: false });
    }
  });
});

describe('choices', () => {
  it('default to credit for a partner, else a new card', () => {
    expect(defaultChoices(paymentOptions('partner', partnerBalances)).method).toBe('credit');
    expect(defaultChoices(paymentOptions('customer', balances))).toEqual(choices());
  });

  it('keep what still applies when balances change', () => {
    const options = paymentOptions('customer', { ...balances, wallet: 0, saved_cards: [] });
    expect(fitChoices(choices({ wallet: true, qpoints: true, cardId: 4, notes: 'hi' }), options)).toEqual(choices({ qpoints: true, notes: 'hi' }));
    expect(fitChoices(choices({ method: 'credit' }), options).method).toBe('card');
  });
});

describe('paymentSplit', () => {
  it.each<[string, number, Partial<PaymentChoices>, Balances, ReturnType<typeof paymentSplit>]>([
    ['card pays all', 210, {}, balances, { wallet: 0, qpoints: 0, credit: 0, card: 210 }],
    ['wallet pays part, card the rest', 210, { wallet: true }, balances, { wallet: 150, qpoints: 0, credit: 0, card: 60 }],
    ['wallet covers it all', 99.5, { wallet: true }, balances, { wallet: 99.5, qpoints: 0, credit: 0, card: 0 }],
    ['wallet then q-points', 300, { wallet: true, qpoints: true }, balances, { wallet: 150, qpoints: 120, credit: 0, card: 30 }],
    ['credit takes the rest', 600, { method: 'credit' }, partnerBalances, { wallet: 0, qpoints: 0, credit: 600, card: 0 }],
  ])('%s', (_, total, chosen, kept, split) => {
    expect(paymentSplit(total, kept, choices(chosen))).toEqual(split);
  });

  it('the parts always add up to the total and none is negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 50_000 }), fc.boolean(), fc.boolean(), (total, wallet, qpoints, useWallet, useQpoints) => {
        const split = paymentSplit(total / 100, { ...balances, wallet: wallet / 100, qpoints: qpoints / 100 }, choices({ wallet: useWallet, qpoints: useQpoints }));
        expect(Object.values(split).every((part) => part >= 0)).toBe(true);
        expect(Math.round((split.wallet + split.qpoints + split.credit + split.card) * 100)).toBe(total);
      }),
    );
  });
});

describe('[S0-5.23] credit limit', () => {
  it.each([
    [650, false],
    [650.01, true],
    [0, false],
  ])('a credit share of %d over 1000 − 350 exceeds it: %s', (amount, exceeded) => {
    expect(availableCredit(partnerBalances)).toBe(650);
    expect(exceedsCreditLimit({ wallet: 0, qpoints: 0, credit: amount, card: 0 }, partnerBalances)).toBe(exceeded);
  });
});
