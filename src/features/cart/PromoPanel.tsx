import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppliedBenefit } from '../../../machines/cartActors';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

export interface PromoPanelProps {
  benefit: AppliedBenefit | null;
  /** benefits/verify is being asked. */
  verifying: boolean;
  onApplyCode: (code: string) => void;
  onApplyCard: (cardNumber: string, mobile: string) => void;
  onRemove: () => void;
}

/**
 * A promo code, or a membership card with its holder's mobile (POST benefits/verify). The server works the discounts
 * out; the answer (applied, or 'Promo not valid for selected tickets') arrives as the cart's toast.
 */
export function PromoPanel({ benefit, verifying, onApplyCode, onApplyCard, onRemove }: PromoPanelProps) {
  const { t } = useTranslation('cart');
  const [code, setCode] = useState('');
  const [card, setCard] = useState('');
  const [mobile, setMobile] = useState('');
  const [errors, setErrors] = useState<{ code?: string; card?: string; mobile?: string }>({});

  if (benefit) {
    const isCard = 'card_number' in benefit.request;
    return (
      <section className="cart-promo card" aria-label={isCard ? t('promo.benefitTitle') : t('promo.title')}>
        <p className="cart-promo__applied">
          {isCard ? t('promo.benefitApplied', { code: benefit.promotion.code }) : t('promo.applied', { code: benefit.promotion.code })}
        </p>
        <Button variant="secondary" pending={verifying} onClick={onRemove}>
          {isCard ? t('promo.removeBenefit') : t('promo.remove')}
        </Button>
      </section>
    );
  }

  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setErrors({ code: t('promo.codeRequired') });
    setErrors({});
    onApplyCode(code.trim());
  };
  const applyCard = (event: FormEvent) => {
    event.preventDefault();
    const next = { card: card.trim() === '' ? t('promo.cardRequired') : undefined, mobile: mobile.trim() === '' ? t('promo.mobileRequired') : undefined };
    setErrors(next);
    if (!next.card && !next.mobile) onApplyCard(card.trim(), mobile.trim());
  };

  return (
    <>
      <form className="cart-promo card" onSubmit={applyCode} noValidate>
        <h2 className="cart-promo__title">{t('promo.title')}</h2>
        <TextField name="promotion_code" label={t('promo.code')} value={code} onChange={setCode} error={errors.code} autoComplete="off" dir="ltr" />
        <Button type="submit" variant="secondary" pending={verifying}>
          {t('promo.apply')}
        </Button>
      </form>
      <form className="cart-promo card" aria-label={t('promo.benefitTitle')} onSubmit={applyCard} noValidate>
        <h2 className="cart-promo__title">{t('promo.benefitTitle')}</h2>
        <TextField name="card_number" label={t('promo.cardNumber')} value={card} onChange={setCard} error={errors.card} autoComplete="off" dir="ltr" />
        <TextField name="mobile" type="tel" label={t('promo.mobile')} value={mobile} onChange={setMobile} error={errors.mobile} autoComplete="tel" />
        <Button type="submit" variant="secondary" pending={verifying}>
          {t('promo.applyBenefit')}
        </Button>
      </form>
    </>
  );
}
