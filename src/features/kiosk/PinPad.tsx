import { type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '../../domain/kiosk/pinLock';
import { Button } from '../../ui/Button';

const ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
] as const;

export type PinPadProps = {
  digits: string;
  onDigit: (digit: string) => void;
  onDelete: () => void;
  onSubmit: () => void;
  /** The OK button's own condition (the PIN dialog: 4 digits; provisioning: the code too). */
  canSubmit: boolean;
  submitLabel?: string;
  /** Locked or busy: nothing can be typed. */
  disabled?: boolean;
  pending?: boolean;
  /** Names the masked digits (the field's label). */
  labelId: string;
  firstKeyRef?: Ref<HTMLButtonElement>;
};

/**
 * The on-screen numeric keypad of the staff PIN: the digits typed show as dots only, large keys 0-9, Delete and
 * OK. A hardware keyboard works too (digits, Backspace, Enter). Digits stay in the usual keypad order in either
 * direction of writing, as on a phone.
 */
export function PinPad({ digits, onDigit, onDelete, onSubmit, canSubmit, submitLabel, disabled = false, pending = false, labelId, firstKeyRef }: PinPadProps) {
  const { t } = useTranslation('kiosk');
  const slots = Math.max(PIN_LENGTH.min, digits.length);
  // Keys that cannot be used say so (aria-disabled) instead of losing the focus that rests on them.
  const inactive = disabled || pending;
  const submitInactive = inactive || !canSubmit;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (inactive) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      onDigit(event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      onDelete();
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement) && canSubmit) {
      event.preventDefault();
      onSubmit();
    }
  };

  const key = (digit: string, ref?: Ref<HTMLButtonElement>) => (
    <Button
      key={digit}
      ref={ref}
      variant="secondary"
      size="lg"
      className="pin-key"
      aria-disabled={inactive || undefined}
      onClick={() => {
        if (!inactive) onDigit(digit);
      }}
    >
      {digit}
    </Button>
  );

  return (
    <div className="pin-pad" onKeyDown={onKeyDown}>
      <div className="pin-dots" role="img" aria-labelledby={labelId} aria-describedby={`${labelId}-count`} dir="ltr">
        {Array.from({ length: slots }, (_, index) => (
          <span key={index} className={index < digits.length ? 'pin-dot pin-dot-filled' : 'pin-dot'} />
        ))}
      </div>
      <p id={`${labelId}-count`} className="visually-hidden" aria-live="polite">
        {t('pin.entered', { count: digits.length })}
      </p>
      <div className="pin-keys" role="group" aria-label={t('pin.keypad')} dir="ltr">
        {ROWS.flat().map((digit, index) => key(digit, index === 0 ? firstKeyRef : undefined))}
        <Button
          variant="ghost"
          size="lg"
          className="pin-key pin-key-action"
          aria-disabled={inactive || digits.length === 0 || undefined}
          onClick={() => {
            if (!inactive) onDelete();
          }}
        >
          {t('pin.delete')}
        </Button>
        {key('0')}
        <Button
          size="lg"
          className="pin-key pin-key-action"
          aria-disabled={submitInactive || undefined}
          aria-busy={pending || undefined}
          onClick={() => {
            if (!submitInactive) onSubmit();
          }}
        >
          {submitLabel ?? t('pin.ok')}
        </Button>
      </div>
    </div>
  );
}
