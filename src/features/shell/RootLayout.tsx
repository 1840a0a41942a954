import { useRouterState, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '../../domain/lang';
import { applyLanguage } from '../../i18n/i18n';
import { rememberLanguage } from './languagePreference';
import { ScreenOutlet } from '../../app/ScreenOutlet';

/** Applies the lang query to the whole document and keeps focus sensible across navigations. */
export function RootLayout() {
  const { i18n } = useTranslation();
  const search = useSearch({ strict: false }) as { lang?: string };
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useEffect(() => {
    if (!isLang(search.lang)) return;
    void applyLanguage(i18n, search.lang);
    rememberLanguage(search.lang);
  }, [i18n, search.lang]);

  useEffect(() => {
    // Screen-reader users land on the new page's heading, not on the link they just used.
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && document.activeElement && document.activeElement !== document.body) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  }, [pathname]);

  return <ScreenOutlet />;
}
