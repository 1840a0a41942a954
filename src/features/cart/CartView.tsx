import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type ReactNode } from 'react';
import { type BenefitRequest } from '../../../machines/cartActors';
import { type FacilityCartLine } from '../../domain/cart/facilityLine';
import { type CartLine } from '../../domain/cart/lines';
import { type VisitorEntry } from '../../domain/contract/visitors';
import { useTranslation } from 'react-i18next';
import { cartTotals, type CartTotals } from '../../domain/cart/totals';
import { type Lang } from '../../domain/lang';
import type { CartActor } from '../../services/cart';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { CartLineItem } from './CartLineItem';
import { CartSummary } from './CartSummary';
import { PromoPanel } from './PromoPanel';
import { useNow } from './useNow';
import './cart.css';

/** What the cart hands the checkout panel (src/features/checkout/CheckoutPanel.tsx). */
export interface CheckoutPanelProps {
  lines: CartLine[];
  totals: CartTotals;
  /** The promo code or membership card applied to the cart, as the order sends it. */
  benefit: BenefitRequest | null;
  /** The order is placed (or the visitor leaves for the payment page): the cart resets. */
  onOrdered(): void;
}

/** One booking's customer details, asked from the cart (spec 001 §2: a facility customer-details modal per booking). */
export interface CustomerDetailsProps {
  line: FacilityCartLine;
  onSubmit(customers: VisitorEntry[]): void;
  onClose(): void;
}

export interface CartViewProps {
  cart: CartActor;
  lang: Lang;
  /** The venue currency (config.currency). */
  currency: string;
  /** The checkout under the totals (the cart page passes the checkout panel). */
  checkout?: (props: CheckoutPanelProps) => ReactNode;
  /** The customer-details form for a booking that has none yet (the cart page passes the visitor form). */
  customerDetails?: (props: CustomerDetailsProps) => ReactNode;
}

/** The first line of each facility booking (lines added together share a group) that has no customer yet. */
function needsCustomer(lines: CartLine[], index: number): boolean {
  const line = lines[index];
  if (!line || line.type !== 'facility' || line.customers.length > 0) return false;
  return lines.findIndex((other) => other.group === line.group) === index;
}

/** The cart's lines with their add-ons, promotions, totals and the checkout panel; or the empty cart. */
export function CartView({ cart, lang, currency, checkout, customerDetails }: CartViewProps) {
  const { t } = useTranslation(['cart', 'pages']);
  const lines = useSelector(cart, (state) => state.context.lines);
  const benefit = useSelector(cart, (state) => state.context.benefit);
  const loading = useSelector(cart, (state) => state.matches('loading'));
  const verifying = useSelector(cart, (state) => state.matches({ ready: { promotion: 'verifying' } }));
  const totals = useMemo(() => cartTotals(lines), [lines]);
  const held = lines.some((line) => line.type === 'facility' && Boolean(line.hold_expires_at));
  const clock = useSelector(cart, (state) => state.context.now);
  const now = useNow(held, clock);
  const [detailsFor, setDetailsFor] = useState<number | null>(null);
  const detailsLine = detailsFor === null ? null : lines[detailsFor];

  if (loading && lines.length === 0) {
    return (
      <div className="cart-loading" aria-busy="true">
        <Spinner label={t('cart:page.loading')} />
        <Skeleton height="6rem" />
        <Skeleton height="6rem" />
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="cart-empty">
        <p className="empty-state">{t('pages:cart.empty')}</p>
        <Link to="/" className={buttonClass('primary', 'lg')}>
          {t('pages:cart.continue')}
        </Link>
      </div>
    );
  }

  return (
    <div className="cart-layout">
      <section className="cart-lines" aria-label={t('cart:page.lines')}>
        <ul className="cart-lines__list">
          {lines.map((line, index) => (
            <CartLineItem
              key={`${line.group}-${line.product_id}-${index}`}
              line={line}
              index={index}
              lang={lang}
              currency={currency}
              now={now}
              onQuantity={(target, quantity) => cart.send({ type: 'cart.quantity', ...target, quantity })}
              onRemove={(target) => cart.send({ type: 'cart.remove', ...target })}
              onCustomerDetails={customerDetails && needsCustomer(lines, index) ? () => setDetailsFor(index) : undefined}
            />
          ))}
        </ul>
        <Button variant="danger" className="cart-clear" onClick={() => cart.send({ type: 'cart.clear' })}>
          {t('cart:page.clearCart')}
        </Button>
      </section>
      <aside className="cart-side" aria-label={t('cart:page.summary')}>
        <PromoPanel
          benefit={benefit}
          verifying={verifying}
          onApplyCode={(code) => cart.send({ type: 'promo.apply', code })}
          onApplyCard={(cardNumber, mobile) => cart.send({ type: 'benefit.apply', cardNumber, mobile })}
          onRemove={() => cart.send({ type: 'promo.remove' })}
        />
        <div className="cart-summary card">
          <h2 className="cart-summary__title">{t('cart:page.summary')}</h2>
          <CartSummary totals={totals} currency={currency} />
          {checkout?.({ lines, totals, benefit: benefit?.request ?? null, onOrdered: () => cart.send({ type: 'cart.reset' }) })}
        </div>
      </aside>
      {detailsFor !== null && detailsLine?.type === 'facility' && customerDetails
        ? customerDetails({
            line: detailsLine,
            onSubmit: (customers) => {
              cart.send({ type: 'cart.customers', index: detailsFor, customers });
              setDetailsFor(null);
            },
            onClose: () => setDetailsFor(null),
          })
        : null}
    </div>
  );
}
