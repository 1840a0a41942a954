import { useEffect, useState } from 'react';
import { getTerminalCredential } from '../../services/terminalSettings';
import { useKioskMode } from '../../ui/kiosk';

/**
 * Whether this device is a provisioned kiosk terminal holding a device key, which vouches for the leads it queues
 * offline (so an offline visitor is not asked for a captcha that cannot be fetched). A customer's own browser never is.
 */
export function useTerminalVouching(): boolean {
  const kiosk = useKioskMode();
  const [vouching, setVouching] = useState(false);
  useEffect(() => {
    if (!kiosk) {
      setVouching(false);
      return;
    }
    let current = true;
    void getTerminalCredential().then(
      (credential) => {
        if (current) setVouching(credential !== null);
      },
      () => {
        if (current) setVouching(false);
      },
    );
    return () => {
      current = false;
    };
  }, [kiosk]);
  return vouching;
}
