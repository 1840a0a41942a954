import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartActor } from '../services/cart';
import { Spinner } from '../ui/Spinner';
import { PageHeading } from '../ui/PageHeading';
import { usePortal } from '../app/portal';
import { CartView, type CheckoutPanelProps, type CustomerDetailsProps } from '../features/cart/CartView';
import { useLanguage } from '../i18n/useLanguage';

// The checkout (its machine, payment choices and result dialogs) loads with the first cart that has lines.
const CheckoutPanel = lazy(() => import('../features/checkout/CheckoutPanel').then((module) => ({ default: module.CheckoutPanel })));

function checkout(props: CheckoutPanelProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <CheckoutPanel {...props} />
    </Suspense>
  );
}

// The visitor form of the booking flow, reused for one booking's customer details from the cart.
const VisitorDetailsDialog = lazy(() => import('../features/booking/visitors/VisitorDetailsDialog').then((module) => ({ default: module.VisitorDetailsDialog })));

function customerDetails({ line, onSubmit, onClose }: CustomerDetailsProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <VisitorDetailsDialog
        facilityName={line.facility_name}
        serviceId={line.venue_service_id}
        visitorCount={1}
        bookingDate={line.date}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </Suspense>
  );
}

/** The app's cart, started now if the first screen has not started it yet. */
function useCart(): CartActor | null {
  const { cart } = usePortal();
  const [actor, setActor] = useState<CartActor | null>(cart.current);
  useEffect(() => {
    let live = true;
    void cart.actor().then((started) => {
      if (live) setActor(started);
    });
    return () => {
      live = false;
    };
  }, [cart]);
  return actor;
}

/** /cart [S0-2.18]: the lines, promotions, totals and checkout of this session's cart. */
export function CartPage() {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const portal = usePortal();
  const currency = useSelector(portal.shell, (state) => state.context.config?.currency ?? 'AED');
  const cart = useCart();
  return (
    <div className="container page cart-page">
      <PageHeading title={t('cart.title')} />
      {cart ? <CartView cart={cart} lang={lang} currency={currency} checkout={checkout} customerDetails={customerDetails} /> : <Spinner />}
    </div>
  );
}
