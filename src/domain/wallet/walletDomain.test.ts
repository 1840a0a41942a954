import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocksCredit, invoiceNumber, invoiceStatus } from './invoices';
import { qpointsEntryType, walletEntryType } from './ledgerEntries';
import { rangeFirstDay } from './ranges';
import { isCardExpired, lastDayOfExpiry, savedCardBrand } from './savedCards';
import { isAllowedTopUp, qpointsEarned, qpointsTakenBack, topUpChoices } from './walletRules';

describe('saved cards', () => {
  it.each([
    ['12/29', '2029-12-31'],
    ['02/28', '2028-02-29'],
    ['02/27', '2027-02-28'],
    ['13/29', null],
    ['1/29', null],
    ['', null],
  ])('the last day of %s is %s', (expiry, lastDay) => expect(lastDayOfExpiry(expiry)).toBe(lastDay));

  it.each([
    ['05/25', '2025-05-31', false],
    ['05/25', '2025-06-01', true],
    ['garbage', '2025-01-01', true],
  ])('%s on %s is expired: %s', (expiry, today, expired) => expect(isCardExpired(expiry, today)).toBe(expired));

  it('[S0-9.26] [S0-9.27] reads the brand from the masked number by the spec’s rule', () => {
    expect(savedCardBrand({ maskedNumber: '424242******4242', last4: '4242' })).toBe('Visa');
    expect(savedCardBrand({ maskedNumber: '545454******5454', last4: '5454' })).toBe('Mastercard');
    expect(savedCardBrand({ maskedNumber: '3782********0005', last4: '0005' })).toBe('Unknown');
    // Only the last four known: fewer than 6 visible characters, so Unknown.
    expect(savedCardBrand({ maskedNumber: null, last4: '4242' })).toBe('Unknown');
  });
});

describe('wallet rules', () => {
  const rules = { topUpMin: 50, topUpMax: 1000, topUpStep: 50 };

  it('offers min, then each step, at most 8', () => {
    expect(topUpChoices(rules)).toEqual([50, 100, 150, 200, 250, 300, 350, 400]);
    expect(topUpChoices({ topUpMin: 20, topUpMax: 60, topUpStep: 20 })).toEqual([20, 40, 60]);
  });

  it('accepts exactly the amounts min + k × step up to max', () => {
    expect([50, 100, 1000].map((amount) => isAllowedTopUp(amount, rules))).toEqual([true, true, true]);
    expect([0, 49.99, 75, 1050, Number.NaN].map((amount) => isAllowedTopUp(amount, rules))).toEqual([false, false, false, false, false]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 18 }), (steps) => isAllowedTopUp(50 + steps * 50, rules)));
  });

  it('earns whole points per amount spent, never negative', () => {
    expect(qpointsEarned(210, 0.01)).toBe(2);
    expect(qpointsEarned(90, 0.01)).toBe(0);
    expect(qpointsEarned(100, 0.05)).toBe(5);
    expect(qpointsEarned(-10, 0.05)).toBe(0);
    fc.assert(fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (spent, rate) => {
      const points = qpointsEarned(spent, rate);
      return Number.isInteger(points) && points >= 0 && points <= spent * rate + 1e-6;
    }));
  });
});

describe('ledger entry types', () => {
  it.each([
    ['top_up', 100, 'top_up'],
    ['Top-up', 200, 'top_up'],
    ['Order ORD-3A91C', -85, 'purchase'],
    ['Order ORD-3A91C expired', 85, 'returned'],
    ['Order ORD-3A91C failed', 85, 'returned'],
    ['refund', 60, 'refund'],
    ['Refund of order ORD-4B22D', 60, 'refund'],
    ['Something new from another team', 10, 'other'],
  ] as const)('wallet %s (%d) is %s', (reason, amount, type) => expect(walletEntryType(reason, amount)).toBe(type));

  it.each([
    ['earned', 10, 'earned'],
    ['expired', -10, 'expired'],
    ['Order ORD-1', -10, 'redeemed'],
    ['Order ORD-1 expired', 10, 'returned'],
    ['taken_back', -4, 'taken_back'],
    ['Welcome points', 120, 'other'],
  ] as const)('q-points %s (%d) is %s', (reason, amount, type) => expect(qpointsEntryType(reason, amount)).toBe(type));
});

describe('invoices', () => {
  it('is open through its due date, overdue after, paid once paid', () => {
    expect(invoiceStatus({ dueDate: '2025-06-01', paid: false }, '2025-06-01')).toBe('open');
    expect(invoiceStatus({ dueDate: '2025-06-01', paid: false }, '2025-06-02')).toBe('overdue');
    expect(invoiceStatus({ dueDate: '2025-05-01', paid: true }, '2025-06-02')).toBe('paid');
  });

  it('[S0-1.21] blocks credit only when unpaid beyond the grace days', () => {
    expect(blocksCredit({ dueDate: '2025-06-01', paid: false }, '2025-06-08', 7)).toBe(false);
    expect(blocksCredit({ dueDate: '2025-06-01', paid: false }, '2025-06-09', 7)).toBe(true);
    expect(blocksCredit({ dueDate: '2025-06-01', paid: true }, '2025-07-09', 7)).toBe(false);
    expect(blocksCredit({ dueDate: '2025-06-01', paid: false }, '2025-06-02', 0)).toBe(true);
  });

  it('numbers invoices from their id', () => expect(invoiceNumber(42)).toBe('INV-000042'));
});

describe('range shortcuts', () => {
  it('[S0-9.23] [S0-9.24] [S0-9.25] keeps the last 7, 30 or 90 days including today', () => {
    expect(rangeFirstDay('week', '2025-06-10')).toBe('2025-06-04');
    expect(rangeFirstDay('month', '2025-06-10')).toBe('2025-05-12');
    expect(rangeFirstDay('quarter', '2025-06-10')).toBe('2025-03-13');
    expect(rangeFirstDay('all', '2025-06-10')).toBeNull();
  });
});

describe('qpointsTakenBack', () => {
  it.each([
    [{ earned: 4, takenBack: 0, earningAmount: 420, refund: 420 }, 4],
    [{ earned: 4, takenBack: 0, earningAmount: 420, refund: 210 }, 2],
    [{ earned: 4, takenBack: 0, earningAmount: 420, refund: 100 }, 0],
    [{ earned: 4, takenBack: 3, earningAmount: 420, refund: 420 }, 1],
    [{ earned: 4, takenBack: 0, earningAmount: 420, refund: 1000 }, 4],
    [{ earned: 0, takenBack: 0, earningAmount: 420, refund: 420 }, 0],
    [{ earned: 4, takenBack: 0, earningAmount: 0, refund: 420 }, 0],
  ])('%o takes back %d', (input, points) => expect(qpointsTakenBack(input)).toBe(points));

  it('never takes back more than the order earned, over any run of refunds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 100_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 8 }), (earned, earningAmount, refunds) => {
        let takenBack = 0;
        for (const refund of refunds) takenBack += qpointsTakenBack({ earned, takenBack, earningAmount, refund });
        return takenBack >= 0 && takenBack <= earned;
      }),
    );
  });
});
