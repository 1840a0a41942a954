import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartActor } from '../../services/cart';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { noticeText } from './cartText';

export interface CartHostProps {
  cart: CartActor;
  /** Goes to /cart (the cart warning's View Cart). */
  onViewCart: () => void;
}

/**
 * What the cart says on every screen: each rule message, refusal and confirmation of the machine's `notice` as a
 * toast, the cart warning (multiple orders) and the membership renewal question. Rendered once, at the app root.
 */
export function CartHost({ cart, onViewCart }: CartHostProps) {
  const { t } = useTranslation('cart');
  const notice = useSelector(cart, (state) => state.context.notice);
  const warning = useSelector(cart, (state) => state.context.warning);
  const renewOffer = useSelector(cart, (state) => state.context.renewOffer);
  const shownId = useRef(0);

  useEffect(() => {
    if (!notice || notice.id === shownId.current) return;
    shownId.current = notice.id;
    const text = noticeText(t, notice.message);
    if (notice.kind === 'success') toast.success(text);
    else toast.error(text);
  }, [notice, t]);

  return (
    <>
      <Dialog
        open={warning}
        title={t('warning.title')}
        size="sm"
        onClose={() => cart.send({ type: 'warning.dismiss' })}
        actions={
          <>
            <Button variant="secondary" size="lg" onClick={() => cart.send({ type: 'cart.clear' })}>
              {t('warning.clearCart')}
            </Button>
            <Button
              size="lg"
              onClick={() => {
                cart.send({ type: 'warning.dismiss' });
                onViewCart();
              }}
            >
              {t('warning.viewCart')}
            </Button>
          </>
        }
      >
        <p>{t('rules.multipleOrders')}</p>
      </Dialog>
      <Dialog
        open={renewOffer !== null}
        title={t('renew.title')}
        size="sm"
        actions={
          <>
            <Button variant="secondary" size="lg" onClick={() => cart.send({ type: 'renew.decline' })}>
              {t('renew.decline')}
            </Button>
            <Button size="lg" onClick={() => cart.send({ type: 'renew.accept' })}>
              {t('renew.accept')}
            </Button>
          </>
        }
      >
        <p>{t('renew.question')}</p>
      </Dialog>
    </>
  );
}
