import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="container page not-found">
      <p className="not-found-code" aria-hidden="true">404</p>
      <PageHeading title={t('notFound.title')} />
      <p>{t('notFound.message')}</p>
      <Link to="/" className={buttonClass('primary', 'lg')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
