import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownText, holdSecondsLeft } from '../../domain/cart/holds';
import { type CartLine, type LineTarget } from '../../domain/cart/lines';
import { type Lang } from '../../domain/lang';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { itemName, lineSchedule } from './cartText';
import { ItemPrice } from './ItemPrice';
import { LineStepper } from './LineStepper';

export interface CartLineItemProps {
  line: CartLine;
  index: number;
  lang: Lang;
  currency: string;
  /** Epoch ms, for the hold countdown. */
  now: number;
  onQuantity: (target: LineTarget, quantity: number) => void;
  onRemove: (target: LineTarget) => void;
  /** Opens this booking's customer details; absent when the line needs none. */
  onCustomerDetails?: () => void;
}

/** One line of the cart with its add-ons under it: what, when, for how many, the price, and the controls. */
export function CartLineItem({ line, index, lang, currency, now, onQuantity, onRemove, onCustomerDetails }: CartLineItemProps) {
  const { t } = useTranslation('cart');
  const headingId = useId();
  const name = itemName(line, lang);
  const schedule = lineSchedule(line, lang);
  const secondsLeft = holdSecondsLeft(line, now);
  const place = line.type === 'facility' ? line.facility_name : null;
  return (
    <li className="cart-line card" aria-labelledby={headingId}>
      <div className="cart-line__main">
        <div className="cart-line__about">
          <h2 id={headingId} className="cart-line__name">
            <bdi>{name}</bdi>
          </h2>
          <dl className="cart-line__facts">
            {place ? (
              <div>
                <dt className="visually-hidden">{t('page.place')}</dt>
                <dd>
                  <bdi>{place}</bdi>
                </dd>
              </div>
            ) : null}
            {schedule ? (
              <div>
                <dt className="visually-hidden">{t('page.date')}</dt>
                <dd>{schedule.date}</dd>
              </div>
            ) : null}
            {schedule?.time ? (
              <div>
                <dt className="visually-hidden">{t('page.time')}</dt>
                <dd dir="ltr">{schedule.time}</dd>
              </div>
            ) : null}
            {line.customers.length > 0 ? (
              <div>
                <dt className="visually-hidden">{t('page.visitorsLabel')}</dt>
                <dd>{t('page.visitors', { count: line.customers.length })}</dd>
              </div>
            ) : null}
            <div>
              <dt className="visually-hidden">{t('page.unitPriceLabel')}</dt>
              <dd>{t('page.unitPrice', { price: formatAmount(line.price + line.tax_amount, currency) })}</dd>
            </div>
          </dl>
          {secondsLeft !== null ? (
            <p className="cart-line__hold" role="timer" aria-live="off">
              <Icon name="info" /> {t('holds.countdown', { time: countdownText(secondsLeft) })}
            </p>
          ) : null}
        </div>
        <ItemPrice item={line} currency={currency} />
      </div>
      <div className="cart-line__controls">
        <LineStepper name={name} value={line.quantity} onChange={(quantity) => onQuantity({ index, addonIndex: null }, quantity)} />
        <Button variant="ghost" className="cart-line__remove" aria-label={t('page.removeItem', { name })} onClick={() => onRemove({ index, addonIndex: null })}>
          {t('page.remove')}
        </Button>
        {onCustomerDetails ? (
          <Button variant="secondary" aria-label={t('page.customerDetailsFor', { name })} onClick={onCustomerDetails}>
            {t('page.customerDetails')}
          </Button>
        ) : null}
      </div>
      {line.addons.length > 0 ? (
        <section className="cart-addons" aria-label={`${t('page.addons')}: ${name}`}>
          <h3 className="cart-addons__title">{t('page.addons')}</h3>
          <ul className="cart-addons__list">
            {line.addons.map((addon, addonIndex) => {
              const addonName = itemName(addon, lang);
              return (
                <li key={`${addon.product_id}-${addonIndex}`} className="cart-addon">
                  <div className="cart-line__main">
                    <p className="cart-addon__name">
                      <bdi>{addonName}</bdi>
                    </p>
                    <ItemPrice item={addon} currency={currency} />
                  </div>
                  <div className="cart-line__controls">
                    <LineStepper name={addonName} value={addon.quantity} onChange={(quantity) => onQuantity({ index, addonIndex }, quantity)} />
                    <Button variant="ghost" className="cart-line__remove" aria-label={t('page.removeItem', { name: addonName })} onClick={() => onRemove({ index, addonIndex })}>
                      {t('page.remove')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </li>
  );
}
