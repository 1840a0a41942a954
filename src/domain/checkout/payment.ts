import { type Balances } from '../contract/orders';
import { roundMoney, type Money } from '../money';
import { userKinds, type User } from '../session';

/**
 * Who is paying, as far as the checkout cares (spec 000 §6): a visitor without a session must sign in (or continue
 * as a guest) first; a guest pays by card only; a customer may also spend wallet and q-points and keep cards;
 * a partner (B2B, b2b_id) also has a credit facility.
 */
export type PayerKind = 'visitor' | 'guest' | 'customer' | 'partner';

export function payerKind(user: User | null): PayerKind {
  if (!user) return 'visitor';
  const kinds = userKinds(user);
  if (kinds.guest) return 'guest';
  return kinds.partner ? 'partner' : 'customer';
}

/** The visitor's payment choices; what shows and what is sent depends on `paymentOptions`. */
export interface PaymentChoices {
  /** 'credit' pays the rest with a partner's credit facility; 'card' through the hosted payment page. */
  method: 'card' | 'credit';
  /** A saved card (cardId), or null for a new card typed on the hosted page. */
  cardId: number | null;
  /** Keep the new card for next time (save_card). */
  saveCard: boolean;
  wallet: boolean;
  qpoints: boolean;
  notes: string;
}

export interface PaymentOptions {
  wallet: boolean;
  qpoints: boolean;
  credit: boolean;
  /** The saved cards offered (empty when none or for guests). */
  savedCards: Balances['saved_cards'];
  /** A new card on the hosted page. */
  newCard: boolean;
  /** Offer to keep a new card. */
  saveCard: boolean;
}

const NO_OPTIONS: PaymentOptions = { wallet: false, qpoints: false, credit: false, savedCards: [], newCard: true, saveCard: false };

/**
 * What the checkout offers this payer. Wallet and q-points show when there is something to spend. A partner with a
 * credit facility pays by credit or with a saved card: the venue API charges the credit facility whenever no
 * cardId comes with the order (the order payload has no field that names the credit facility), so a new card is
 * not offered to such a partner.
 */
export function paymentOptions(kind: PayerKind, balances: Balances | null): PaymentOptions {
  if (kind === 'visitor' || kind === 'guest' || !balances) return NO_OPTIONS;
  const facility = kind === 'partner' && balances.credit_limit !== null;
  // An overdue invoice stops credit purchases; with no way to say "card" for a new card, such a partner pays with a saved card.
  const credit = facility && !balances.credit_blocked_by;
  return {
    wallet: balances.wallet > 0,
    qpoints: balances.qpoints > 0,
    credit,
    savedCards: balances.saved_cards,
    newCard: !facility,
    saveCard: !facility,
  };
}

export function defaultChoices(options: PaymentOptions): PaymentChoices {
  const method = options.credit ? 'credit' : 'card';
  const cardId = options.newCard ? null : (options.savedCards[0]?.id ?? null);
  return { method, cardId, saveCard: false, wallet: false, qpoints: false, notes: '' };
}

/** Keeps what the visitor chose that still applies after the options changed (balances reloaded). */
export function fitChoices(choices: PaymentChoices, options: PaymentOptions): PaymentChoices {
  const method = choices.method === 'credit' && !options.credit ? 'card' : choices.method;
  const knownCard = options.savedCards.some((card) => card.id === choices.cardId);
  const cardId = knownCard ? choices.cardId : options.newCard ? null : (options.savedCards[0]?.id ?? null);
  return {
    method: method === 'card' && !options.newCard && options.savedCards.length === 0 ? 'credit' : method,
    cardId,
    saveCard: choices.saveCard && options.saveCard && cardId === null,
    wallet: choices.wallet && options.wallet,
    qpoints: choices.qpoints && options.qpoints,
    notes: choices.notes,
  };
}

export interface PaymentSplit {
  wallet: number;
  qpoints: number;
  credit: number;
  card: number;
}

/**
 * Who pays what, in the order the venue API takes it: the wallet first, then q-points (one point a unit of
 * currency), then the credit facility takes all the rest, and the card whatever is left. The server works it out
 * again from its own prices; this is what the visitor sees before paying.
 */
export function paymentSplit(total: number, balances: Balances | null, choices: PaymentChoices): PaymentSplit {
  let remaining = roundMoney(Math.max(0, total));
  const take = (available: number) => {
    const amount = roundMoney(Math.min(Math.max(0, available), remaining));
    remaining = roundMoney(remaining - amount);
    return amount;
  };
  const wallet = choices.wallet && balances ? take(balances.wallet) : 0;
  const qpoints = choices.qpoints && balances ? take(balances.qpoints) : 0;
  const credit = choices.method === 'credit' ? take(remaining) : 0;
  return { wallet, qpoints, credit, card: remaining };
}

/** What the credit facility can still pay: credit_limit − credit_used. */
export function availableCredit(balances: Balances | null): Money {
  if (!balances || balances.credit_limit === null) return roundMoney(0);
  return roundMoney(Math.max(0, balances.credit_limit - (balances.credit_used ?? 0)));
}

/** 'You are exceeding allowed credit limit' (spec 000 §5): the credit share is over what is left of the limit. */
export function exceedsCreditLimit(split: PaymentSplit, balances: Balances | null): boolean {
  return split.credit > 0 && split.credit > availableCredit(balances) + 0.001;
}
