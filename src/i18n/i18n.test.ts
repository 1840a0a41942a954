import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
