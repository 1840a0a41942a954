import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MINUTE_MS, minutesSince } from '../../domain/age';
import { ageText } from '../../app/ageText';
import { useOnline } from '../../app/useOnline';
import { usePortal } from '../../app/portal';

/** Ticks once a minute while shown, so a saved-information age stays true. */
function useMinuteClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** Without a network: says so, and how old the venue information on screen is when it came from the device. */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const { t: tAge } = useTranslation('facilityBooking');
  const portal = usePortal();
  const online = useOnline();
  const savedAt = useSelector(portal.shell, (state) => (state.context.configSource === 'cache' ? state.context.configSavedAt : null));
  const now = useMinuteClock(!online);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <p>{t('offline.banner')}</p>
      {savedAt !== null ? <p>{t('offline.savedAt', { age: ageText(tAge, minutesSince(savedAt, now)) })}</p> : null}
    </div>
  );
}
