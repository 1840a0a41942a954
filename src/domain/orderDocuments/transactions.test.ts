import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../contract/orders';
import { orderPayments, transactionSums } from './transactions';

const at = '2026-11-20T08:00:00.000Z';

describe('the payments of an order', () => {
  it('lists the balance parts taken at placement, then each card attempt', () => {
    const payments = orderPayments({ status: 'paid', placedAt: at }, { wallet: 80, qpoints: 0, credit: 0 }, [
      { amount: 220, status: 'declined', at },
      { amount: 220, status: 'paid', at },
    ]);
    expect(payments.map(({ method, amount, status }) => [method, amount, status])).toEqual([
      ['wallet', 80, 'paid'],
      ['card', 220, 'declined'],
      ['card', 220, 'paid'],
    ]);
  });

  it.each(['failed', 'expired'] as const)('shows wallet, q-points and credit as returned once the order %s', (status) => {
    const payments = orderPayments({ status, placedAt: at }, { wallet: 10, qpoints: 5, credit: 20 }, []);
    expect(payments.map((payment) => [payment.method, payment.status])).toEqual([
      ['wallet', 'returned'],
      ['qpoints', 'returned'],
      ['credit', 'returned'],
    ]);
  });
});

describe('[S0-3.32] amount paid and pending amount', () => {
  it.each([
    ['a paid order owes nothing', 'paid', 300, [80], [220], 300, 0],
    ['an order at the card page owes what the card has not paid', 'pending_payment', 300, [80], [], 80, 220],
    ['a declined card payment is not paid', 'pending_payment', 300, [80], ['declined'], 80, 220],
    ['an expired order owes nothing and paid nothing', 'expired', 300, [80], [], 0, 0],
  ] as const)('%s', (_, status, total, wallet, cards, paid, pending) => {
    const payments = orderPayments(
      { status, placedAt: at },
      { wallet: wallet[0], qpoints: 0, credit: 0 },
      cards.map((card) => (card === 'declined' ? { amount: 220, status: 'declined' as const, at } : { amount: card, status: 'paid' as const, at })),
    );
    expect(transactionSums({ status, total }, payments, [])).toMatchObject({ amount_paid: paid, pending_amount: pending });
  });

  it('adds refunds up by status: refunded to the wallet, requested from the card', () => {
    const sums = transactionSums({ status: 'paid', total: 300 }, [], [
      { amount: 30, status: 'refunded' },
      { amount: 45.5, status: 'requested' },
      { amount: 0.1, status: 'refunded' },
    ]);
    expect(sums).toMatchObject({ refunded_amount: 30.1, refund_requested_amount: 45.5 });
  });

  it('never owes a negative amount, and paid plus pending is the total while the card is awaited', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (status, totalCents, walletCents) => {
        const total = totalCents / 100;
        const wallet = Math.min(walletCents, totalCents) / 100;
        const sums = transactionSums({ status, total }, orderPayments({ status, placedAt: at }, { wallet, qpoints: 0, credit: 0 }, []), []);
        expect(sums.pending_amount).toBeGreaterThanOrEqual(0);
        if (status === 'pending_payment') expect(Math.round((sums.amount_paid + sums.pending_amount) * 100)).toBe(totalCents);
      }),
    );
  });
});
