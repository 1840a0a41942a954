import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payInvoice } from '../../api/wallet';
import { type CreditInvoice } from '../../domain/contract/wallet';
import { PagedList } from '../../app/PagedList';
import { LoadState } from '../../app/LoadState';
import { usePortal } from '../../app/portal';
import { screenData } from '../../app/screenData';
import { useSiteConfig } from '../../app/account/useAccountSession';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { CardPaymentDialog } from './CardPaymentDialog';
import { MoneyNav, PaymentOutcome, useMoneyText } from './moneyParts';

const partnerRoute = getRouteApi('/_site/_login/profile/partner');

/**
 * A partner's credit facility (limit, used, available), its details and its invoice dues, each unpaid one payable
 * by card; an invoice overdue beyond the venue's grace days blocks credit purchases, said at the top. A B2E
 * employee sees their own purchases on the company's credit, which the company settles.
 */
export function PartnerPage() {
  const { t } = useTranslation('wallet');
  const { api } = usePortal();
  const router = useRouter();
  const config = useSiteConfig();
  const search = partnerRoute.useSearch();
  const loaded = partnerRoute.useLoaderData();
  const state = screenData(loaded.account);
  const cards = loaded.cards.ok ? loaded.cards.data.data : [];
  const [paying, setPaying] = useState<CreditInvoice | null>(null);
  const data = state.status === 'ready' ? state.data.data : null;
  const account = data?.account ?? null;
  const money = useMoneyText(account?.currency ?? '');
  const isEmployee = account?.kind === 'b2e';

  return (
    <div className="container page money-page">
      <PageHeading title={t(isEmployee ? 'partner.employeeTitle' : 'partner.title')} />
      <MoneyNav />
      <PaymentOutcome outcome={search.payment} paidKey="partner.paid" declinedKey="partner.declined" />
      <LoadState state={state} />
      {account?.blocked_by ? (
        <p className="money-error" role="alert">
          {t('partner.blocked', { invoice: account.blocked_by, days: account.grace_days })}
        </p>
      ) : null}
      {account ? (
        <div className="partner-overview">
          <dl className="money-facts card">
            <div>
              <dt>{t('partner.creditLimit')}</dt>
              <dd dir="ltr">{money.amount(account.credit_limit)}</dd>
            </div>
            <div>
              <dt>{t('partner.used')}</dt>
              <dd dir="ltr">{money.amount(account.credit_used)}</dd>
            </div>
            <div>
              <dt>{t('partner.available')}</dt>
              <dd dir="ltr">{money.amount(account.credit_available)}</dd>
            </div>
          </dl>
          {isEmployee ? null : (
            <section className="partner-details card" aria-labelledby="partner-details">
              <h2 id="partner-details">{t('partner.details')}</h2>
              {account.details.image ? <img className="partner-image" src={`${config.image_base_url}${account.details.image}`} alt={t('partner.image')} width={96} height={96} /> : null}
              <dl className="profile-facts">
                <dt>{t('partner.contactPerson')}</dt>
                <dd dir="auto">{account.details.contact_person ?? '—'}</dd>
                <dt>{t('partner.entityType')}</dt>
                <dd dir="auto">{account.details.entity_type ?? '—'}</dd>
                <dt>{t('partner.entityName')}</dt>
                <dd dir="auto">{account.details.entity_name ?? '—'}</dd>
              </dl>
            </section>
          )}
        </div>
      ) : null}
      <h2>{t(isEmployee ? 'partner.employeePurchases' : 'partner.invoices')}</h2>
      {isEmployee ? <p className="money-intro">{t('partner.employeeIntro')}</p> : null}
      <PagedList
        state={state}
        emptyText={t('partner.empty')}
        listClassName="invoices"
        renderItem={(invoice) => (
          <li key={invoice.id} className={`invoice card invoice-${invoice.status}`} aria-label={invoice.number}>
            <dl className="invoice-facts">
              <div>
                <dt>{t('partner.invoiceNumber')}</dt>
                <dd dir="ltr">{invoice.number}</dd>
              </div>
              <div>
                <dt>{t('partner.order')}</dt>
                <dd dir="ltr">{invoice.order_reference ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('partner.amount')}</dt>
                <dd dir="ltr">{money.amount(invoice.amount)}</dd>
              </div>
              <div>
                <dt>{t('partner.dueDate')}</dt>
                <dd>{money.date(invoice.due_date)}</dd>
              </div>
              <div>
                <dt>{t('partner.status')}</dt>
                <dd>
                  <span className={`badge badge-${invoice.status}`}>{t(`partner.statuses.${invoice.status}`)}</span>
                  {invoice.blocks_credit ? <span className="invoice-blocking"> {t('partner.blocking')}</span> : null}
                </dd>
              </div>
            </dl>
            {invoice.status !== 'paid' && !isEmployee ? (
              <Button onClick={() => setPaying(invoice)} aria-label={`${t('partner.pay')}: ${invoice.number}`}>
                {t('partner.pay')}
              </Button>
            ) : null}
          </li>
        )}
      />
      {paying && account ? (
        <CardPaymentDialog
          title={t('partner.payTitle', { number: paying.number })}
          intro={t('partner.payIntro', { amount: money.amount(paying.amount) })}
          currency={account.currency}
          fixedAmount={paying.amount}
          cards={cards}
          start={({ cardId }) => payInvoice(api, paying.id, cardId)}
          onClose={() => {
            setPaying(null);
            void router.invalidate();
          }}
        />
      ) : null}
    </div>
  );
}
