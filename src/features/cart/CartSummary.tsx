import { useTranslation } from 'react-i18next';
import { formatCartTotals, type CartTotals } from '../../domain/cart/totals';

/** Subtotal, VAT (sum of line tax × quantity), discount and total, in the venue currency (spec 001 §9). */
export function CartSummary({ totals, currency }: { totals: CartTotals; currency: string }) {
  const { t } = useTranslation('cart');
  const shown = formatCartTotals(totals, currency);
  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>{t('totals.subtotal')}</dt>
        <dd>
          <bdi>{shown.subtotal}</bdi>
        </dd>
      </div>
      <div className="cart-totals__row">
        <dt>{t('totals.vat')}</dt>
        <dd>
          <bdi>{shown.vat}</bdi>
        </dd>
      </div>
      {totals.discount > 0 ? (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>{t('totals.discount')}</dt>
          <dd>
            <bdi>− {shown.discount}</bdi>
          </dd>
        </div>
      ) : null}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{t('totals.total')}</dt>
        <dd>
          <bdi>{shown.total}</bdi>
        </dd>
      </div>
    </dl>
  );
}
