import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { connectivity } from '../../services/apiInstance';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';

export function RouteErrorPage({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  const router = useRouter();
  const offline = !connectivity.online || (error as { status?: unknown } | undefined)?.status === 0;
  return (
    <div className="container page">
      <PageHeading title={t('routeError.title')} />
      <p role="alert">{offline ? t('errors:network') : t('routeError.message')}</p>
      <Button size="lg" onClick={() => void router.invalidate()}>
        {t('shell.retry')}
      </Button>
    </div>
  );
}
