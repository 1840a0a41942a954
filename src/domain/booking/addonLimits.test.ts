import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDON_DEFAULT_MAX, addonMax, checkAddonQuantity, type AddonStock } from './addonLimits';

describe('add-on limits', () => {
  it('[S1-9.17] the default max is 100', () => {
    expect(ADDON_DEFAULT_MAX).toBe(100);
  });

  it.each<[string, AddonStock, number]>([
    ['inventory off: 100', { inventory_enable: 0, total_stock: 5, sold: 1 }, 100],
    ['inventory on: total minus sales', { inventory_enable: 1, total_stock: 50, sold: 12 }, 38],
    ['inventory on, period T: the total', { inventory_enable: 1, total_stock: 50, sold: 12, inventory_period: 'T' }, 50],
    ['inventory on, another period: total minus sales', { inventory_enable: 1, total_stock: 50, sold: 12, inventory_period: 'D' }, 38],
    ['inventory on, nothing sold yet', { inventory_enable: 1, total_stock: 8, sold: null }, 8],
    ['inventory on, sold out beyond stock: 0', { inventory_enable: 1, total_stock: 5, sold: 9 }, 0],
    ['inventory on, no stock recorded: 0', { inventory_enable: 1 }, 0],
  ])('[S1-5.51] %s', (_label, addon, max) => {
    expect(addonMax(addon)).toBe(max);
  });

  it("[S1-5.51] [S1-8.4] above the max: 'Max quantity {max} reached'", () => {
    expect(checkAddonQuantity({ inventory_enable: 1, total_stock: 10, sold: 7 }, 4)).toEqual({ ok: false, message: { key: 'rules.addonMaxReached', values: { max: 3 } } });
    expect(checkAddonQuantity({ inventory_enable: 0 }, 101)).toEqual({ ok: false, message: { key: 'rules.addonMaxReached', values: { max: 100 } } });
  });

  it('[S1-5.51] up to the max is kept, below 0 clamps to 0', () => {
    expect(checkAddonQuantity({ inventory_enable: 1, total_stock: 10, sold: 7 }, 3)).toEqual({ ok: true, quantity: 3 });
    expect(checkAddonQuantity({ inventory_enable: 0 }, 100)).toEqual({ ok: true, quantity: 100 });
    expect(checkAddonQuantity({ inventory_enable: 0 }, -2)).toEqual({ ok: true, quantity: 0 });
  });

  it('[S1-5.51] the max is never negative and a quantity is accepted exactly when it does not exceed it', () => {
    fc.assert(
      fc.property(
        fc.record({
          inventory_enable: fc.constantFrom<0 | 1>(0, 1),
          total_stock: fc.option(fc.integer({ min: -10, max: 200 })),
          sold: fc.option(fc.integer({ min: -10, max: 200 })),
          inventory_period: fc.option(fc.constantFrom('T', 'D', 'W', '')),
        }),
        fc.integer({ min: -5, max: 300 }),
        (addon, quantity) => {
          const max = addonMax(addon);
          expect(max).toBeGreaterThanOrEqual(0);
          expect(checkAddonQuantity(addon, quantity).ok).toBe(Math.max(0, quantity) <= max);
        },
      ),
    );
  });
});
