import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEvent } from '../../domain/contract/catalogue';
import { dayjs, DATE_FORMATS } from '../../domain/dates';
import { venueNow } from '../../domain/venueTime';
import type { Lang } from '../../domain/lang';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { usePortal } from '../../app/portal';
import { catalogueUnitPrice, eventTicketLine } from '../../domain/cart/catalogueLines';
import { eventDays, firstScheduleWithPlaces, offeredDay, placesLeftAt } from '../../domain/catalogue/purchaseDays';
import { DaySelect, useConfirmedPurchase } from './TicketConfirmation';
import './catalogue.css';

const time12 = (time: string) => dayjs(`2000-01-01 ${time}`).format(DATE_FORMATS.time12);
export const scheduleText = (schedule: { start_time: string; end_time: string }) => `${time12(schedule.start_time)} – ${time12(schedule.end_time)}`;

const route = getRouteApi('/_site/_feature/events/$id');

export interface EventPurchaseProps {
  event: CatalogueEvent & { price: number };
  lang: Lang;
  currency: string;
}

/**
 * /events/{id}: one of the event's days and schedules, a number of tickets, and Add to cart (an event line). When the
 * event has a capacity, each time shows the places it has left that day (GET events/{id}/places) and a sold-out time
 * cannot be chosen; the order counts them again when it is placed.
 */
export function EventPurchase({ event, lang, currency }: EventPurchaseProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const today = venueNow(config?.time_zone, new Date()).today;
  const days = eventDays(event, today);
  const [chosenSchedule, setScheduleIndex] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const { pending, purchase, confirmation } = useConfirmedPurchase();
  const navigate = route.useNavigate();
  const chosenDay = route.useSearch().day;
  const day = offeredDay(days, chosenDay);
  // The loader asks for the chosen day's places; until they are in, the previous day's are not shown.
  const placesAnswer = route.useLoaderData().places;
  const places = event.capacity != null && placesAnswer?.ok && placesAnswer.data.data.date === day ? placesAnswer.data.data : null;
  const scheduleIndex = chosenSchedule ?? firstScheduleWithPlaces(event.event_schedules, places);
  const schedule = event.event_schedules[scheduleIndex] ?? event.event_schedules[0];
  const left = schedule ? placesLeftAt(places, schedule) : null;
  const soldOut = left === 0;
  const shownQuantity = left !== null && left > 0 ? Math.min(quantity, left) : quantity;
  const unit = catalogueUnitPrice(event.price);
  const unitTotal = unit.price + unit.tax_amount;
  const venueId = config?.venue_id ?? null;

  const chooseDay = (next: string) => {
    void navigate({ search: (prev) => ({ ...prev, day: next }), replace: true, resetScroll: false });
    setScheduleIndex(null);
  };
  const add = async () => {
    if (!day || !schedule || venueId === null || soldOut) return;
    await purchase(() => eventTicketLine(event, { venueId, date: day, schedule, quantity: shownQuantity, group: crypto.randomUUID() }));
  };

  return (
    <section className="purchase card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('tickets.title')}</h2>
      {!day || !schedule ? (
        <p className="empty-state">{t('tickets.ended')}</p>
      ) : (
        <>
          <div className="purchase-fields">
            <DaySelect id={`${id}-date`} label={t('tickets.date')} days={days} value={day} lang={lang} onChange={chooseDay} />
            <fieldset className="purchase-times">
              <legend className="field-label">{t('tickets.time')}</legend>
              {event.event_schedules.map((option, index) => {
                const optionLeft = placesLeftAt(places, option);
                return (
                  <label key={option.start_time + option.end_time} className="purchase-time" data-sold-out={optionLeft === 0 || undefined}>
                    <input type="radio" name={`${id}-time`} checked={option === schedule} disabled={optionLeft === 0} onChange={() => setScheduleIndex(index)} />
                    <span dir="ltr">{scheduleText(option)}</span>
                    {optionLeft !== null && (
                      <span className="purchase-time__places" data-testid="event-places">
                        {optionLeft === 0 ? t('tickets.soldOut') : t('tickets.placesLeft', { count: optionLeft })}
                      </span>
                    )}
                  </label>
                );
              })}
            </fieldset>
            {soldOut ? (
              <p className="field-hint" role="status">
                {t('tickets.soldOutChoice')}
              </p>
            ) : (
              <QuantityStepper
                label={t('tickets.quantity')}
                value={shownQuantity}
                min={1}
                max={left ?? undefined}
                onChange={(next) => setQuantity(Math.max(1, Math.min(left ?? Infinity, Math.floor(next) || 1)))}
              />
            )}
          </div>
          <p className="purchase-unit">{t('tickets.unitPrice', { price: formatAmount(unitTotal, currency) })}</p>
          {!soldOut && (
            <p className="purchase-total">
              <span>{t('tickets.total')}</span> <output data-testid="ticket-total">{formatAmount(unitTotal * shownQuantity, currency)}</output>
            </p>
          )}
          <Button size="lg" pending={pending} disabled={venueId === null || soldOut} onClick={() => void add()}>
            {t('tickets.addToCart')}
          </Button>
          {confirmation}
        </>
      )}
    </section>
  );
}
