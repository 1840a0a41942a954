import { useEffect, useState } from 'react';

/** The cart's clock (epoch ms), read every second while `ticking`; for countdowns. */
export function useNow(ticking: boolean, clock: () => number): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (!ticking) return;
    setNow(clock());
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [ticking, clock]);
  return now;
}
