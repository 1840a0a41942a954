import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { addonMax } from '../../domain/booking/addonLimits';
import { localized } from '../../domain/localize';
import { sameItems } from './bookingActor';
import { ProductCard } from './ProductCard';
import { useLanguage } from '../../i18n/useLanguage';
import { type StepProps } from './TicketsStep';

/** Step 3: add-on products grouped by category. */
export function AddonsStep({ booking, currency, imageBase }: StepProps) {
  const { t } = useTranslation('facilityBooking');
  const lang = useLanguage();
  const categories = useSelector(booking, (state) => (state.context.products?.categories ?? []).filter((category) => category.products.length > 0));
  const quantities = useSelector(booking, (state) => state.context.addonQuantities);
  const addable = useSelector(
    booking,
    (state) =>
      (state.context.products?.categories ?? [])
        .flatMap((category) => category.products)
        .filter((addon) => state.can({ type: 'addon.add', productId: addon.product_id }))
        .map((addon) => addon.product_id),
    sameItems,
  );
  const addingId = useSelector(booking, (state) => (state.matches({ open: { step3: 'addingAddon' } }) ? state.context.pendingAddonId : null));
  return (
    <div className="booking-step">
      {categories.map((category) => (
        <section key={category.id} className="booking-section" aria-labelledby={`addon-category-${category.id}`}>
          <h3 id={`addon-category-${category.id}`} className="booking-section-title" dir="auto">
            {localized(category, 'name', lang)}
          </h3>
          <div className="product-grid">
            {category.products.map((addon) => (
              <ProductCard
                key={addon.product_id}
                product={addon}
                quantityLabel={t('addons.quantity')}
                addLabel={t('addons.addToCart')}
                soldOut={addonMax(addon) === 0}
                quantity={quantities[addon.product_id] ?? 0}
                currency={currency}
                imageBase={imageBase}
                canAdd={addable.includes(addon.product_id)}
                busy={addingId === addon.product_id}
                onQuantity={(quantity) => booking.send({ type: 'addon.quantity', productId: addon.product_id, quantity })}
                onAdd={() => booking.send({ type: 'addon.add', productId: addon.product_id })}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
