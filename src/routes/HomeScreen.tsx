import { useSelector } from '@xstate/react';
import { usePortal } from '../app/portal';
import { BookFacilityButton } from '../features/booking/BookFacilityButton';
import { HomePage } from '../features/home/HomePage';
import { LeadSection } from '../features/leads/LeadSection';

/** Features do not import each other: the home page gets the booking and lead entries from here. */
export function HomeScreen() {
  const portal = usePortal();
  const captchaSiteKey = useSelector(portal.shell, (state) => state.context.config?.recaptcha_site_key);
  return <HomePage bookFacility={<BookFacilityButton />} leads={<LeadSection captchaSiteKey={captchaSiteKey} />} />;
}
