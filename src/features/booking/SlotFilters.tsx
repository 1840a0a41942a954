import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../ui/slotButtons.css';
import {
  dateOptions,
  itemFilterKind,
  publicServices,
  searchServices,
  selectedService,
  shownFilters,
  showsServicePicker,
} from '../../../machines/facilityBookingSelectors';
import { bookingDateBounds } from '../../domain/booking/bookingDates';
import { localized } from '../../domain/localize';
import { TextField } from '../../ui/TextField';
import { type FacilityBookingRef } from './bookingActor';
import { useLanguage } from '../../i18n/useLanguage';

/** 'any' in a select means no filter. */
const ANY = '';

function SelectField({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="booking-field">
      <label htmlFor={id} className="booking-field-label">
        {label}
      </label>
      <select id={id} className="slot-button" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

const optional = (value: string) => (value === ANY ? null : Number(value));

/** Step 1's filters: service (searchable), facility or ticket, date, duration, time range, formation, surface, outdoor. */
export function SlotFilters({ booking }: { booking: FacilityBookingRef }) {
  const { t } = useTranslation('facilityBooking');
  const lang = useLanguage();
  const dateId = useId();
  const context = useSelector(booking, (state) => state.context);
  const service = selectedService(context);
  const kind = itemFilterKind(context);
  const shown = shownFilters(context);
  const bounds = bookingDateBounds(dateOptions(context));
  const matching = searchServices(publicServices(context.services), context.serviceQuery);
  const listed = service && !matching.some((each) => each.id === service.id) ? [service, ...matching] : matching;

  return (
    <div className="booking-filters">
      {showsServicePicker(context.services) ? (
        <div className="booking-service">
          <TextField
            name="service-search"
            type="search"
            label={t('services.search')}
            value={context.serviceQuery}
            onChange={(query) => booking.send({ type: 'service.search', query })}
          />
          <SelectField label={t('services.label')} value={String(context.serviceId ?? '')} onChange={(value) => booking.send({ type: 'service.select', serviceId: Number(value) })}>
            {listed.map((each) => (
              <option key={each.id} value={each.id}>
                {localized(each, 'name', lang)}
              </option>
            ))}
          </SelectField>
          {matching.length === 0 ? <p className="booking-hint">{t('services.noMatch')}</p> : null}
        </div>
      ) : null}

      {kind === 'facility' && service ? (
        <SelectField label={t('filters.facility')} value={String(context.itemFilterId)} onChange={(value) => booking.send({ type: 'item.select', id: Number(value) })}>
          <option value="0">{t('filters.allFacilities')}</option>
          {service.facilities.map((facility) => (
            <option key={facility.id} value={facility.id}>
              {localized(facility, 'name', lang)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === 'product' ? (
        <SelectField label={t('filters.ticket')} value={String(context.itemFilterId)} onChange={(value) => booking.send({ type: 'item.select', id: Number(value) })}>
          <option value="0">{t('filters.allTickets')}</option>
          {context.rentals.map((rental) => (
            <option key={rental.product_id} value={rental.product_id}>
              {localized(rental, 'name', lang)}
            </option>
          ))}
        </SelectField>
      ) : null}

      <div className="booking-field">
        <label htmlFor={dateId} className="booking-field-label">
          {t('filters.date')}
        </label>
        <input
          id={dateId}
          className="slot-button"
          type="date"
          dir="ltr"
          value={context.date}
          min={bounds.min}
          max={bounds.max ?? undefined}
          onChange={(event) => booking.send({ type: 'date.select', date: event.target.value })}
        />
      </div>

      {context.durations.length > 0 ? (
        <SelectField label={t('filters.duration')} value={String(context.durationMinutes)} onChange={(value) => booking.send({ type: 'duration.select', minutes: Number(value) })}>
          {context.durations.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('filters.minutes', { minutes })}
            </option>
          ))}
        </SelectField>
      ) : null}

      {context.config.show_time_range_filter === 1 ? (
        <SelectField label={t('filters.timeRange')} value={context.timeRangeId} onChange={(id) => booking.send({ type: 'timeRange.select', id })}>
          {context.timeRanges.map((range) => (
            <option key={range.id} value={range.id}>
              {t(range.labelKey, { ns: 'booking' })}
            </option>
          ))}
        </SelectField>
      ) : null}

      {shown.formation && context.filters ? (
        <SelectField label={t('filters.formation')} value={String(context.formationId ?? ANY)} onChange={(value) => booking.send({ type: 'formation.select', id: optional(value) })}>
          <option value={ANY}>{t('filters.any')}</option>
          {context.filters.formations.map((formation) => (
            <option key={formation.id} value={formation.id}>
              {localized(formation, 'name', lang)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {shown.surface && context.filters ? (
        <SelectField label={t('filters.surface')} value={String(context.surfaceId ?? ANY)} onChange={(value) => booking.send({ type: 'surface.select', id: optional(value) })}>
          <option value={ANY}>{t('filters.any')}</option>
          {context.filters.surfaces.map((surface) => (
            <option key={surface.id} value={surface.id}>
              {localized(surface, 'name', lang)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {shown.outdoor && context.filters ? (
        <SelectField
          label={t('filters.outdoor')}
          value={String(context.outdoor ?? ANY)}
          onChange={(value) => booking.send({ type: 'outdoor.select', value: value === '1' ? 1 : value === '0' ? 0 : null })}
        >
          <option value={ANY}>{t('filters.any')}</option>
          {context.filters.outdoor.map((value) => (
            <option key={value} value={value}>
              {value === 1 ? t('filters.outdoorOption') : t('filters.indoor')}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  );
}
