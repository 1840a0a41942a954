import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueNow } from '../../domain/venueTime';
import type { Lang } from '../../domain/lang';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { usePortal } from '../../app/portal';
import { scheduleText } from './EventPurchase';
import { catalogueUnitPrice, sessionEnd, trainerSessionLine, type SellableTrainer } from '../../domain/cart/catalogueLines';
import { trainerDays, trainerStartTimes } from '../../domain/catalogue/purchaseDays';
import { DaySelect, useConfirmedPurchase } from './TicketConfirmation';
import './catalogue.css';

export interface TrainerPurchaseProps {
  trainer: SellableTrainer;
  lang: Lang;
  currency: string;
}

/** /training/{id}: a day from today to 30 days on, an hourly start within opening hours, and Add to cart (a trainer line). */
export function TrainerPurchase({ trainer, lang, currency }: TrainerPurchaseProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const { today, time } = venueNow(config?.time_zone, new Date());
  const now = { date: today, time };
  const days = trainerDays(trainer.session_minutes, now);
  const [chosenDay, setDay] = useState<string | null>(null);
  const [chosenStart, setStart] = useState<string | null>(null);
  const { pending, purchase, confirmation } = useConfirmedPurchase();
  const day = chosenDay !== null && days.includes(chosenDay) ? chosenDay : days[0];
  const starts = day ? trainerStartTimes(trainer.session_minutes, day, now) : [];
  const start = chosenStart !== null && starts.includes(chosenStart) ? chosenStart : starts[0];
  const unit = catalogueUnitPrice(trainer.session_price);
  const venueId = config?.venue_id ?? null;

  const add = async () => {
    if (!day || !start || venueId === null) return;
    await purchase(() => trainerSessionLine(trainer, { venueId, date: day, startTime: start, group: crypto.randomUUID() }));
  };

  return (
    <section className="purchase card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('trainer.title')}</h2>
      {!day || !start ? (
        <p className="empty-state">{t('trainer.unavailable')}</p>
      ) : (
        <>
          <div className="purchase-fields">
            <DaySelect id={`${id}-date`} label={t('trainer.date')} days={days} value={day} lang={lang} onChange={setDay} />
            <fieldset className="purchase-times">
              <legend className="field-label">{t('trainer.time')}</legend>
              {starts.map((option) => (
                <label key={option} className="purchase-time">
                  <input type="radio" name={`${id}-time`} checked={option === start} onChange={() => setStart(option)} />
                  <span dir="ltr">{scheduleText({ start_time: option, end_time: sessionEnd(option, trainer.session_minutes) })}</span>
                </label>
              ))}
            </fieldset>
          </div>
          <p className="purchase-total">
            <output data-testid="session-price">{t('trainer.unitPrice', { price: formatAmount(unit.price + unit.tax_amount, currency) })}</output>
          </p>
          <Button size="lg" pending={pending} disabled={venueId === null} onClick={() => void add()}>
            {t('trainer.addToCart')}
          </Button>
          {confirmation}
        </>
      )}
    </section>
  );
}
