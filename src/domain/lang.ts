export type Lang = 'en' | 'ar';

export const DEFAULT_LANG: Lang = 'en';

/** Each label is written in its own language so a reader of either can find theirs. */
export const LANGUAGES: { code: Lang; rtl: boolean; label: string }[] = [
  { code: 'en', rtl: false, label: 'English' },
  { code: 'ar', rtl: true, label: 'العربية' },
];

export function isLang(v: unknown): v is Lang {
  return LANGUAGES.some((language) => language.code === v);
}

export function directionOf(lang: Lang): 'ltr' | 'rtl' {
  return LANGUAGES.find((language) => language.code === lang)?.rtl ? 'rtl' : 'ltr';
}

/** The language of a translation instance, or the default when it is not one the portal speaks. */
export function langOf(language: string): Lang {
  return isLang(language) ? language : DEFAULT_LANG;
}
