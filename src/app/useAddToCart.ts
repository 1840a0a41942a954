import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../domain/cart/lines';
import { whenState } from '../services/cartCount';
import { toast } from '../ui/toast';
import { usePortal } from './portal';

/**
 * Sends a line to the app's cart (starting it if the first screen has not) and says so once it is stored. A refusal
 * is the cart's to word: CartHost shows its rule message, or the renewal question for a membership already held.
 */
export function useAddToCart(): (line: CartLine) => Promise<boolean> {
  const { cart } = usePortal();
  const { t, i18n } = useTranslation('catalogue');
  return useCallback(
    async (line: CartLine) => {
      const actor = await cart.actor();
      await whenState(actor, (state) => state.matches('ready'));
      actor.send({ type: 'cart.add', line });
      const added = actor.getSnapshot().context.lines.some((held) => held.group === line.group);
      if (!added) return false;
      // Said only once the device holds it: a visitor who goes on to the cart (a page load) at once must find it there.
      await whenState(actor, (state) => !state.matches({ ready: { persistence: 'saving' } }));
      const name = i18n.language === 'ar' && line.ar_name ? line.ar_name : line.name;
      toast.success(t('added', { name }));
      return added;
    },
    [cart, t, i18n],
  );
}
