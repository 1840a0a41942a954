import type { i18n as I18n } from 'i18next';
import type { Lang } from '../domain/lang';
import { createI18nWith, type Resources } from './i18n';

/** Component tests render either language synchronously, so they get every bundle up front. */
const all = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export function createTestI18n(lang: Lang = 'en'): I18n {
  const resources: Resources = {};
  for (const [path, mod] of Object.entries(all)) {
    const [, language, ns] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (language && ns) (resources[language] ??= {})[ns] = mod.default;
  }
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  return createI18nWith(resources, lang);
}
