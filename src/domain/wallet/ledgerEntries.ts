/**
 * What each wallet or q-points entry is, for its owner. Entries written from now on carry one of these codes as
 * their reason; older ones carry text ('Order ORD-…', 'Order ORD-… expired'), read by `walletEntryType`. A reason
 * nothing here knows (another part of the system may add one) shows as 'other' with its amount, never an error.
 */
export const WALLET_ENTRY_TYPES = ['top_up', 'purchase', 'refund', 'returned', 'other'] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];

export const QPOINTS_ENTRY_TYPES = ['earned', 'redeemed', 'expired', 'returned', 'taken_back', 'other'] as const;
export type QpointsEntryType = (typeof QPOINTS_ENTRY_TYPES)[number];

/** Reasons this part writes. */
export const LEDGER_REASONS = { topUp: 'top_up', refund: 'refund', earned: 'earned', expired: 'expired', takenBack: 'taken_back' } as const;

const RELEASED = /^Order \S+ (failed|expired)$/;
const SPENT = /^Order \S+$/;

export function walletEntryType(reason: string, amount: number): WalletEntryType {
  const text = reason.trim();
  if (text === LEDGER_REASONS.topUp || /^top-?up$/i.test(text)) return 'top_up';
  if (/^refund/i.test(text)) return 'refund';
  if (RELEASED.test(text)) return 'returned';
  if (SPENT.test(text) && amount < 0) return 'purchase';
  return 'other';
}

export function qpointsEntryType(reason: string, amount: number): QpointsEntryType {
  const text = reason.trim();
  if (text === LEDGER_REASONS.earned) return 'earned';
  if (text === LEDGER_REASONS.expired) return 'expired';
  if (text === LEDGER_REASONS.takenBack) return 'taken_back';
  if (RELEASED.test(text)) return 'returned';
  if (SPENT.test(text) && amount < 0) return 'redeemed';
  return 'other';
}
