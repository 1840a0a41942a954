import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePortal } from '../app/portal';
import { BookFacilityButton } from '../features/booking/BookFacilityButton';
import { HomePage } from '../features/home/HomePage';
import { afterFirstScreen } from '../services/database';

// The lead form section sits last on the page and opens its dialog by itself once the venue's form has loaded: its
// machine and calls load after the first screen, keeping them out of the JavaScript the home page needs to start.
const LeadSection = lazy(() => import('../features/leads/LeadSection').then((module) => ({ default: module.LeadSection })));

/** Features do not import each other: the home page gets the booking and lead entries from here. */
export function HomeScreen() {
  const portal = usePortal();
  const captchaSiteKey = useSelector(portal.shell, (state) => state.context.config?.recaptcha_site_key);
  const [firstScreenShown, setFirstScreenShown] = useState(false);
  useEffect(() => {
    let current = true;
    void afterFirstScreen().then(() => {
      if (current) setFirstScreenShown(true);
    });
    return () => {
      current = false;
    };
  }, []);
  const leads = firstScreenShown ? (
    <Suspense fallback={null}>
      <LeadSection captchaSiteKey={captchaSiteKey} />
    </Suspense>
  ) : null;
  return <HomePage bookFacility={<BookFacilityButton />} leads={leads} />;
}
