import { describe, expect, it } from 'vitest';
import { CatalogueCache, catalogueKey, type CatalogueKind } from './catalogueCache';

function cacheAt(ttlMs: number) {
  const clock = { ms: 0 };
  return { cache: new CatalogueCache(ttlMs, () => clock.ms), clock };
}

describe('CatalogueCache', () => {
  it('answers a kept read until its time is up, then reads again', async () => {
    const { cache, clock } = cacheAt(1_000);
    let reads = 0;
    const load = async () => ({ price: 10 + reads++ });
    expect(await cache.read('event:1', load)).toEqual({ price: 10 });
    clock.ms = 999;
    expect(await cache.read('event:1', load)).toEqual({ price: 10 });
    expect(await cache.read('event:2', load)).toEqual({ price: 11 });
    clock.ms = 1_000;
    expect(await cache.read('event:1', load)).toEqual({ price: 12 });
    expect(reads).toBe(3);
  });

  it('keeps no failed read: the next caller asks again', async () => {
    const { cache } = cacheAt(1_000);
    await expect(cache.read('facility:9', () => Promise.reject(new Error('Item not found')))).rejects.toThrow('Item not found');
    expect(await cache.read('facility:9', async () => 'found now')).toBe('found now');
  });

  it('shares answers deeply frozen, so no caller can change the next one’s', async () => {
    const { cache } = cacheAt(1_000);
    const rows = await cache.read('events', async () => new Map([[1, { schedules: [{ start_time: '10:00' }] }]]));
    expect(() => {
      (rows.get(1)?.schedules as { start_time: string }[]).push({ start_time: '11:00' });
    }).toThrow(TypeError);
    expect(Object.isFrozen(rows.get(1)?.schedules[0])).toBe(true);
  });

  it('forgets everything when this process changes the catalogue', async () => {
    const { cache } = cacheAt(60_000);
    await cache.read('order-settings:1', async () => 'redirect');
    cache.forget();
    expect(await cache.read('order-settings:1', async () => 'form_post')).toBe('form_post');
  });
});

describe('catalogueKey', () => {
  const cases: { name: string; a: [CatalogueKind, number, number[]?]; b: [CatalogueKind, number, number[]?]; same: boolean }[] = [
    { name: 'one set in any order', a: ['events', 1, [3, 1, 2]], b: ['events', 1, [2, 3, 1]], same: true },
    { name: 'one set with repeats', a: ['relatives', 1, [5, 5, 4]], b: ['relatives', 1, [4, 5]], same: true },
    { name: 'ids in number order, not text order', a: ['events', 1, [10, 9]], b: ['events', 1, [9, 10]], same: true },
    { name: 'no ids and an empty list', a: ['order-settings', 1], b: ['order-settings', 1, []], same: true },
    { name: 'another set', a: ['events', 1, [1, 2]], b: ['events', 1, [1, 2, 3]], same: false },
    { name: 'another venue', a: ['facility', 1, [7]], b: ['facility', 2, [7]], same: false },
    { name: 'another kind of the same id', a: ['facility', 1, [7]], b: ['service', 1, [7]], same: false },
    { name: 'ids that would join into one another', a: ['events', 1, [12]], b: ['events', 1, [1, 2]], same: false },
  ];
  it.each(cases)('$name', ({ a, b, same }) => {
    expect(catalogueKey(...a) === catalogueKey(...b)).toBe(same);
  });
});
