import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../domain/money';
import { localized } from '../../domain/localize';
import { type FacilityBookingRef } from './bookingActor';
import { useLanguage } from '../../i18n/useLanguage';
import '../../ui/slotButtons.css';

export interface FacilityPickerProps {
  booking: FacilityBookingRef;
  /** show_facility_image: cards with the facility's image, otherwise plain buttons. */
  showImages: boolean;
  imageBase: string;
  currency: string;
}

/** The pitch or facility picker, shown once a slot is chosen (the first is already selected). */
export function FacilityPicker({ booking, showImages, imageBase, currency }: FacilityPickerProps) {
  const { t } = useTranslation('facilityBooking');
  const lang = useLanguage();
  const facilities = useSelector(booking, (state) => state.context.facilities);
  const chosen = useSelector(booking, (state) => state.context.facilityId);
  if (facilities.length === 0) return null;
  return (
    <section className="booking-section" aria-labelledby="facility-picker-title">
      <h3 id="facility-picker-title" className="booking-section-title">
        {t('picker.title')}
      </h3>
      <div className={showImages ? 'facility-cards' : 'facility-buttons'} role="group" aria-labelledby="facility-picker-title">
        {facilities.map((facility) => (
          <button
            key={facility.id}
            type="button"
            className={showImages ? 'facility-card' : 'slot-button facility-button'}
            aria-pressed={facility.id === chosen}
            onClick={() => booking.send({ type: 'facility.select', facilityId: facility.id })}
          >
            {showImages ? (
              <span className="facility-card-image">{facility.image ? <img src={`${imageBase}${facility.image}`} alt="" loading="lazy" /> : null}</span>
            ) : null}
            <span className="facility-name" dir="auto">
              {localized(facility, 'name', lang)}
            </span>
            {facility.per_capacity === 1 ? (
              <span className="facility-meta">{t('picker.placesLeft', { count: facility.capacity_left })}</span>
            ) : facility.price !== null ? (
              <span className="facility-meta" dir="ltr">
                {formatAmount(facility.price, currency)}
              </span>
            ) : null}
          </button>
        ))}
      </div>
    </section>
  );
}
