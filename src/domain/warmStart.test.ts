import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { revalidationOutcome, sameData } from './warmStart';

describe('revalidationOutcome', () => {
  const kept = { data: [{ id: 1, name: 'Cup final' }], meta: { page: 1 } };
  it.each([
    ['the same data', { ok: true as const, data: { meta: { page: 1 }, data: [{ name: 'Cup final', id: 1 }] } }, 'unchanged'],
    ['a renamed item', { ok: true as const, data: { data: [{ id: 1, name: 'Cup semi-final' }], meta: { page: 1 } } }, 'changed'],
    ['one item more', { ok: true as const, data: { data: [{ id: 1, name: 'Cup final' }, { id: 2, name: 'Run' }], meta: { page: 1 } } }, 'changed'],
    ['no answer', { ok: false as const, status: 0 }, 'unreachable'],
    ['the item gone', { ok: false as const, status: 404 }, 'refused'],
    ['a server error', { ok: false as const, status: 503 }, 'refused'],
  ])('%s', (_, answer, outcome) => {
    expect(revalidationOutcome(kept, answer)).toBe(outcome);
  });
});

describe('sameData', () => {
  it.each([
    [1, 1, true],
    [1, '1', false],
    [null, null, true],
    [null, {}, false],
    [[], {}, false],
    [[1, 2], [2, 1], false],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: { b: [1, { c: 'x' }] } }, { a: { b: [1, { c: 'y' }] } }, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameData(a, b)).toBe(same);
  });

  it('holds data equal to its JSON copy, and to itself with its keys in another order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(sameData(value, JSON.parse(JSON.stringify(value)))).toBe(true);
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          expect(sameData(value, Object.fromEntries(Object.entries(value).reverse()))).toBe(true);
        }
      }),
    );
  });

  it('tells a changed value apart', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.integer()), fc.string(), (record, key) => {
        expect(sameData(record, { ...record, [key]: (record[key] ?? 0) + 1 })).toBe(false);
      }),
    );
  });
});
