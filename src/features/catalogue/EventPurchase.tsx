import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEvent } from '../../domain/contract/catalogue';
import { dayjs, DATE_FORMATS, DEFAULT_TIME_ZONE } from '../../domain/dates';
import type { Lang } from '../../domain/lang';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { QuantityStepper } from '../booking/QuantityStepper';
import { usePortal } from '../shell/portal';
import { catalogueUnitPrice, eventDays, eventTicketLine } from './purchaseLines';
import { DaySelect, useConfirmedPurchase } from './TicketConfirmation';
import '../booking/booking.css';
import './catalogue.css';

const time12 = (time: string) => dayjs(`2000-01-01 ${time}`).format(DATE_FORMATS.time12);
export const scheduleText = (schedule: { start_time: string; end_time: string }) => `${time12(schedule.start_time)} – ${time12(schedule.end_time)}`;

export interface EventPurchaseProps {
  event: CatalogueEvent & { price: number };
  lang: Lang;
  currency: string;
}

/** /events/{id}: one of the event's days and schedules, a number of tickets, and Add to cart (an event line). */
export function EventPurchase({ event, lang, currency }: EventPurchaseProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const today = dayjs()
    .tz(config?.time_zone ?? DEFAULT_TIME_ZONE)
    .format(DATE_FORMATS.date);
  const days = eventDays(event, today);
  const [chosenDay, setDay] = useState<string | null>(null);
  const [scheduleIndex, setScheduleIndex] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const { pending, purchase, confirmation } = useConfirmedPurchase();
  const day = chosenDay !== null && days.includes(chosenDay) ? chosenDay : days[0];
  const schedule = event.event_schedules[scheduleIndex] ?? event.event_schedules[0];
  const unit = catalogueUnitPrice(event.price);
  const unitTotal = unit.price + unit.tax_amount;
  const venueId = config?.venue_id ?? null;

  const add = async () => {
    if (!day || !schedule || venueId === null) return;
    await purchase(() => eventTicketLine(event, { venueId, date: day, schedule, quantity, group: crypto.randomUUID() }));
  };

  return (
    <section className="purchase card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('tickets.title')}</h2>
      {!day || !schedule ? (
        <p className="empty-state">{t('tickets.ended')}</p>
      ) : (
        <>
          <div className="purchase-fields">
            <DaySelect id={`${id}-date`} label={t('tickets.date')} days={days} value={day} lang={lang} onChange={setDay} />
            <fieldset className="purchase-times">
              <legend className="field-label">{t('tickets.time')}</legend>
              {event.event_schedules.map((option, index) => (
                <label key={option.start_time + option.end_time} className="purchase-time">
                  <input type="radio" name={`${id}-time`} checked={option === schedule} onChange={() => setScheduleIndex(index)} />
                  <span dir="ltr">{scheduleText(option)}</span>
                </label>
              ))}
            </fieldset>
            <QuantityStepper label={t('tickets.quantity')} value={quantity} min={1} onChange={(next) => setQuantity(Math.max(1, Math.floor(next) || 1))} />
          </div>
          <p className="purchase-unit">{t('tickets.unitPrice', { price: formatAmount(unitTotal, currency) })}</p>
          <p className="purchase-total">
            <span>{t('tickets.total')}</span> <output data-testid="ticket-total">{formatAmount(unitTotal * quantity, currency)}</output>
          </p>
          <Button size="lg" pending={pending} disabled={venueId === null} onClick={() => void add()}>
            {t('tickets.addToCart')}
          </Button>
          {confirmation}
        </>
      )}
    </section>
  );
}
