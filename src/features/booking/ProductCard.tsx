import { useLanguage } from '../../i18n/useLanguage';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { QuantityStepper } from '../../ui/QuantityStepper';

/** What a card shows of a ticket or an add-on. */
export type CardProduct = {
  name: string;
  ar_name?: string | null;
  image?: string | null;
  price: number;
  tax_amount: number;
};

export interface ProductCardProps {
  product: CardProduct;
  /** The stepper's label: 'Number of Tickets' for a ticket, 'Quantity' for an add-on. */
  quantityLabel: string;
  addLabel: string;
  quantity: number;
  currency: string;
  imageBase: string;
  /** The booking machine takes this product's Add to cart now (a quantity is chosen, nothing else is being added). */
  canAdd: boolean;
  /** Adding is under way. */
  busy: boolean;
  /** Nothing can be bought (an add-on out of stock). */
  soldOut?: boolean;
  onQuantity: (quantity: number) => void;
  onAdd: () => void;
}

/**
 * A ticket or an add-on: image, name, price with tax, a quantity stepper and add to cart. The stepper has no max:
 * going past it must reach the machine, which says why (capacity, 'Max quantity {max} reached').
 */
export function ProductCard({ product, quantityLabel, addLabel, quantity, currency, imageBase, canAdd, busy, soldOut = false, onQuantity, onAdd }: ProductCardProps) {
  const name = localized(product, 'name', useLanguage());
  return (
    <article className="product-card">
      <div className="product-card-image">{product.image ? <img src={`${imageBase}${product.image}`} alt="" loading="lazy" /> : null}</div>
      <h4 className="product-card-name" dir="auto">
        {name}
      </h4>
      <p className="product-card-price" dir="ltr">
        {formatAmount(product.price + product.tax_amount, currency)}
      </p>
      <QuantityStepper label={quantityLabel} value={quantity} onChange={onQuantity} disabled={soldOut} />
      <Button onClick={onAdd} disabled={!canAdd} pending={busy}>
        {addLabel}
      </Button>
    </article>
  );
}
