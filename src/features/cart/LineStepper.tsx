import { useTranslation } from 'react-i18next';

export interface LineStepperProps {
  /** The item's name, which names the group and both buttons. */
  name: string;
  value: number;
  /** Asks for a new quantity; the cart machine decides whether it is allowed, so a refused change shows the old value. */
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/**
 * Minus, the quantity and plus, as real buttons named after the item (44 px targets, 64 px in kiosk mode). The
 * quantity never goes below 1 here: taking an item out is the Remove button's job.
 */
export function LineStepper({ name, value, onChange, disabled = false }: LineStepperProps) {
  const { t } = useTranslation('cart');
  return (
    <div className="cart-stepper" role="group" aria-label={`${t('page.quantity')}: ${name}`}>
      <button type="button" className="cart-stepper__button" aria-label={t('page.decrease', { name })} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <span aria-hidden="true">−</span>
      </button>
      <output className="cart-stepper__value" dir="ltr" aria-live="polite">
        {value}
      </output>
      <button type="button" className="cart-stepper__button" aria-label={t('page.increase', { name })} disabled={disabled} onClick={() => onChange(value + 1)}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
