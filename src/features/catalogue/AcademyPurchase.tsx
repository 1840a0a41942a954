import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkWorkshop } from '../../api/workshops';
import type { Academy } from '../../domain/contract/catalogue';
import { dayjs, DATE_FORMATS } from '../../domain/dates';
import { venueNow } from '../../domain/venueTime';
import type { Lang } from '../../domain/lang';
import { formatAmount } from '../../domain/money';
import { WEEKDAY_FLAGS, WEEKDAYS, type Weekday } from '../../domain/weekdays';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { usePortal } from '../../app/portal';
import { academyPlaceLine, catalogueUnitPrice } from '../../domain/cart/catalogueLines';
import { academyFirstDay } from '../../domain/catalogue/purchaseDays';
import { useConfirmedPurchase } from './TicketConfirmation';
import './catalogue.css';

export interface AcademyPurchaseProps {
  academy: Academy & { price: number };
  lang: Lang;
  currency: string;
}

/**
 * /academy/{id}: a start date within the academy's dates, the weekdays to attend (at least one), and Add to cart,
 * which prices the place through POST workshops/check before it becomes an academy line.
 */
export function AcademyPurchase({ academy, lang, currency }: AcademyPurchaseProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const today = venueNow(config?.time_zone, new Date()).today;
  const firstDay = academyFirstDay(academy, today);
  const [chosenStart, setStart] = useState<string | null>(null);
  const [days, setDays] = useState<ReadonlySet<Weekday>>(new Set());
  const { pending, purchase, confirmation } = useConfirmedPurchase();
  const startDate = chosenStart ?? firstDay;
  const startOutside = startDate < firstDay || startDate > academy.end_date;
  const noDays = days.size === 0;
  const unit = catalogueUnitPrice(academy.price);
  const venueId = config?.venue_id ?? null;
  const shown = (date: string) => dayjs(date).locale(lang).format(DATE_FORMATS.display);

  const toggle = (day: Weekday, on: boolean) =>
    setDays((held) => {
      const next = new Set(held);
      if (on) next.add(day);
      else next.delete(day);
      return next;
    });

  const add = async () => {
    if (startOutside || noDays || venueId === null) return;
    await purchase(async () => {
      const flags = WEEKDAYS.filter((day) => days.has(day)).map((day) => WEEKDAY_FLAGS[day]);
      const quote = await checkWorkshop(portal.api, { workshop_program_id: academy.id, product_id: academy.id, start_date: startDate, days: flags });
      if (!quote.ok) {
        toast.error(t('academy.checkFailed'));
        return null;
      }
      return academyPlaceLine(academy, { venueId, startDate, days: flags, quote: quote.data.data, group: crypto.randomUUID() });
    });
  };

  return (
    <section className="purchase card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('academy.title')}</h2>
      {firstDay > academy.end_date ? (
        <p className="empty-state">{t('academy.ended')}</p>
      ) : (
        <>
          <div className="purchase-fields">
            <div className="field">
              <label htmlFor={`${id}-start`} className="field-label">
                {t('academy.startDate')}
              </label>
              <input
                id={`${id}-start`}
                className="field-input"
                type="date"
                dir="ltr"
                min={firstDay}
                max={academy.end_date}
                value={startDate}
                aria-invalid={startOutside || undefined}
                aria-describedby={startOutside ? `${id}-start-error` : undefined}
                onChange={(change) => setStart(change.target.value)}
              />
              {startOutside && (
                <p id={`${id}-start-error`} className="field-error">
                  {t('academy.startDateOutside', { from: shown(firstDay), to: shown(academy.end_date) })}
                </p>
              )}
            </div>
            <fieldset className="purchase-times">
              <legend className="field-label">{t('academy.days')}</legend>
              {WEEKDAYS.map((day) => (
                <label key={day} className="purchase-time">
                  <input type="checkbox" checked={days.has(day)} onChange={(change) => toggle(day, change.target.checked)} />
                  <span>{t(`academy.weekdays.${day}`)}</span>
                </label>
              ))}
            </fieldset>
            {noDays && <p className="field-hint">{t('academy.daysRequired')}</p>}
          </div>
          <p className="purchase-total">
            <output data-testid="academy-price">{t('academy.unitPrice', { price: formatAmount(unit.price + unit.tax_amount, currency) })}</output>
          </p>
          <Button size="lg" pending={pending} disabled={venueId === null || startOutside || noDays} onClick={() => void add()}>
            {t('academy.addToCart')}
          </Button>
          {confirmation}
        </>
      )}
    </section>
  );
}
