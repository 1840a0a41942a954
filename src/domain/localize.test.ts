import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localized } from './localize';
import { type Lang } from './lang';

describe('[S0-3.29] localized fields', () => {
  it.each<[Record<string, unknown>, string, Lang, string]>([
    [{ name: 'Pool', ar_name: 'مسبح' }, 'name', 'ar', 'مسبح'],
    [{ name: 'Pool', ar_name: 'مسبح' }, 'name', 'en', 'Pool'],
    [{ name: 'Pool', ar_name: '' }, 'name', 'ar', 'Pool'],
    [{ name: 'Pool', ar_name: '   ' }, 'name', 'ar', 'Pool'],
    [{ name: 'Pool', ar_name: null }, 'name', 'ar', 'Pool'],
    [{ name: 'Pool' }, 'name', 'ar', 'Pool'],
    [{ name: 'Pool', ar_name: 5 }, 'name', 'ar', 'Pool'],
    [{ ar_name: 'مسبح' }, 'name', 'en', ''],
    [{ name: null }, 'name', 'en', ''],
    [{ name: 12 }, 'name', 'en', '12'],
    [{}, 'title', 'ar', ''],
    [{ title: 'T', ar_title: 'ع' }, 'title', 'ar', 'ع'],
  ])('%j / %s / %s → %j', (obj, field, lang, expected) => {
    expect(localized(obj, field, lang)).toBe(expected);
  });

  it('English always reads the base field', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (base, arabic) => {
        expect(localized({ name: base, ar_name: arabic }, 'name', 'en')).toBe(base);
      }),
    );
  });
});
