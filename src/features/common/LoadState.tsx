import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/Skeleton';
import type { ApiData } from './useApiData';

/** Skeleton while loading, the server's message (or a network hint) when a call failed. */
export function LoadState<T>({ state, lines = 4 }: { state: ApiData<T>; lines?: number }) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Skeleton lines={lines} />;
  if (state.status === 'error') {
    return (
      <p className="load-error" role="alert">
        {state.code === 0 ? t('errors:network') : state.message || t('errors:generic')}
      </p>
    );
  }
  return null;
}
