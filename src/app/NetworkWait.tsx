import { useTranslation } from 'react-i18next';
import { useOnline } from './useOnline';

/**
 * Beside an action that needs the venue (sign in, pay): without a network it says the action waits for it. The API
 * client holds such a call until the network returns and then sends it, so nothing has to be pressed again.
 */
export function NetworkWait() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <p className="network-wait" role="status">
      {t('offline.waiting')}
    </p>
  );
}
