import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { type BookingUser, type FacilityBookingInput, type VenueNow } from '../../../machines/facilityBooking';
import { slotGraceMinutes } from '../../domain/booking/slotRules';
import { type SiteConfig } from '../../domain/contract/config';
import { DATE_FORMATS, dayjs } from '../../domain/dates';
import { userKinds, type User } from '../../domain/session';
import { ensureCartSessionId } from '../../services/cartSession';
import { createFacilityBookingActors } from '../../services/facilityBooking';
import { usePortal } from '../shell/portal';
import { FacilityBookingView } from './FacilityBookingView';

export interface FacilityBookingModalProps {
  open: boolean;
  /** A service to preselect (the /service/{id} route). */
  serviceId?: number | null;
  onClose: () => void;
}

/** The venue's date and time now, in its own time zone. */
export function venueClock(timeZone: string): () => VenueNow {
  return () => {
    const now = dayjs().tz(timeZone);
    return { today: now.format(DATE_FORMATS.date), time: now.format(DATE_FORMATS.time24), epochMs: now.valueOf() };
  };
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

/** The booking modal with the portal's config, session, calls and routes. Loaded lazily by BookFacilityButton. */
export function FacilityBookingModal({ open, serviceId = null, onClose }: FacilityBookingModalProps) {
  const { api, shell, session, host } = usePortal();
  const navigate = useNavigate();
  const config = useSelector(shell, (state) => state.context.config);
  const sessionUser = useSelector(session, (state) => state.context.user);
  const user = useMemo(() => bookingUser(sessionUser), [sessionUser]);
  const [setup] = useState(() =>
    config
      ? {
          input: bookingInput(config, user, host, serviceId),
          actors: createFacilityBookingActors(api, { holdsLines: config.allow_facility_items_reservation === 1 }),
        }
      : null,
  );
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
