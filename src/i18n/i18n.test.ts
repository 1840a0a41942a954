import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, stringsFor, withStrings } from './i18n';

const bundle = (lang: string, namespace: string) => JSON.parse(readFileSync(new URL(`./locales/${lang}/${namespace}.json`, import.meta.url), 'utf8')) as unknown;

describe('strings per namespace', () => {
  it('loads each namespace a screen asks for from its own chunk, and never again one the server embedded in the page', async () => {
    const i18n = createI18n();
    const embedded = { fromThePage: 'كما في الصفحة' };
    i18n.addResourceBundle('ar', 'catalogue', embedded, true, false);
    await i18n.changeLanguage('ar');
    await stringsFor(['catalogue', 'offers']);
    expect(i18n.getResourceBundle('ar', 'catalogue')).toEqual(embedded);
    expect(i18n.getResourceBundle('ar', 'offers')).toEqual(bundle('ar', 'offers'));
    // Only what was asked for: the rest of the language stays on the server.
    expect(i18n.hasResourceBundle('ar', 'profile')).toBe(false);
    expect(i18n.hasResourceBundle('ar', 'wallet')).toBe(false);
  });

  it('a lazily loaded dialog is ready only with its strings', async () => {
    const i18n = createI18n();
    const load = withStrings(['wallet'], async () => ({ dialog: 'module' }));
    expect(i18n.hasResourceBundle('en', 'wallet')).toBe(false);
    expect(await load()).toEqual({ dialog: 'module' });
    expect(i18n.getResourceBundle('en', 'wallet')).toEqual(bundle('en', 'wallet'));
  });

  it('a key of a namespace nobody loaded shows nothing (never the key), says so, loads it and tells the screens to render again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const i18n = createI18n();
      await i18n.changeLanguage('ar');
      // Another namespace's load may end first (the language change's own): wait for the one this key asked for.
      const loaded = new Promise<void>((resolve) =>
        i18n.on('loaded', () => {
          if (i18n.hasResourceBundle('ar', 'booking')) resolve();
        }),
      );
      expect(i18n.t('booking:rules.capacityExceeded', { remaining: 2 })).toBe('');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('booking:rules.capacityExceeded'));
      await loaded;
      const words = i18n.t('booking:rules.capacityExceeded', { remaining: 2 });
      expect(words).not.toBe('');
      expect(words).not.toContain('rules.');
      expect(i18n.hasResourceBundle('ar', 'booking')).toBe(true);
      // A key missing from a namespace that is there is a bug of its own: it shows as itself, for i18n:check to find.
      expect(i18n.t('booking:no.such.key')).toBe('no.such.key');
      // A caller's own fallback still wins, loaded or not (a refusal the server worded).
      expect(i18n.t('checkout:no.such.key', { defaultValue: 'As the server said' })).toBe('As the server said');
    } finally {
      warn.mockRestore();
    }
  });
});
