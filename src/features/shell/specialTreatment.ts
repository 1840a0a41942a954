import { useEffect, useState } from 'react';
import { nextSpecialTreatment } from '../../domain/specialTreatment';

const KEY = 'portal.specialTreatment';

function stored(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The special brand mode is kept for the browser session; a request without `journey` keeps it as it is. */
export function useSpecialTreatment(cfg: { host: string; journey: string } | null, host: string, journey: string | null): boolean {
  const [active, setActive] = useState(() => nextSpecialTreatment(stored(), host, journey, cfg));
  useEffect(() => {
    const next = nextSpecialTreatment(stored(), host, journey, cfg);
    setActive(next);
    try {
      sessionStorage.setItem(KEY, next ? '1' : '0');
    } catch {
      // Without session storage the mode lasts for this page only.
    }
  }, [cfg, host, journey]);
  return active;
}
