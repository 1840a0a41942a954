import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, roundMoney, vatOn, type Money } from './money';

describe('[S0-9.9] formatAmount', () => {
  it.each<[number, string | undefined, string]>([
    [1234.5, undefined, 'AED 1,234.5'],
    [10, undefined, 'AED 10'],
    [0.25, undefined, 'AED 0.25'],
    [0, undefined, 'AED 0'],
    [1234567.891, undefined, 'AED 1,234,567.89'],
    [99.999, undefined, 'AED 100'],
    [10.1, undefined, 'AED 10.1'],
    [-5.5, undefined, 'AED -5.5'],
    [-0.001, undefined, 'AED 0'],
    [Number.NaN, undefined, 'AED 0'],
    [12, 'USD', 'USD 12'],
    [12, '', '12'],
  ])('%s %s → %s', (amount, currency, expected) => {
    expect(formatAmount(amount, currency)).toBe(expected);
  });

  it('writes what Intl.NumberFormat en-US writes (half away from zero on the shortest decimal)', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2, signDisplay: 'negative' });
    const cents = fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000);
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), cents, fc.constantFrom(1.005, 2.675, -0.005, 1e-7, 5e-3, 1e21, 0.045)), (amount) => {
        expect(formatAmount(amount, '')).toBe(intl.format(amount));
      }),
      { numRuns: 2000 },
    );
  });

  it('never shows more than two decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        const text = formatAmount(amount);
        expect(text.startsWith('AED ')).toBe(true);
        const decimals = text.split('.')[1] ?? '';
        expect(decimals.length).toBeLessThanOrEqual(2);
        expect(decimals.endsWith('0')).toBe(false);
      }),
    );
  });
});

describe('roundMoney and vatOn', () => {
  it.each<[number, number]>([
    [0.1 + 0.2, 0.3],
    [1.005, 1],
    [2.675, 2.68],
    [-1.234, -1.23],
    [100, 100],
  ])('roundMoney(%s) = %s', (amount, expected) => {
    expect(roundMoney(amount)).toBe(expected);
  });

  it.each<[number, number]>([
    [100, 5],
    [99.99, 5],
    [12.5, 0.63],
    [0, 0],
  ])('vatOn(%s) = %s at 5%%', (price, expected) => {
    expect(vatOn(price)).toBe(expected);
  });

  it('rounding twice changes nothing, and never moves an amount by more than half a cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (amount) => {
        const once = roundMoney(amount);
        expect(roundMoney(once)).toBe(once);
        expect(Math.abs(once - amount)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('Money', () => {
  it('an amount is Money only once roundMoney or vatOn made it so', () => {
    const price: Money = roundMoney(99.999);
    const tax: Money = vatOn(price);
    expect([price, tax]).toEqual([100, 5]);
    // @ts-expect-error a quantity is not an amount of money
    const quantity: Money = 3;
    expect(quantity).toBe(3);
  });
});
