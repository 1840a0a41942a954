import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '../../domain/localize';
import { Button } from '../../ui/Button';
import { usePortal } from '../../app/portal';
import { useLanguage } from '../../i18n/useLanguage';
import { withStrings } from '../../i18n/i18n';
import { whenIdle } from '../../app/whenIdle';
import { preloadable } from '../../app/preloadable';

/** What the modal and its visitors' form show: its own words, rule messages, form checks, the cart's refusals. */
const BOOKING_MODAL_NAMESPACES = ['facilityBooking', 'booking', 'visitors', 'validation', 'account', 'cart', 'pages'] as const;

// The modal, its machine, its calls and its strings load once the page is idle, so the home page's first JavaScript
// stays small; it waits there closed, so a tap opens it in the same frame. Preloadable: the service page's opens on
// mount, so the server renders it and the client loads it before hydrating that page.
const FacilityBookingModal = preloadable(
  'src/features/booking/FacilityBookingModal.tsx',
  withStrings(BOOKING_MODAL_NAMESPACES, () => import('./FacilityBookingModal').then((module) => module.default)),
);

export interface BookFacilityButtonProps {
  /** Preselects a service (the /service/{id} route). */
  serviceId?: number | null;
  /** Opens the modal as soon as the page shows (the /service/{id} route). */
  openOnMount?: boolean;
  className?: string;
}

/**
 * 'Book a Facility' (or facility_button_label / ar_facility_button_label), shown only when enable_facility_booking
 * is set; it opens the facility booking modal.
 */
export function BookFacilityButton({ serviceId = null, openOnMount = false, className }: BookFacilityButtonProps) {
  const { t } = useTranslation('facilityBooking');
  const lang = useLanguage();
  const { shell, cart } = usePortal();
  const config = useSelector(shell, (state) => state.context.config);
  const [open, setOpen] = useState(openOnMount);
  const [loaded, setLoaded] = useState(openOnMount);
  const enabled = config?.enable_facility_booking === 1;
  useEffect(() => (enabled ? whenIdle(() => setLoaded(true)) : undefined), [enabled]);
  // The modal puts its lines in the cart: a first visit's cart starts when the visitor begins a booking.
  useEffect(() => {
    if (open) void cart.actor();
  }, [open, cart]);
  if (!config || !enabled) return null;
  const label = localized(config, 'facility_button_label', lang).trim() || t('button');
  return (
    <>
      <Button
        size="lg"
        className={className}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <FacilityBookingModal open={open} serviceId={serviceId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
