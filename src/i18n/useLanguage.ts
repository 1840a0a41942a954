import { useTranslation } from 'react-i18next';
import { langOf, type Lang } from '../domain/lang';

/** The language the screen speaks; a change of language renders the caller again. */
export function useLanguage(): Lang {
  const { i18n } = useTranslation();
  return langOf(i18n.language);
}
