import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountPaymentMachine, amountToPay, type PaymentRequest, type TopUpRules } from '../../../machines/accountPayment';
import type { ApiResult } from '../../api/client';
import { type HostedPaymentResult, type SavedCardItem } from '../../domain/contract/wallet';
import { accountPaymentActors } from '../../services/walletActors';
import { useProvided } from '../../app/account/useAccountSession';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ChoiceGroup } from '../../ui/formFields';
import { TextField } from '../../ui/TextField';
import { useMoneyText } from './moneyParts';

/** The choice that types a new card on the gateway page. */
const NEW_CARD = 'new';

type CardPaymentDialogProps = {
  title: string;
  intro: string;
  currency: string;
  /** A top-up's rules and quick picks; absent for an invoice, whose amount is fixed. */
  topUp?: TopUpRules & { choices: number[] };
  fixedAmount?: number;
  /** The customer's cards; those that cannot pay today are left out. */
  cards: SavedCardItem[];
  start: (request: PaymentRequest) => Promise<ApiResult<{ data: HostedPaymentResult }>>;
  onClose: () => void;
};

/**
 * Pays by card through the hosted gateway page: a top-up (an amount the venue allows) or an invoice (its amount).
 * The dialog stays open, and everything chosen stays, until the browser leaves for the gateway.
 */
export function CardPaymentDialog({ title, intro, currency, topUp, fixedAmount, cards, start, onClose }: CardPaymentDialogProps) {
  const { t } = useTranslation('wallet');
  const money = useMoneyText(currency);
  const usable = cards.filter((card) => !card.is_expired);
  const machine = useProvided(() => accountPaymentMachine.provide({ actors: accountPaymentActors(start) }));
  const payment = useActorRef(machine, {
    input: {
      fixedAmount: fixedAmount ?? null,
      rules: topUp ? { topUpMin: topUp.topUpMin, topUpMax: topUp.topUpMax, topUpStep: topUp.topUpStep } : null,
      cardId: usable.find((card) => card.is_default)?.id ?? usable[0]?.id ?? null,
    },
  });
  const context = useSelector(payment, (state) => state.context);
  const pending = useSelector(payment, (state) => state.hasTag('pending'));
  const leaving = useSelector(payment, (state) => state.matches('leaving'));
  const amount = amountToPay(context);
  const rulesText = topUp ? { min: money.amount(topUp.topUpMin), max: money.amount(topUp.topUpMax), step: money.amount(topUp.topUpStep) } : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    payment.send({ type: context.error?.code === 'server' ? 'payment.retry' : 'payment.submit' });
  };

  return (
    <Dialog
      open
      title={title}
      onClose={pending ? undefined : onClose}
      size="md"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('topUp.cancel')}
          </Button>
          <Button type="submit" form="card-payment-form" size="lg" pending={pending}>
            {Number.isFinite(amount) && amount > 0 ? t('topUp.pay', { amount: money.amount(amount) }) : t('topUp.payNoAmount')}
          </Button>
        </>
      }
    >
      <form id="card-payment-form" className="card-payment" noValidate onSubmit={submit}>
        <p>{intro}</p>
        {topUp && rulesText ? (
          <fieldset className="card-payment-amounts">
            <legend>{t('topUp.amounts')}</legend>
            <div className="amount-choices">
              {topUp.choices.map((choice) => (
                <Button
                  key={choice}
                  variant={amount === choice ? 'primary' : 'secondary'}
                  aria-pressed={amount === choice}
                  onClick={() => payment.send({ type: 'amount.choose', amount: choice })}
                >
                  {money.amount(choice)}
                </Button>
              ))}
            </div>
            <TextField
              label={t('topUp.other')}
              name="top-up-amount"
              type="number"
              inputMode="decimal"
              value={context.amountText}
              onChange={(text) => payment.send({ type: 'amount.type', text })}
              hint={t('topUp.otherHint', rulesText)}
              error={context.error?.code === 'amount' ? t('topUp.amountError', rulesText) : undefined}
            />
          </fieldset>
        ) : null}
        <ChoiceGroup
          legend={t('payWith.label')}
          name="pay-with"
          kind="radio"
          selected={[context.cardId === null ? NEW_CARD : String(context.cardId)]}
          options={[
            ...usable.map((card) => ({ value: String(card.id), label: t('payWith.savedCard', { brand: card.brand, last4: card.last4, expiry: card.expiry }) })),
            { value: NEW_CARD, label: t('payWith.newCard') },
          ]}
          onToggle={(value) => payment.send({ type: 'card.choose', cardId: value === NEW_CARD ? null : Number(value) })}
        />
        {context.error?.code === 'server' ? (
          <p className="money-error" role="alert">
            {context.error.message}
          </p>
        ) : null}
        {leaving ? <p role="status">{t('topUp.leaving')}</p> : null}
      </form>
    </Dialog>
  );
}
