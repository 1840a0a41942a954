import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cartBadgeText } from '../../domain/badge';
import { Icon } from '../../ui/Icon';
import './shell.css';

const CART_PATH: string = '/cart';

export interface CartLinkProps {
  count: number;
}

/** The cart, one tap away on every screen; the badge is decoration, the link's name says the count. */
export function CartLink({ count }: CartLinkProps) {
  const { t } = useTranslation('shell');
  const badge = cartBadgeText(count);
  return (
    <Link to={CART_PATH} className="shell-icon-link shell-cart" aria-label={t('cart.label', { count: Math.max(0, count) })}>
      <Icon name="cart" />
      {badge ? (
        <span className="shell-cart__badge" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
