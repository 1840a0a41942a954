import { useSelector } from '@xstate/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_BUSINESS_DAYS } from '../../domain/constants';
import { type OrderDocuments } from '../../domain/contract/orderDocuments';
import { langOf } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { venueMoment } from '../../domain/orderDocuments/tickets';
import { usePortal } from '../../app/portal';

/** Transaction details [S0-2.53]: ref id, amount paid, pending amount, status (spec 000 §3), the lines, each payment and refund. */
export function TransactionDetails({ documents }: { documents: OrderDocuments }) {
  const { t, i18n } = useTranslation('tickets');
  const lang = langOf(i18n.language);
  const portal = usePortal();
  const timeZone = useSelector(portal.shell, (state) => state.context.config?.time_zone ?? 'Asia/Dubai');
  const { transaction } = documents;
  const amount = (value: number) => <bdi>{formatAmount(value, transaction.currency)}</bdi>;
  const moment = (iso: string) => venueMoment(iso, timeZone, lang);
  const cardRefundRequested = transaction.refunds.some((refund) => refund.method === 'card' && refund.status === 'requested');

  return (
    <section className="card transaction" aria-labelledby="transaction-heading" data-print-part="receipt">
      <h2 id="transaction-heading">{t('transaction.heading')}</h2>
      <dl className="fact-grid fact-grid-amounts">
        <dt>{t('transaction.refId')}</dt>
        <dd>
          <bdi>{transaction.reference}</bdi>
        </dd>
        <dt>{t('transaction.status')}</dt>
        <dd data-testid="transaction-status">{t(`orderStatuses.${transaction.status}`)}</dd>
        <dt>{t('transaction.amountPaid')}</dt>
        <dd data-testid="amount-paid">{amount(transaction.amount_paid)}</dd>
        <dt>{t('transaction.pendingAmount')}</dt>
        <dd data-testid="pending-amount">{amount(transaction.pending_amount)}</dd>
      </dl>

      <h3>{t('transaction.items')}</h3>
      <ul className="transaction-lines">
        {documents.lines.map((line, index) => (
          <li key={index} data-cancelled={line.cancelled || undefined}>
            <span dir="auto">
              {line.is_addon ? `${t('transaction.addon')}: ` : ''}
              {localized(line, 'name', lang)} × {line.quantity}
              {line.cancelled ? ` (${t('transaction.cancelled')})` : ''}
            </span>
            <span className="transaction-amount">{amount(line.total)}</span>
            <small>
              {t('transaction.vat')}: {amount(line.vat)}
            </small>
          </li>
        ))}
      </ul>
      <dl className="fact-grid fact-grid-amounts">
        <dt>{t('transaction.subtotal')}</dt>
        <dd>{amount(transaction.subtotal)}</dd>
        <dt>{t('transaction.vat')}</dt>
        <dd>{amount(transaction.vat)}</dd>
        {transaction.discount > 0 ? (
          <>
            <dt>{t('transaction.discount')}</dt>
            <dd>−{amount(transaction.discount)}</dd>
          </>
        ) : null}
        <dt className="transaction-total">{t('transaction.total')}</dt>
        <dd className="transaction-total">{amount(transaction.total)}</dd>
      </dl>

      <h3>{t('transaction.payments')}</h3>
      {transaction.payments.length > 0 ? (
        <dl className="fact-grid fact-grid-amounts transaction-entries">
          {transaction.payments.map((payment, index) => (
            <Fragment key={index}>
              <dt>
                {t(`transaction.methods.${payment.method}`)} · {t(`transaction.paymentStatuses.${payment.status}`)}
                <small>{moment(payment.at)}</small>
              </dt>
              <dd>{amount(payment.amount)}</dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p>{t('transaction.noPayments')}</p>
      )}

      {transaction.refunds.length > 0 ? (
        <>
          <h3>{t('transaction.refunds')}</h3>
          <dl className="fact-grid fact-grid-amounts transaction-entries" data-testid="refunds">
            {transaction.refunds.map((refund) => (
              <Fragment key={refund.id}>
                <dt>
                  {t(`transaction.refundTo.${refund.method}`)} · {t(`transaction.refundStatuses.${refund.status}`)}
                  <small>
                    {refund.line ? `${t('transaction.refundFor', { name: localized(refund.line, 'name', lang) })} · ` : ''}
                    {moment(refund.settled_at ?? refund.created_at)}
                  </small>
                </dt>
                <dd>{amount(refund.amount)}</dd>
              </Fragment>
            ))}
            {transaction.refunded_amount > 0 ? (
              <>
                <dt className="transaction-total">{t('transaction.refunded')}</dt>
                <dd className="transaction-total">{amount(transaction.refunded_amount)}</dd>
              </>
            ) : null}
            {transaction.refund_requested_amount > 0 ? (
              <>
                <dt className="transaction-total">{t('transaction.refundRequested')}</dt>
                <dd className="transaction-total">{amount(transaction.refund_requested_amount)}</dd>
              </>
            ) : null}
          </dl>
          {cardRefundRequested ? <p className="tickets-hint">{t('transaction.cardRefundNote', { days: REFUND_BUSINESS_DAYS })}</p> : null}
        </>
      ) : null}
    </section>
  );
}
