import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_BUSINESS_DAYS } from '../../domain/constants';
import { type OrderSummary } from '../../domain/contract/orders';
import { formatAmount } from '../../domain/money';
import { Button, buttonClass } from '../../ui/Button';
import { LoadState } from '../../app/LoadState';
import { PageHeading } from '../../ui/PageHeading';
import { screenData } from '../../app/screenData';
import { TicketQr } from '../../ui/TicketQr';
import './checkout.css';

const successRoute = getRouteApi('/_site/paymentsuccess/$token');

/** /paymentsuccess/{token}: the order the payment returned to, with its tickets [S0-2.35]. */
export function PaymentSuccessPage() {
  const { t } = useTranslation(['checkout', 'pages']);
  const router = useRouter();
  const order = screenData(successRoute.useLoaderData());
  const retry = () => void router.invalidate();

  if (order.status === 'error' && (order.code === 404 || order.code === 400)) {
    return (
      <div className="container page order-page">
        <PageHeading title={t('order.title')} />
        <p role="alert">{t('order.notFound')}</p>
        <Link to="/" className={buttonClass('primary', 'lg')}>
          {t('order.home')}
        </Link>
      </div>
    );
  }
  if (order.status !== 'ready') {
    return (
      <div className="container page order-page">
        <PageHeading title={t('order.title')} />
        <LoadState state={order} />
        {order.status === 'error' ? (
          <Button size="lg" onClick={retry}>
            {t('order.retry')}
          </Button>
        ) : null}
      </div>
    );
  }
  const summary = order.data.data;
  if (summary.status === 'pending_payment') {
    return (
      <div className="container page order-page">
        <PageHeading title={t('order.pendingTitle')} />
        <p role="status">{t('order.pendingText')}</p>
        <p>
          {t('order.reference')}: <bdi>{summary.reference}</bdi>
        </p>
        <Button size="lg" onClick={retry}>
          {t('order.retry')}
        </Button>
      </div>
    );
  }
  return <OrderView summary={summary} />;
}

function OrderView({ summary }: { summary: OrderSummary }) {
  const { t, i18n } = useTranslation(['checkout', 'pages']);
  const arabic = i18n.language === 'ar';
  const name = (item: { name: string; ar_name?: string | null }) => (arabic && item.ar_name ? item.ar_name : item.name);
  const amount = (value: number) => formatAmount(value, summary.currency);
  const title = summary.status === 'paid' ? t('pages:payment.successTitle') : t('order.title');
  const payments = (
    [
      ['paidByCard', summary.paid_by_card],
      ['paidByWallet', summary.paid_by_wallet],
      ['paidByQpoints', summary.paid_by_qpoints],
      ['paidByCredit', summary.paid_by_credit],
    ] as const
  ).filter(([, paid]) => paid > 0);
  return (
    <div className="container page order-page">
      <PageHeading title={title} />
      <section className="card">
        <dl className="fact-grid">
          <dt>{t('order.reference')}</dt>
          <dd>
            <bdi data-testid="order-reference">{summary.reference}</bdi>
          </dd>
          <dt>{t('order.status')}</dt>
          <dd data-testid="order-status">{t(`order.statuses.${summary.status}`)}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="order-items">
        <h2 id="order-items">{t('order.items')}</h2>
        <ul className="order-lines">
          {summary.lines.map((line, index) => (
            <li key={index} className="order-line">
              <span>
                <strong dir="auto">{name(line)}</strong>
                <br />
                {t('order.quantity', { count: line.quantity })}
                {line.date ? (
                  <>
                    {' · '}
                    <bdi>
                      {line.date}
                      {line.start_time ? ` ${line.start_time.slice(0, 5)}` : ''}
                      {line.end_time ? `–${line.end_time.slice(0, 5)}` : ''}
                    </bdi>
                  </>
                ) : null}
              </span>
              <bdi>{amount(line.total)}</bdi>
              {line.addons.length > 0 ? (
                <ul className="order-line-addons">
                  {line.addons.map((addon, addonIndex) => (
                    <li key={addonIndex}>
                      {t('order.addon', { name: name(addon), count: addon.quantity })} · <bdi>{amount(addon.total)}</bdi>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <dl className="fact-grid fact-grid-amounts order-totals">
          <dt>{t('order.subtotal')}</dt>
          <dd>
            <bdi>{amount(summary.subtotal)}</bdi>
          </dd>
          <dt>{t('order.vat')}</dt>
          <dd>
            <bdi>{amount(summary.vat)}</bdi>
          </dd>
          {summary.discount > 0 ? (
            <>
              <dt>{t('order.discount')}</dt>
              <dd>
                <bdi>−{amount(summary.discount)}</bdi>
              </dd>
            </>
          ) : null}
          <dt className="order-total">{t('order.total')}</dt>
          <dd className="order-total">
            <bdi data-testid="order-total">{amount(summary.total)}</bdi>
          </dd>
        </dl>
      </section>

      {payments.length > 0 ? (
        <section className="card" aria-labelledby="order-payments">
          <h2 id="order-payments">{t('order.payments')}</h2>
          <dl className="fact-grid fact-grid-amounts order-totals">
            {payments.map(([key, paid]) => (
              <Fragment key={key}>
                <dt>{t(`order.${key}`)}</dt>
                <dd>
                  <bdi>{amount(paid)}</bdi>
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ) : null}

      {summary.tickets.length > 0 ? (
        <section className="card" aria-labelledby="order-tickets">
          <h2 id="order-tickets">{t('order.tickets')}</h2>
          <ul className="order-tickets">
            {summary.tickets.map((ticket) => (
              <li key={ticket.code} className="order-ticket">
                <TicketQr code={ticket.code} label={t('order.qrLabel', { code: ticket.code })} />
                <span dir="auto">{ticket.label}</span>
                <bdi className="order-ticket-holder" data-testid="ticket-holder">
                  {ticket.holder}
                </bdi>
                <span className="order-ticket-code" data-testid="ticket-code">
                  {ticket.code}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Link to="/" className={buttonClass('primary', 'lg')}>
        {t('order.home')}
      </Link>
    </div>
  );
}

export function PaymentFailedPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="container page payment-failed">
      <PageHeading title={t('payment.failedTitle')} />
      <p>{t('payment.failedText', { days: REFUND_BUSINESS_DAYS })}</p>
      <div className="cluster">
        <Link to="/cart" className={buttonClass('primary', 'lg')}>
          {t('payment.backToCart')}
        </Link>
        <Link to="/" className={buttonClass('secondary', 'lg')}>
          {t('payment.home')}
        </Link>
      </div>
    </div>
  );
}
