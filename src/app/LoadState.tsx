import { useTranslation } from 'react-i18next';
import { minutesSince } from '../domain/age';
import { ageText } from './ageText';
import type { ApiData } from './screenData';

/** The server's message (or a network hint) when a call failed, or the age of a kept copy. */
export function LoadState<T>({ state }: { state: ApiData<T> }) {
  const { t } = useTranslation();
  if (state.status === 'ready') return <DeviceCopyNote state={state} />;
  return (
    <p className="load-error" role="alert">
      {state.code === 0 ? t('errors:network') : state.message || t('errors:generic')}
    </p>
  );
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
