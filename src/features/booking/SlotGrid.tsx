import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cachedScheduleAgeMinutes, shownSlots } from '../../../machines/facilityBookingSelectors';
import { connectivity } from '../../services/apiInstance';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { SlotButtons } from '../../ui/SlotButtons';
import { sameItems, type FacilityBookingRef } from './bookingActor';
import { ageText } from '../../app/ageText';
import { useOnline } from '../../app/useOnline';

/** The grid of free time slots (11 shown, 'show more' adds 12) with the cached-schedule notice. */
export function SlotGrid({ booking }: { booking: FacilityBookingRef }) {
  const { t } = useTranslation('facilityBooking');
  const slots = useSelector(booking, (state) => shownSlots(state.context));
  const bookable = useSelector(
    booking,
    (state) => shownSlots(state.context).filter((slot) => state.can({ type: 'slot.select', startTime: slot.start_time })).map((slot) => slot.start_time),
    sameItems,
  );
  const total = useSelector(booking, (state) => state.context.slots.length);
  const chosen = useSelector(booking, (state) => state.context.slot?.start_time ?? null);
  const loading = useSelector(booking, (state) => state.matches({ open: { step1: 'loadingSchedule' } }) || state.matches({ open: { step1: 'loadingFilters' } }));
  const failed = useSelector(booking, (state) => state.matches({ open: { step1: 'scheduleFailed' } }));
  const choosing = useSelector(booking, (state) => state.matches({ open: { step1: 'loadingFacilities' } }));
  const cachedAge = useSelector(booking, (state) => cachedScheduleAgeMinutes(state.context));
  const fromCache = cachedAge !== null;
  const online = useOnline();

  // Saved or missing slots are promised fresh once the connection is back: ask as soon as the venue can be reached.
  useEffect(() => {
    if (!fromCache && !failed) return;
    const refresh = () => booking.send({ type: 'schedule.retry' });
    connectivity.addEventListener('online', refresh);
    return () => connectivity.removeEventListener('online', refresh);
  }, [booking, fromCache, failed]);

  if (loading) {
    return (
      <section className="booking-section" aria-busy="true">
        <h3 className="booking-section-title">{t('slots.title')}</h3>
        <div className="slot-grid">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="var(--target-min)" />
          ))}
        </div>
      </section>
    );
  }
  if (failed) {
    return (
      <section className="booking-section">
        <h3 className="booking-section-title">{t('slots.title')}</h3>
        <p className="booking-empty" role="status">
          {t(online ? 'slots.failed' : 'slots.offline')}
        </p>
        <Button variant="secondary" onClick={() => booking.send({ type: 'schedule.retry' })}>
          {t('slots.retry')}
        </Button>
      </section>
    );
  }
  return (
    <section className="booking-section" aria-labelledby="slot-grid-title">
      <h3 id="slot-grid-title" className="booking-section-title">
        {t('slots.title')}
      </h3>
      {cachedAge !== null ? (
        <div className="booking-offline" role="status">
          <p>{t('slots.cached', { age: ageText(t, cachedAge) })}</p>
          <p>{t('slots.paused')}</p>
          <Button variant="secondary" onClick={() => booking.send({ type: 'schedule.retry' })}>
            {t('slots.refresh')}
          </Button>
        </div>
      ) : null}
      {slots.length === 0 ? (
        <p className="booking-empty">{t('slots.none')}</p>
      ) : (
        <SlotButtons
          slots={slots}
          chosen={chosen}
          labelledBy="slot-grid-title"
          busy={choosing}
          isBookable={(startTime) => bookable.includes(startTime)}
          onSelect={(startTime) => booking.send({ type: 'slot.select', startTime })}
        />
      )}
      {slots.length < total ? (
        <Button variant="ghost" className="slot-more" onClick={() => booking.send({ type: 'slots.more' })}>
          {t('slots.more')}
        </Button>
      ) : null}
    </section>
  );
}
