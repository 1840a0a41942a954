import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, directionOf, isLang, type Lang } from '../domain/lang';

type Bundle = { default: Record<string, unknown> };

/** English is the fallback of every key, so it ships with the first screen; Arabic arrives when it is chosen. */
const english = import.meta.glob<Bundle>('./locales/en/*.json', { eager: true });
const arabic = import.meta.glob<Bundle>('./locales/ar/*.json');

function namespaceOf(path: string): string {
  return /\/(\w+)\.json$/.exec(path)?.[1] ?? 'common';
}

function englishResources() {
  return { en: Object.fromEntries(Object.entries(english).map(([path, mod]) => [namespaceOf(path), mod.default])) };
}

/** Adds a language's strings before switching to it; the service worker precaches them for offline starts. */
async function ensureLanguage(instance: I18n, lang: Lang): Promise<void> {
  if (lang === 'en' || instance.hasResourceBundle(lang, 'common')) return;
  const bundles = await Promise.all(Object.entries(arabic).map(async ([path, load]) => [namespaceOf(path), (await load()).default] as const));
  for (const [ns, strings] of bundles) instance.addResourceBundle(lang, ns, strings, true, true);
}

export const NAMESPACES = ['common', 'ui', 'shell', 'pages', 'errors', 'validation', 'account', 'booking', 'visitors', 'facilityBooking', 'cart', 'checkout', 'catalogue', 'offers', 'kiosk', 'kioskVisitor', 'leads'] as const;

export type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** Starts in English; `applyLanguage` switches to the visitor's language once its strings are loaded. */
export function createI18n(): I18n {
  return createI18nWith(englishResources(), DEFAULT_LANG);
}

export function createI18nWith(resources: Resources, lang: Lang): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    partialBundledLanguages: true,
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
  await ensureLanguage(instance, next);
  if (instance.language !== next) await instance.changeLanguage(next);
  document.documentElement.lang = next;
  document.documentElement.dir = directionOf(next);
  return next;
}
