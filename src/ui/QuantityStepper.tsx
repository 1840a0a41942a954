import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './QuantityStepper.css';

export interface QuantityStepperProps {
  /** The visible label, also used to name the minus and plus buttons. */
  label: string;
  value: number;
  /** Asks for a new quantity; the owner (the booking machine) decides whether it is allowed. */
  onChange: (quantity: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
}

/**
 * A labelled quantity control: minus, the number (typed or read out as a spin button) and plus. Targets follow
 * --target-min (44 px, 64 px in kiosk mode). The value shown is the owner's, so a refused change reverts.
 */
export function QuantityStepper({ label, value, onChange, min = 0, max, disabled = false }: QuantityStepperProps) {
  const { t } = useTranslation('facilityBooking');
  const id = useId();
  return (
    <div className="qty-stepper" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id} className="qty-stepper-label">
        {label}
      </label>
      <div className="qty-stepper-controls">
        <button
          type="button"
          className="qty-stepper-button"
          aria-label={t('stepper.decrease', { label })}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          className="qty-stepper-value"
          type="number"
          inputMode="numeric"
          dir="ltr"
          min={min}
          max={max}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const typed = Number(event.target.value);
            if (Number.isFinite(typed)) onChange(typed);
          }}
        />
        <button
          type="button"
          className="qty-stepper-button"
          aria-label={t('stepper.increase', { label })}
          disabled={disabled || (max !== undefined && value >= max)}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
