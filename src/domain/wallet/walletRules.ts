import { roundMoney } from '../money';

export interface WalletSettings {
  topUpMin: number;
  topUpMax: number;
  topUpStep: number;
  /** q-points earned per unit of currency an order costs (beyond what q-points paid). */
  qpointsPerUnit: number;
  /** Days past its due date an unpaid invoice may run before the partner's credit purchases stop. */
  creditGraceDays: number;
  /**
   * Months an earning stays valid; what is left of it then expires. 12 by default: a year covers a season of visits
   * (and the same month next year), the common term of venue loyalty schemes.
   */
  qpointsValidityMonths: number;
}

/** Used by a venue that has not set its own. */
export const WALLET_SETTINGS_DEFAULTS: WalletSettings = { topUpMin: 50, topUpMax: 1000, topUpStep: 50, qpointsPerUnit: 0.01, creditGraceDays: 7, qpointsValidityMonths: 12 };

/** One q-point pays one unit of the venue currency at checkout (the checkout spends them as money). */
export const QPOINT_VALUE = 1;

/** The quick-pick top-up amounts: min, then every step up to max, at most `limit` of them. */
export function topUpChoices(settings: Pick<WalletSettings, 'topUpMin' | 'topUpMax' | 'topUpStep'>, limit = 8): number[] {
  const choices: number[] = [];
  for (let amount = settings.topUpMin; amount <= settings.topUpMax + 0.001 && choices.length < limit; amount = roundMoney(amount + settings.topUpStep)) {
    choices.push(roundMoney(amount));
  }
  return choices;
}

/** A top-up the venue accepts: between min and max, a whole number of steps above min. */
export function isAllowedTopUp(amount: number, settings: Pick<WalletSettings, 'topUpMin' | 'topUpMax' | 'topUpStep'>): boolean {
  if (!Number.isFinite(amount) || amount < settings.topUpMin - 0.001 || amount > settings.topUpMax + 0.001) return false;
  const steps = (amount - settings.topUpMin) / settings.topUpStep;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/**
 * The points an order's refund takes back: the share of what the order earned that the refund is of what earned
 * them (its total less what q-points paid), rounded down, never more than the order still holds.
 */
export function qpointsTakenBack({ earned, takenBack, earningAmount, refund }: { earned: number; takenBack: number; earningAmount: number; refund: number }): number {
  const left = Math.max(0, earned - takenBack);
  if (!(refund > 0) || !(earningAmount > 0) || left === 0) return 0;
  return Math.min(left, Math.floor((earned * Math.min(refund, earningAmount)) / earningAmount + 1e-9));
}

/** Whole q-points an order earns for what it cost beyond what q-points paid. */
export function qpointsEarned(spent: number, perUnit: number): number {
  if (!(spent > 0) || !(perUnit > 0)) return 0;
  return Math.floor(roundMoney(spent * perUnit) + 1e-9);
}
