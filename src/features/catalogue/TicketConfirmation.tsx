import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../domain/cart/lines';
import { dayjs, DATE_FORMATS } from '../../domain/dates';
import type { Lang } from '../../domain/lang';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useAddToCart } from '../../app/useAddToCart';

export interface TicketConfirmationProps {
  open: boolean;
  /** Yes: carry on choosing here. */
  onYes: () => void;
  /** No: go to the cart. */
  onNo: () => void;
}

/** The ticket confirmation after tickets went into the cart (spec 001 §2): yes goes on, no goes to the cart. */
export function TicketConfirmation({ open, onYes, onNo }: TicketConfirmationProps) {
  const { t } = useTranslation('catalogue');
  return (
    <Dialog
      open={open}
      size="sm"
      title={t('confirmation.title')}
      onClose={onYes}
      actions={
        <>
          <Button variant="secondary" onClick={onNo}>
            {t('confirmation.no')}
          </Button>
          <Button onClick={onYes}>{t('confirmation.yes')}</Button>
        </>
      }
    >
      <p>{t('confirmation.message')}</p>
    </Dialog>
  );
}

/**
 * Adding from a catalogue page: busy while the line is made and added, then the ticket confirmation. `makeLine`
 * answers null when the line cannot be made (it has said why).
 */
export function useConfirmedPurchase() {
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const purchase = async (makeLine: () => CartLine | null | Promise<CartLine | null>) => {
    setPending(true);
    try {
      const line = await makeLine();
      if (line && (await addToCart(line))) setConfirming(true);
    } finally {
      setPending(false);
    }
  };
  const confirmation = (
    <TicketConfirmation
      open={confirming}
      onYes={() => setConfirming(false)}
      onNo={() => {
        setConfirming(false);
        void navigate({ to: '/cart' });
      }}
    />
  );
  return { pending, purchase, confirmation };
}

export interface DaySelectProps {
  id: string;
  label: string;
  days: string[];
  value: string;
  lang: Lang;
  onChange: (day: string) => void;
}

/** The days a purchase can be made for, shown in the visitor's language. */
export function DaySelect({ id, label, days, value, lang, onChange }: DaySelectProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="field-input" value={value} onChange={(change) => onChange(change.target.value)}>
        {days.map((option) => (
          <option key={option} value={option}>
            {dayjs(option).locale(lang).format(DATE_FORMATS.display)}
          </option>
        ))}
      </select>
    </div>
  );
}
