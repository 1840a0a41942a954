import { useActorRef } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelBookingMachine } from '../../../machines/cancelBooking';
import { type CancelActors, type RescheduleActors } from '../../../machines/bookingActionActors';
import { rescheduleBookingMachine } from '../../../machines/rescheduleBooking';
import { usePortal } from '../../app/portal';
import { useSiteConfig } from '../../app/account/useAccountSession';
import { ACTION_KINDS, actionRefusal, listItemFacts, type BookingAction } from '../../domain/bookingActions/eligibility';
import { type BookingListItem } from '../../domain/contract/bookings';
import { localized } from '../../domain/localize';
import { useLanguage } from '../../i18n/useLanguage';
import { bookingActionActors } from '../../services/bookingActions';
import { Button } from '../../ui/Button';
import { CancelDialog } from './CancelDialog';
import { RescheduleDialog } from './RescheduleDialog';
import './bookingActions.css';

/** Cancel and Reschedule of one booking, for its row in a booking list and for its details page. */
export function BookingActions({ booking }: { booking: BookingListItem }) {
  const { api } = usePortal();
  const router = useRouter();
  const config = useSiteConfig();
  const [actors] = useState(() => bookingActionActors(api));
  return <BookingActionsView booking={booking} actors={actors} timeZone={config.time_zone} newKey={() => crypto.randomUUID()} onChanged={() => void router.invalidate()} />;
}

export interface BookingActionsViewProps {
  booking: BookingListItem;
  actors: CancelActors & RescheduleActors;
  /** The venue's: cancel deadlines are shown on its clock. */
  timeZone: string;
  newKey: () => string;
  /** A booking changed: the screen reloads its data. */
  onChanged: () => void;
}

/** The buttons (each saying why when it cannot be used) and their dialogs, driven by the cancel and reschedule machines. */
export function BookingActionsView({ booking, actors, timeZone, newKey, onChanged }: BookingActionsViewProps) {
  const { t } = useTranslation('bookingActions');
  const lang = useLanguage();
  const reasonId = useId();
  const [cancelLogic] = useState(() => cancelBookingMachine.provide({ actors }));
  const [rescheduleLogic] = useState(() => rescheduleBookingMachine.provide({ actors }));
  const cancel = useActorRef(cancelLogic, { input: { bookingId: booking.id, newKey } });
  const reschedule = useActorRef(rescheduleLogic, { input: { bookingId: booking.id, date: booking.date ?? '', newKey } });
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  });
  useEffect(() => {
    const subscriptions = [cancel.on('cancel.changed', () => changed.current()), reschedule.on('reschedule.changed', () => changed.current())];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [cancel, reschedule]);

  const offered = (['cancel', 'reschedule'] as const).filter((action) => ACTION_KINDS[action].includes(booking.kind));
  if (offered.length === 0) return null;
  const facts = listItemFacts(booking);
  const refusalOf = (action: BookingAction) => actionRefusal(facts, action);
  // One reason for both: the first action's (they are refused for the same facts of the booking).
  const reason = offered.map(refusalOf).find((refusal) => refusal !== null) ?? null;
  const name = localized({ name: booking.name, ar_name: booking.ar_name }, 'name', lang);

  return (
    <div className="booking-actions" role="group" aria-label={t('actionsOf', { name })}>
      <div className="booking-actions-buttons">
        {offered.includes('reschedule') ? (
          <Button variant="secondary" disabled={refusalOf('reschedule') !== null} aria-describedby={reason ? reasonId : undefined} onClick={() => reschedule.send({ type: 'reschedule.open' })}>
            {t('reschedule')}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={refusalOf('cancel') !== null} aria-describedby={reason ? reasonId : undefined} onClick={() => cancel.send({ type: 'cancel.open' })}>
          {t('cancel')}
        </Button>
      </div>
      {reason ? (
        <p id={reasonId} className="booking-actions-reason">
          {t(`refusal.${reason}`)}
        </p>
      ) : null}
      <CancelDialog cancel={cancel} bookingName={name} timeZone={timeZone} />
      {offered.includes('reschedule') ? <RescheduleDialog reschedule={reschedule} bookingName={name} current={{ date: booking.date ?? '', start_time: booking.start_time, end_time: booking.end_time }} /> : null}
    </div>
  );
}
