import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { facilityBookingMachine, type BookingUser, type FacilityBookingInput } from '../../../machines/facilityBooking';
import { pendingVisitorCount, runningPrice, selectedFacility } from '../../../machines/facilityBookingSelectors';
import { type FacilityBookingActors } from '../../../machines/facilityBookingActors';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast';
import { AddonsStep } from './AddonsStep';
import { type FacilityBookingRef } from './bookingActor';
import { useLanguage } from '../../i18n/useLanguage';
import { noticeText } from './bookingText';
import { FacilityPicker } from './FacilityPicker';
import { LoginRequiredDialog } from './LoginRequiredDialog';
import { ShowMoreTicketsConfirm } from './ShowMoreTicketsConfirm';
import { SlotFilters } from './SlotFilters';
import { SlotGrid } from './SlotGrid';
import { TicketsStep } from './TicketsStep';
import './booking.css';

// The visitors' form comes after the slots are picked: its code loads as the modal opens, not with the modal's own
// code, which the home page fetches at idle on every visit.
const loadVisitorDetailsDialog = () => import('./visitors/VisitorDetailsDialog');
const VisitorDetailsDialog = lazy(() => loadVisitorDetailsDialog().then((module) => ({ default: module.VisitorDetailsDialog })));

export interface FacilityBookingViewProps {
  /** Whether the booking modal is wanted; the machine may still send the visitor to login instead (is_baps). */
  open: boolean;
  /** A service to preselect (the /service/{id} route). */
  serviceId?: number | null;
  input: FacilityBookingInput;
  actors: FacilityBookingActors;
  user: BookingUser;
  currency: string;
  imageBase: string;
  /** The machine has closed (Close, Confirm No, or after a redirect). */
  onClose: () => void;
  /** Go to /login?nextUrl=… (is_baps without a login, or 'Please Login!'). */
  onLogin: () => void;
  /** is_baps: a ticket was added; go to the cart. */
  onCart: () => void;
}

/** The facility booking modal, driven by the booking machine; routing and the real calls come in as props. */
export function FacilityBookingView({ open, serviceId, input, actors, user, currency, imageBase, onClose, onLogin, onCart }: FacilityBookingViewProps) {
  const { t } = useTranslation('facilityBooking');
  const [machine] = useState(() => facilityBookingMachine.provide({ actors }));
  const booking = useActorRef(machine, { input });
  const isOpen = useSelector(booking, (state) => state.matches('open'));
  const notice = useSelector(booking, (state) => state.context.notice);
  const callbacks = useRef({ onClose, onLogin, onCart });
  useEffect(() => {
    callbacks.current = { onClose, onLogin, onCart };
  });

  // Leaving for login or the cart, and closing, are the parent's to carry out. Subscribed before 'modal.open' is sent.
  // Layout effects, here and below: the dialog opens in the frame of the render that asks for it, not a frame later.
  useLayoutEffect(() => {
    const subscriptions = [
      booking.on('navigate.login', () => {
        callbacks.current.onLogin();
        booking.send({ type: 'redirect.done' });
      }),
      booking.on('navigate.cart', () => {
        callbacks.current.onCart();
        booking.send({ type: 'redirect.done' });
      }),
      booking.on('modal.closed', () => callbacks.current.onClose()),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [booking]);

  useLayoutEffect(() => {
    booking.send({ type: 'user.change', user });
  }, [booking, user]);

  useLayoutEffect(() => {
    const state = booking.getSnapshot();
    if (open) void loadVisitorDetailsDialog();
    if (open && state.matches('closed')) booking.send({ type: 'modal.open', serviceId: serviceId ?? null });
    if (!open && state.matches('open')) booking.send({ type: 'modal.close' });
  }, [booking, open, serviceId]);

  useEffect(() => {
    if (!notice) return;
    const text = noticeText(t, notice.message);
    if (notice.kind === 'error') toast.error(text);
    else toast.success(text);
  }, [notice, t]);

  return (
    <Dialog
      open={isOpen}
      size="full"
      title={t('title')}
      onClose={() => booking.send({ type: 'modal.close' })}
      className="booking-dialog"
      actions={isOpen ? <BookingFooter booking={booking} currency={currency} /> : null}
    >
      {isOpen ? <BookingBody booking={booking} currency={currency} imageBase={imageBase} /> : null}
    </Dialog>
  );
}

type Step = 'slot' | 'tickets' | 'addons';

function useStep(booking: FacilityBookingRef): Step {
  return useSelector(booking, (state) => {
    if (state.matches({ open: 'step2' })) return 'tickets';
    if (state.matches({ open: 'step3' })) return 'addons';
    if (state.matches({ open: 'confirm' })) return state.context.products && state.context.products.products.length > 0 ? 'tickets' : 'addons';
    return 'slot';
  });
}

function StepIndicator({ booking }: { booking: FacilityBookingRef }) {
  const { t } = useTranslation('facilityBooking');
  const step = useStep(booking);
  const perCapacity = useSelector(booking, (state) => selectedFacility(state.context)?.per_capacity === 1);
  const steps: Step[] = perCapacity ? ['slot', 'tickets', 'addons'] : ['slot', 'addons'];
  const current = Math.max(0, steps.indexOf(step));
  return (
    <nav className="booking-steps" aria-label={t('steps.label')}>
      <p className="booking-steps-count">{t('steps.current', { current: current + 1, total: steps.length })}</p>
      <ol>
        {steps.map((each, index) => (
          <li key={each} aria-current={index === current ? 'step' : undefined} className={index === current ? 'is-current' : undefined}>
            {t(`steps.${each}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function BookingBody({ booking, currency, imageBase }: { booking: FacilityBookingRef; currency: string; imageBase: string }) {
  const { t } = useTranslation('facilityBooking');
  const step = useStep(booking);
  const phase = useSelector(booking, (state) =>
    state.matches({ open: 'loadingServices' }) ? 'loading' : state.matches({ open: 'servicesFailed' }) ? 'failed' : state.matches({ open: 'noServices' }) ? 'none' : 'ready',
  );
  const showImages = useSelector(booking, (state) => state.context.config.show_facility_image === 1);
  const confirming = useSelector(booking, (state) => state.matches({ open: 'confirm' }));
  const loginRequired = useSelector(booking, (state) => state.matches({ open: { step2: 'loginRequired' } }));

  if (phase === 'loading') return <Skeleton lines={4} height="var(--target-min)" />;
  if (phase === 'failed') {
    return (
      <div className="booking-step">
        <p className="booking-empty">{t('services.failed')}</p>
        <Button variant="secondary" onClick={() => booking.send({ type: 'services.retry' })}>
          {t('services.retry')}
        </Button>
      </div>
    );
  }
  if (phase === 'none') return <p className="booking-empty">{t('services.none')}</p>;
  return (
    <>
      <StepIndicator booking={booking} />
      {step === 'slot' ? (
        <div className="booking-step">
          <SlotFilters booking={booking} />
          <SlotGrid booking={booking} />
          <FacilityPicker booking={booking} showImages={showImages} imageBase={imageBase} currency={currency} />
        </div>
      ) : step === 'tickets' ? (
        <TicketsStep booking={booking} currency={currency} imageBase={imageBase} />
      ) : (
        <AddonsStep booking={booking} currency={currency} imageBase={imageBase} />
      )}
      <VisitorDetails booking={booking} />
      <LoginRequiredDialog
        open={loginRequired}
        onLogin={() => booking.send({ type: 'login.go' })}
        onClose={() => booking.send({ type: 'loginRequired.close' })}
      />
      <ShowMoreTicketsConfirm open={confirming} onYes={() => booking.send({ type: 'confirm.yes' })} onNo={() => booking.send({ type: 'confirm.no' })} />
    </>
  );
}

function VisitorDetails({ booking }: { booking: FacilityBookingRef }) {
  const lang = useLanguage();
  const details = useSelector(booking, (state) => {
    if (!state.matches({ open: { step2: 'visitorDetails' } })) return null;
    const { context } = state;
    const facility = context.products?.facility ?? selectedFacility(context);
    return {
      facilityName: facility ? localized(facility, 'name', lang) : '',
      serviceId: context.serviceId ?? 0,
      visitorCount: pendingVisitorCount(context),
      bookingDate: context.date,
    };
  }, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  if (!details) return null;
  return (
    <Suspense fallback={null}>
      <VisitorDetailsDialog
        {...details}
        onSubmit={(entries) => booking.send({ type: 'visitors.submit', entries })}
        onClose={() => booking.send({ type: 'visitors.close' })}
      />
    </Suspense>
  );
}

function BookingFooter({ booking, currency }: { booking: FacilityBookingRef; currency: string }) {
  const { t } = useTranslation('facilityBooking');
  const step = useStep(booking);
  const canContinue = useSelector(booking, (state) => state.can({ type: 'booking.continue' }));
  const continuing = useSelector(booking, (state) => state.matches({ open: 'addingDefaults' }));
  const price = useSelector(booking, (state) => runningPrice(state.context));
  const isBaps = useSelector(booking, (state) => state.context.config.is_baps === 1);
  const busy = useSelector(booking, (state) => state.hasTag('pending'));
  const canProceed = useSelector(booking, (state) => state.can({ type: 'booking.proceed' }));
  const canFinishAddons = useSelector(booking, (state) => state.can({ type: 'addons.done' }));
  const inSteps = useSelector(booking, (state) => state.matches({ open: 'step1' }) || state.matches({ open: 'addingDefaults' }) || state.matches({ open: 'step2' }) || state.matches({ open: 'step3' }));
  if (!inSteps) return null;

  if (step === 'slot') {
    return (
      <div className="booking-footer">
        {price !== null ? (
          <p className="booking-price" dir="ltr">
            {t('footer.price', { price: formatAmount(price, currency) })}
          </p>
        ) : null}
        <Button size="lg" disabled={!canContinue} pending={continuing} onClick={() => booking.send({ type: 'booking.continue' })}>
          {t('footer.continue')}
        </Button>
      </div>
    );
  }
  if (step === 'tickets') {
    return (
      <div className="booking-footer">
        <Button variant="secondary" size="lg" disabled={busy} onClick={() => booking.send({ type: 'step.back' })}>
          {t('tickets.goBack')}
        </Button>
        {isBaps ? null : (
          <Button size="lg" disabled={!canProceed} onClick={() => booking.send({ type: 'booking.proceed' })}>
            {t('tickets.proceed')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="booking-footer">
      <Button size="lg" disabled={!canFinishAddons} onClick={() => booking.send({ type: 'addons.done' })}>
        {t('addons.done')}
      </Button>
    </div>
  );
}
