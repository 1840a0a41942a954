import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { PageHeading } from '../common/PageHeading';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <div className="container page">
      <PageHeading title={t('routeError.title')} />
      <p>{t('routeError.message')}</p>
      <Button size="lg" onClick={() => void router.invalidate()}>
        {t('shell.retry')}
      </Button>
    </div>
  );
}
