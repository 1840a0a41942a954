import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BenefitRequest } from '../../../machines/cartActors';
import { checkoutMachine, checkoutSplit, type CheckoutError } from '../../../machines/checkout';
import { isGuestAllowed } from '../../../machines/guestLogin';
import { type CartLine } from '../../domain/cart/lines';
import { type CartTotals } from '../../domain/cart/totals';
import { orderRefusalOf } from '../../domain/checkout/orderRefusals';
import { availableCredit } from '../../domain/checkout/payment';
import { formatAmount } from '../../domain/money';
import { createCheckoutActors } from '../../services/checkout';
import { Button, buttonClass } from '../../ui/Button';
import { useKioskMode } from '../../ui/kiosk';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toast';
import { GuestLoginDialog } from '../../app/account/GuestLoginDialog';
import { NetworkWait } from '../../app/NetworkWait';
import { usePortal } from '../../app/portal';
import { ApprovalModal, SuccessModal } from './ResultDialogs';
import './checkout.css';

export interface CheckoutPanelProps {
  lines: CartLine[];
  totals: CartTotals;
  /** The promo code or membership card applied to the cart, as the order sends it. */
  benefit: BenefitRequest | null;
  /** The order is placed (or the visitor leaves for the payment page): the cart page sends 'cart.reset'. */
  onOrdered(): void;
}

const NOTES_MAX = 500;

/** Our own refusals (capacity, a passed workshop start) in the visitor's language; any other server text as it came. */
function errorText(t: (key: string, values?: Record<string, string | number>) => string, error: CheckoutError): string {
  if (error.code !== 'server') return t(`errors.${error.code}`);
  const known = orderRefusalOf(error.message);
  return known ? t(known.key, known.values) : error.message;
}

/**
 * The cart's checkout: who pays how (card, saved card, wallet, q-points, partner credit), order notes, the amount
 * left for the card and the Pay button; then the result (gateway, success or approval-required modal). Visitors
 * without a session are asked to sign in, or to continue as a guest where the venue allows it.
 */
export function CheckoutPanel({ lines, totals, benefit, onOrdered }: CheckoutPanelProps) {
  const { t } = useTranslation('checkout');
  const { api, shell, session, kiosk: kioskControls } = usePortal();
  const navigate = useNavigate();
  const kiosk = useKioskMode();
  const config = useSelector(shell, (state) => state.context.config);
  const user = useSelector(session, (state) => state.context.user);
  const currency = config?.currency;
  const [machine] = useState(() => checkoutMachine.provide({ actors: createCheckoutActors(api) }));
  const checkout = useActorRef(machine, {
    input: { user, lines, total: totals.total, benefit, isBaps: config?.is_baps === 1, newKey: () => crypto.randomUUID() },
  });

  useEffect(() => {
    checkout.send({ type: 'cart.update', lines, total: totals.total, benefit });
  }, [checkout, lines, totals.total, benefit]);

  const startedWith = useRef(user);
  useEffect(() => {
    if (startedWith.current === user) return;
    startedWith.current = user;
    checkout.send({ type: 'session.change', user });
  }, [checkout, user]);

  const ordered = useRef(onOrdered);
  ordered.current = onOrdered;
  // 'View order' waits for the checkout to finish (key cleared, cart reset) before leaving the cart page.
  const viewAfterClose = useRef<string | null>(null);
  // On a terminal, a visit ends with its order: closing the result wipes the visitor for the next one.
  const endVisitAfterClose = useRef(kiosk);
  endVisitAfterClose.current = kiosk;
  useEffect(() => {
    const subscription = checkout.on('order.placed', ({ result }) => {
      ordered.current();
      const token = viewAfterClose.current;
      viewAfterClose.current = null;
      if (token) void navigate({ to: '/paymentsuccess/$token', params: { token } });
      else if (endVisitAfterClose.current && !result.url) void kioskControls.endVisitorSession();
    });
    return () => subscription.unsubscribe();
  }, [checkout, navigate, kioskControls]);

  // Failed calls show the server message in an error toast too (S1-8.1); it also stays beside the Pay button.
  const refusal = useSelector(checkout, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  useEffect(() => {
    if (refusal?.code === 'server') toast.error(errorText(t, refusal));
  }, [refusal, t]);

  const state = useSelector(checkout, (snapshot) => snapshot);
  const { context } = state;
  const pending = state.hasTag('pending');
  const split = checkoutSplit(context);
  const amount = (value: number) => formatAmount(value, currency);
  const kind = context.user === null ? 'visitor' : context.user.is_anonymous ? 'guest' : 'account';
  const editable = state.matches('ready') || state.matches('failed');
  const [guestDialog, setGuestDialog] = useState(false);

  if (state.matches('starting') || state.matches('loadingBalances')) {
    return (
      <section className="card checkout-panel" aria-busy="true" aria-label={t('title')}>
        <h2 className="checkout-title">{t('title')}</h2>
        <p className="checkout-loading">
          <Spinner label={t('loading')} showLabel />
        </p>
      </section>
    );
  }

  const closeResult = () => checkout.send({ type: 'result.close' });
  const viewOrder = (token: string) => {
    viewAfterClose.current = token;
    closeResult();
  };

  if (kind === 'visitor' && editable) {
    const guestAllowed = isGuestAllowed({ guestCheckoutEnabled: config?.is_guest_checkout === 1, isBaps: config?.is_baps === 1, cartLineTypes: lines.map((line) => line.type) });
    return (
      <section className="card checkout-panel checkout-login" aria-labelledby="checkout-login-title">
        <h2 id="checkout-login-title" className="checkout-title">
          {t('login.title')}
        </h2>
        <p>{t('login.text')}</p>
        <div className="checkout-actions">
          <Link to="/login" search={{ nextUrl: '/cart' }} className={buttonClass('primary', 'lg')}>
            {t('login.action')}
          </Link>
          {guestAllowed ? (
            <>
              <p>{t('login.guestText')}</p>
              <Button variant="secondary" size="lg" onClick={() => setGuestDialog(true)}>
                {t('login.guest')}
              </Button>
            </>
          ) : null}
        </div>
        {guestAllowed ? (
          <GuestLoginDialog open={guestDialog} onClose={() => setGuestDialog(false)} onSignedIn={() => setGuestDialog(false)} cartLineTypes={lines.map((line) => line.type)} />
        ) : null}
      </section>
    );
  }

  const { options, choices, balances } = context;
  const payLabel = split.card > 0 ? t('pay', { amount: amount(split.card) }) : t('placeOrder');
  const errorId = 'checkout-error';

  return (
    <section className="card checkout-panel" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="checkout-title">
        {t('title')}
      </h2>

      {kind === 'guest' && context.user?.email ? <p className="checkout-note">{t('guestNotice', { email: context.user.email })}</p> : null}

      {context.balancesFailed ? (
        <div className="checkout-warning" role="status">
          <p>{t('balancesFailed')}</p>
          <Button variant="secondary" onClick={() => checkout.send({ type: 'balances.retry' })}>
            {t('retry')}
          </Button>
        </div>
      ) : null}

      {balances?.credit_blocked_by ? (
        <p className="checkout-warning" role="alert">
          {t('refusals.creditBlocked', { invoice: balances.credit_blocked_by })} <Link to="/profile/partner">{t('creditBlockedLink')}</Link>
        </p>
      ) : null}

      <fieldset className="checkout-methods" disabled={!editable}>
        <legend>{t('methods.legend')}</legend>
        {options.credit ? (
          <label className="checkout-choice">
            <input type="radio" name="checkout-method" checked={choices.method === 'credit'} onChange={() => checkout.send({ type: 'payment.choose', method: 'credit' })} />
            <span>
              {t('methods.credit')}
              <small>{t('methods.creditAvailable', { amount: amount(availableCredit(balances)) })}</small>
            </span>
          </label>
        ) : null}
        {options.savedCards.map((card) => (
          <label key={card.id} className="checkout-choice">
            <input
              type="radio"
              name="checkout-method"
              checked={choices.method === 'card' && choices.cardId === card.id}
              onChange={() => checkout.send({ type: 'card.choose', cardId: card.id })}
            />
            <span dir="auto">{t('methods.savedCard', { brand: card.brand, last4: card.last4, expiry: card.expiry })}</span>
          </label>
        ))}
        {options.newCard ? (
          <label className="checkout-choice">
            <input type="radio" name="checkout-method" checked={choices.method === 'card' && choices.cardId === null} onChange={() => checkout.send({ type: 'card.choose', cardId: null })} />
            <span>{options.savedCards.length > 0 ? t('methods.newCard') : t('methods.card')}</span>
          </label>
        ) : null}
        {options.saveCard && choices.method === 'card' && choices.cardId === null ? (
          <label className="checkout-check">
            <input type="checkbox" checked={choices.saveCard} onChange={(event) => checkout.send({ type: 'card.save', save: event.target.checked })} />
            <span>{t('methods.saveCard')}</span>
          </label>
        ) : null}
      </fieldset>

      {options.wallet || options.qpoints ? (
        <fieldset className="checkout-methods" disabled={!editable}>
          <legend>{t('methods.balances')}</legend>
          {options.wallet ? (
            <label className="checkout-check">
              <input type="checkbox" checked={choices.wallet} onChange={() => checkout.send({ type: 'wallet.toggle' })} />
              <span>{t('methods.wallet', { amount: amount(balances?.wallet ?? 0) })}</span>
            </label>
          ) : null}
          {options.qpoints ? (
            <label className="checkout-check">
              <input type="checkbox" checked={choices.qpoints} onChange={() => checkout.send({ type: 'qpoints.toggle' })} />
              <span>{t('methods.qpoints', { amount: amount(balances?.qpoints ?? 0) })}</span>
            </label>
          ) : null}
        </fieldset>
      ) : null}

      <TextField
        name="order_notes"
        label={t('notes.label')}
        hint={t('notes.hint')}
        value={choices.notes}
        maxLength={NOTES_MAX}
        disabled={!editable}
        onChange={(notes) => checkout.send({ type: 'notes.change', notes })}
      />

      <dl className="checkout-summary" aria-label={t('summary.label')}>
        <dt>{t('summary.total')}</dt>
        <dd>{amount(totals.total)}</dd>
        {split.wallet > 0 ? (
          <>
            <dt>{t('summary.wallet')}</dt>
            <dd>−{amount(split.wallet)}</dd>
          </>
        ) : null}
        {split.qpoints > 0 ? (
          <>
            <dt>{t('summary.qpoints')}</dt>
            <dd>−{amount(split.qpoints)}</dd>
          </>
        ) : null}
        {split.credit > 0 ? (
          <>
            <dt>{t('summary.credit')}</dt>
            <dd>{amount(split.credit)}</dd>
          </>
        ) : null}
        {choices.method === 'card' || split.card > 0 ? (
          <>
            <dt className="checkout-due">{t('summary.card')}</dt>
            <dd className="checkout-due" data-testid="checkout-card-amount">
              {amount(split.card)}
            </dd>
          </>
        ) : null}
      </dl>

      {context.error && !state.matches('lost') ? (
        <p id={errorId} className="checkout-error" role="alert">
          {errorText(t, context.error)}
        </p>
      ) : null}
      {state.matches('lost') ? (
        <p id={errorId} className="checkout-error" role="alert">
          {t('lost.text')}
        </p>
      ) : null}
      {state.matches('redirecting') ? (
        <p className="checkout-note" role="status">
          {t('redirecting')}
        </p>
      ) : null}

      <div className="checkout-pay">
        {state.matches('lost') ? (
          <Button size="lg" className="checkout-pay-button" onClick={() => checkout.send({ type: 'order.retry' })} aria-describedby={errorId}>
            {t('lost.retry')}
          </Button>
        ) : (
          <Button
            size="lg"
            className="checkout-pay-button"
            pending={pending}
            disabled={lines.length === 0 || !(editable || pending)}
            aria-describedby={context.error ? errorId : undefined}
            onClick={() => checkout.send({ type: 'order.submit' })}
          >
            {pending ? t('processing') : payLabel}
          </Button>
        )}
        <NetworkWait />
      </div>

      <SuccessModal open={state.matches('succeeded')} orderToken={context.result?.order_token ?? null} onClose={closeResult} onView={viewOrder} />
      <ApprovalModal open={state.matches('awaitingApproval')} orderToken={context.result?.order_token ?? null} onClose={closeResult} onView={viewOrder} />
    </section>
  );
}

export default CheckoutPanel;
