import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, directionOf, isLang, type Lang } from '../domain/lang';

/** Every namespace file under locales/<lang>/<namespace>.json, bundled so the app needs no network to translate. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

function resources() {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(files)) {
    const match = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match as unknown as [string, string, string];
    (out[lang] ??= {})[ns] = mod.default;
  }
  return out;
}

export const NAMESPACES = ['common', 'ui', 'shell', 'pages', 'errors'] as const;

export function createI18n(lang: Lang = DEFAULT_LANG): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: resources(),
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ar'],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A missing key is a bug: shout in development and tests, fall back quietly in production.
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: (lngs, ns, key) => {
      if (import.meta.env.DEV) console.error(`i18n: missing key ${ns}:${key} for ${lngs.join(',')}`);
    },
  });
  return instance;
}

/** Sets the language and mirrors the document for right-to-left languages. */
export async function applyLanguage(instance: I18n, lang: string): Promise<Lang> {
  const next: Lang = isLang(lang) ? lang : DEFAULT_LANG;
  if (instance.language !== next) await instance.changeLanguage(next);
  document.documentElement.lang = next;
  document.documentElement.dir = directionOf(next);
  return next;
}
