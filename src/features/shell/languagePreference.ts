import { isLang, type Lang } from '../../domain/lang';

const KEY = 'portal.lang';

export function rememberLanguage(lang: Lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Private mode or a full disk: the preference simply is not kept.
  }
}

/** The lang query wins, then the terminal's default language, then what this browser chose last time. */
export function initialLanguage(query: string | null, terminalDefault: Lang | null): Lang {
  if (isLang(query)) return query;
  if (terminalDefault) return terminalDefault;
  try {
    const stored = localStorage.getItem(KEY);
    if (isLang(stored)) return stored;
  } catch {
    // Fall through to English.
  }
  return 'en';
}
