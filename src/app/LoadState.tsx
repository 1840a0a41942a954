import { useTranslation } from 'react-i18next';
import { minutesSince } from '../domain/age';
import { Skeleton } from '../ui/Skeleton';
import { ageText } from './ageText';
import type { ApiData } from './screenData';

/** Skeleton while loading, the server's message (or a network hint) when a call failed, the age of a kept copy. */
export function LoadState<T>({ state, lines = 4 }: { state: ApiData<T>; lines?: number }) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <Skeleton lines={lines} />;
  if (state.status === 'ready') return <DeviceCopyNote state={state} />;
  if (state.status === 'error') {
    return (
      <p className="load-error" role="alert">
        {state.code === 0 ? t('errors:network') : state.message || t('errors:generic')}
      </p>
    );
  }
  return null;
}

/** Says that what shows is the copy this device kept, and how old it is; nothing for fresh data. */
export function DeviceCopyNote<T>({ state }: { state: ApiData<T> }) {
  const { t } = useTranslation('shell');
  const { t: tAge } = useTranslation('facilityBooking');
  if (state.status !== 'ready' || state.savedAt === undefined) return null;
  return (
    <p className="device-copy-note" role="status">
      {t('offline.savedCopy', { age: ageText(tAge, minutesSince(state.savedAt, Date.now())) })}
    </p>
  );
}
