import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { type BookingUser, type FacilityBookingInput, type VenueNow } from '../../../machines/facilityBooking';
import { type FacilityBookingActors } from '../../../machines/facilityBookingActors';
import { type ApiClient } from '../../api/client';
import { slotGraceMinutes } from '../../domain/booking/slotRules';
import { type SiteConfig } from '../../domain/contract/config';
import { venueNow } from '../../domain/venueTime';
import { userKinds, type User } from '../../domain/session';
import { ensureCartSessionId } from '../../services/cartSession';
import { loadCustomerThreshold } from '../../services/customerThreshold';
import { createFacilityBookingActors } from '../../services/facilityBooking';
import { usePortal } from '../../app/portal';
import { FacilityBookingView } from './FacilityBookingView';

export interface FacilityBookingModalProps {
  open: boolean;
  /** A service to preselect (the /service/{id} route). */
  serviceId?: number | null;
  onClose: () => void;
}

/** The venue's date and time now, in its own time zone. */
export function venueClock(timeZone: string): () => VenueNow {
  return () => venueNow(timeZone, new Date());
}

export function bookingUser(user: User | null): BookingUser {
  const kinds = userKinds(user);
  return { loggedIn: user !== null, isGuest: kinds.guest, kind: kinds.partner ? 'Partner' : kinds.member ? 'Member' : 'B2C' };
}

function bookingInput(config: SiteConfig, user: BookingUser, host: string, serviceId: number | null): FacilityBookingInput {
  return {
    config,
    user,
    serviceId,
    sessionId: ensureCartSessionId(),
    graceMinutes: slotGraceMinutes(host, config.extended_slot_grace_host ? [config.extended_slot_grace_host] : []),
    now: venueClock(config.time_zone),
    newGroupId: () => crypto.randomUUID(),
  };
}

/**
 * is_baps caps participants per session with the threshold of /facilities/customer-configurations; undefined while
 * it is being read. Other venues have no cap and make no call.
 */
function useBapsThreshold(config: SiteConfig | null): number | null | undefined {
  const { api } = usePortal();
  const baps = config?.is_baps === 1;
  const [threshold, setThreshold] = useState<number | null | undefined>(baps ? undefined : null);
  useEffect(() => {
    if (!baps) return;
    let live = true;
    void loadCustomerThreshold(api).then((value) => {
      if (live) setThreshold(value);
    });
    return () => {
      live = false;
    };
  }, [api, baps]);
  return baps ? threshold : null;
}

type BookingSetup = { input: FacilityBookingInput; actors: FacilityBookingActors };

function bookingSetup(api: ApiClient, config: SiteConfig, threshold: number | null, user: BookingUser, host: string, serviceId: number | null): BookingSetup {
  return {
    input: bookingInput({ ...config, customer_threshold: threshold }, user, host, serviceId),
    actors: createFacilityBookingActors(api, { holdsLines: config.allow_facility_items_reservation === 1, holdPlacesLimit: config.cart_hold_places_per_session }),
  };
}

/** The booking modal with the portal's config, session, calls and routes. Loaded lazily by BookFacilityButton. */
export function FacilityBookingModal({ open, serviceId = null, onClose }: FacilityBookingModalProps) {
  const { api, shell, session, host } = usePortal();
  const navigate = useNavigate();
  const config = useSelector(shell, (state) => state.context.config);
  const sessionUser = useSelector(session, (state) => state.context.user);
  const user = useMemo(() => bookingUser(sessionUser), [sessionUser]);
  const threshold = useBapsThreshold(config);
  // Set up in the first render when everything is at hand, so the dialog shows in the frame of the tap; a venue
  // whose threshold is still being read sets up once it arrives.
  const [setup, setSetup] = useState(() => (config && threshold !== undefined ? bookingSetup(api, config, threshold, user, host, serviceId) : null));
  useEffect(() => {
    if (setup || !config || threshold === undefined) return;
    setSetup(bookingSetup(api, config, threshold, user, host, serviceId));
  }, [setup, config, threshold, user, host, serviceId, api]);
  if (!config || !setup) return null;
  return (
    <FacilityBookingView
      open={open}
      serviceId={serviceId}
      input={setup.input}
      actors={setup.actors}
      user={user}
      currency={config.currency}
      imageBase={config.image_base_url}
      onClose={onClose}
      onLogin={() => void navigate({ to: '/login', search: { nextUrl: `${window.location.pathname}${window.location.search}` } })}
      onCart={() => void navigate({ to: '/cart' })}
    />
  );
}

export default FacilityBookingModal;
