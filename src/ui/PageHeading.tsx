import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's one h1, which also names the browser tab. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t]);
  return (
    <header className="page-heading">
      <h1>{title}</h1>
      {children}
    </header>
  );
}
