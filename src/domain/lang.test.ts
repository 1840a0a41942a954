import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_LANG, LANGUAGES, directionOf, isLang } from './lang';

describe('lang', () => {
  it('[S0-9.3] [S0-9.4] English is the default and Arabic is available', () => {
    expect(DEFAULT_LANG).toBe('en');
    expect(LANGUAGES).toEqual([
      { code: 'en', rtl: false, label: 'English' },
      { code: 'ar', rtl: true, label: 'العربية' },
    ]);
  });

  it.each([
    ['en', true],
    ['ar', true],
    ['EN', false],
    ['fr', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
    [{ code: 'en' }, false],
  ])('[S0-5.42] isLang(%j) is %s', (value, expected) => {
    expect(isLang(value)).toBe(expected);
  });

  it.each([
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const)('Arabic is right-to-left: directionOf(%s) is %s', (lang, direction) => {
    expect(directionOf(lang)).toBe(direction);
  });

  it('accepts only the listed language codes', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isLang(s)).toBe(s === 'en' || s === 'ar');
      }),
    );
  });
});
