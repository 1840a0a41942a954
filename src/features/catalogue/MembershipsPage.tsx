import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Membership } from '../../domain/contract/memberships';
import { venueNow } from '../../domain/venueTime';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { PagedList } from '../../app/PagedList';
import { PageHeading } from '../../ui/PageHeading';
import { DateField } from '../../ui/formFields';
import { screenData } from '../../app/screenData';
import { usePortal } from '../../app/portal';
import { membershipLine } from '../../domain/cart/catalogueLines';
import { useAddToCart } from '../../app/useAddToCart';
import './catalogue.css';
import { useLanguage } from '../../i18n/useLanguage';

interface PlanProps {
  plan: Membership;
  currency: string;
  /** Null while the chosen start date cannot be bought (empty, or before today). */
  onBuy: ((plan: Membership) => Promise<void>) | null;
}

function Plan({ plan, currency, onBuy }: PlanProps) {
  const { t } = useTranslation('catalogue');
  const lang = useLanguage();
  const id = useId();
  const [pending, setPending] = useState(false);
  const name = localized(plan, 'name', lang);
  const buy = async () => {
    if (!onBuy) return;
    setPending(true);
    try {
      await onBuy(plan);
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="membership-plan card" aria-labelledby={id}>
      <h2 id={id} className="membership-plan__name" dir="auto">
        {name}
      </h2>
      {plan.description ? <p dir="auto">{localized(plan, 'description', lang)}</p> : null}
      <dl className="membership-plan__facts">
        <div>
          <dt>{t('memberships.durationLabel')}</dt>
          <dd>{t('memberships.duration', { count: plan.duration_days })}</dd>
        </div>
        <div>
          <dt>{t('memberships.priceLabel')}</dt>
          <dd data-testid="membership-price">{t('memberships.priceWithVat', { price: formatAmount(plan.price + plan.tax_amount, currency) })}</dd>
        </div>
      </dl>
      <Button size="lg" pending={pending} disabled={onBuy === null} aria-label={t('memberships.buyPlan', { name })} onClick={() => void buy()}>
        {t('memberships.buy')}
      </Button>
    </li>
  );
}

/** /memberships [S0-2.11]: the venue's plans with their duration and price, a start date, and Buy (a membership line). */
const route = getRouteApi('/_site/_feature/memberships');

export function MembershipsPage() {
  const { t } = useTranslation('catalogue');
  const { t: pages } = useTranslation('pages');
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const currency = config?.currency ?? 'AED';
  const venueId = config?.venue_id ?? null;
  const today = venueNow(config?.time_zone, new Date()).today;
  const [startDate, setStartDate] = useState(today);
  const addToCart = useAddToCart();
  const state = screenData(route.useLoaderData());
  const startsInPast = startDate === '' || startDate < today;
  const buy =
    venueId === null || startsInPast
      ? null
      : async (plan: Membership) => {
          await addToCart(membershipLine(plan, { venueId, startDate, group: crypto.randomUUID() }));
        };

  return (
    <div className="container page">
      <PageHeading title={pages('sections.memberships')} />
      <p>{t('memberships.intro')}</p>
      <DateField className="membership-start" label={t('memberships.startDate')} name="start_date" value={startDate} min={today} onChange={setStartDate}
        error={startsInPast ? t('memberships.startDatePast') : undefined} hint={startsInPast ? undefined : t('memberships.startDateHint')} />
      <PagedList
        state={state}
        emptyText={t('memberships.empty')}
        listClassName="card-grid membership-plans"
        renderItem={(plan) => <Plan key={plan.id} plan={plan} currency={currency} onBuy={buy} />}
      />
    </div>
  );
}
