import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { topUpWallet } from '../../api/wallet';
import { type QpointsEntry, type WalletEntry } from '../../domain/contract/wallet';
import { QPOINT_VALUE } from '../../domain/wallet/walletRules';
import { PagedList } from '../../app/PagedList';
import { LoadState } from '../../app/LoadState';
import { usePortal } from '../../app/portal';
import { screenData } from '../../app/screenData';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { CardPaymentDialog } from './CardPaymentDialog';
import { MoneyNav, PaymentOutcome, RangeFilter, useMoneyText } from './moneyParts';

const walletRoute = getRouteApi('/_site/_login/profile/user/wallet');
const qpointsRoute = getRouteApi('/_site/_login/profile/user/q-points');

type HistoryRow = { id: number; change: string; isCredit: boolean; balance: string; reference: string | null; when: string };

/** One entry of a history: when, what, which order, how much, and the balance right after it. */
function HistoryItem({ row, typeLabel }: { row: HistoryRow; typeLabel: string }) {
  const { t } = useTranslation('wallet');
  return (
    <li className="ledger-entry">
      <span className="ledger-type">{typeLabel}</span>
      <span className={`ledger-change${row.isCredit ? ' is-credit' : ''}`} dir="ltr">
        {row.change}
      </span>
      <span className="ledger-when">{row.when}</span>
      <span className="ledger-balance">{t('history.balanceAfter', { amount: row.balance })}</span>
      <span className="ledger-order">
        {t('history.order')}: <span dir="ltr">{row.reference ?? t('history.noOrder')}</span>
      </span>
    </li>
  );
}

export function WalletPage() {
  const { t } = useTranslation('wallet');
  const { api } = usePortal();
  const router = useRouter();
  const search = walletRoute.useSearch();
  const loaded = walletRoute.useLoaderData();
  const state = screenData(loaded.ledger);
  const cards = loaded.cards.ok ? loaded.cards.data.data : [];
  const [topUpOpen, setTopUpOpen] = useState(false);
  const data = state.status === 'ready' ? state.data.data : null;
  const money = useMoneyText(data?.currency ?? '');
  const row = (entry: WalletEntry): HistoryRow => ({
    id: entry.id,
    change: money.signed(entry.amount),
    isCredit: entry.amount > 0,
    balance: money.amount(entry.balance),
    reference: entry.order_reference,
    when: money.dateTime(entry.created_at),
  });
  return (
    <div className="container page money-page">
      <PageHeading title={t('wallet.title')} />
      <MoneyNav />
      <PaymentOutcome outcome={search.payment} paidKey="wallet.paid" declinedKey="wallet.declined" />
      <LoadState state={state} />
      {data ? (
        <section className="money-summary card" aria-labelledby="wallet-balance">
          <h2 id="wallet-balance" className="money-summary-label">
            {t('wallet.balance')}
          </h2>
          <p className="money-summary-amount" dir="ltr">
            {money.amount(data.balance)}
          </p>
          <Button size="lg" onClick={() => setTopUpOpen(true)}>
            {t('wallet.topUp')}
          </Button>
        </section>
      ) : null}
      <h2>{t('history.title')}</h2>
      <RangeFilter current={search.range ?? 'all'} />
      <PagedList state={state} emptyText={t('wallet.empty')} listClassName="ledger" renderItem={(entry) => <HistoryItem key={entry.id} row={row(entry)} typeLabel={t(`wallet.types.${entry.type}`)} />} />
      {topUpOpen && data ? (
        <CardPaymentDialog
          title={t('topUp.title')}
          intro={t('topUp.intro')}
          currency={data.currency}
          topUp={{ topUpMin: data.top_up.min, topUpMax: data.top_up.max, topUpStep: data.top_up.step, choices: data.top_up.choices }}
          cards={cards}
          start={({ amount, cardId }) => topUpWallet(api, amount, cardId)}
          onClose={() => {
            setTopUpOpen(false);
            void router.invalidate();
          }}
        />
      ) : null}
    </div>
  );
}

export function QPointsPage() {
  const { t } = useTranslation('wallet');
  const search = qpointsRoute.useSearch();
  const state = screenData(qpointsRoute.useLoaderData());
  const data = state.status === 'ready' ? state.data.data : null;
  const money = useMoneyText(data?.currency ?? '');
  const points = (value: number) => t('qpoints.pointsCount', { count: value });
  const row = (entry: QpointsEntry): HistoryRow => ({
    id: entry.id,
    change: entry.points > 0 ? `+${points(entry.points)}` : points(entry.points),
    isCredit: entry.points > 0,
    balance: points(entry.balance),
    reference: entry.order_reference,
    when: money.dateTime(entry.created_at),
  });
  return (
    <div className="container page money-page">
      <PageHeading title={t('qpoints.title')} />
      <MoneyNav />
      <LoadState state={state} />
      {data ? (
        <section className="money-summary card" aria-labelledby="qpoints-balance">
          <h2 id="qpoints-balance" className="money-summary-label">
            {t('qpoints.balance')}
          </h2>
          <p className="money-summary-amount">{points(data.balance)}</p>
          <p className="money-summary-value" dir="auto">
            {t('qpoints.value', { amount: money.amount(data.value) })}
          </p>
          {data.points_per_unit > 0 ? (
            <p className="money-summary-rule">
              {t('qpoints.rule', { points: 1, amount: money.amount(Math.round(1 / data.points_per_unit)), value: money.amount(QPOINT_VALUE) })}
            </p>
          ) : null}
          {data.next_expiry ? (
            <p className="money-summary-expiry" data-testid="qpoints-next-expiry">
              {t('qpoints.expiry', { count: data.next_expiry.points, date: money.venueDate(data.next_expiry.at) })}
            </p>
          ) : null}
        </section>
      ) : null}
      <h2>{t('history.title')}</h2>
      <RangeFilter current={search.range ?? 'all'} />
      <PagedList state={state} emptyText={t('qpoints.empty')} listClassName="ledger" renderItem={(entry) => <HistoryItem key={entry.id} row={row(entry)} typeLabel={t(`qpoints.types.${entry.type}`)} />} />
    </div>
  );
}
