import { useTranslation } from 'react-i18next';
import { discountedPrice, shownPrice } from '../../domain/cart/totals';
import { type CartAddonLine, type CartLine } from '../../domain/cart/lines';
import { formatAmount } from '../../domain/money';

/** What an item costs as shown: (price + tax) × quantity, and after its discount when a promotion applies. */
export function ItemPrice({ item, currency }: { item: CartLine | CartAddonLine; currency: string }) {
  const { t } = useTranslation('cart');
  const full = shownPrice(item);
  const discounted = item.discount ? discountedPrice(item) : null;
  if (discounted === null || discounted >= full) {
    return (
      <p className="cart-price">
        <span className="visually-hidden">{t('page.price')}: </span>
        <bdi>{formatAmount(full, currency)}</bdi>
      </p>
    );
  }
  return (
    <div className="cart-price cart-price--discounted">
      <p>
        <span className="visually-hidden">{t('page.priceBefore')}: </span>
        <s>
          <bdi>{formatAmount(full, currency)}</bdi>
        </s>{' '}
        <span className="visually-hidden">{t('page.price')}: </span>
        <strong>
          <bdi>{formatAmount(discounted, currency)}</bdi>
        </strong>
      </p>
      {item.discount?.promo_code ? (
        <p className="cart-price__code">
          {t('page.discountCode', { code: item.discount.promo_code })}
        </p>
      ) : null}
    </div>
  );
}
