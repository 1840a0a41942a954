import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '../../domain/contract/offersOutlets';
import { dayjs, DATE_FORMATS } from '../../domain/dates';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { useAddToCart } from '../../app/useAddToCart';
import { PagedList } from '../../app/PagedList';
import { PageHeading } from '../../ui/PageHeading';
import { screenData } from '../../app/screenData';
import { usePortal } from '../../app/portal';
import { offerLine } from '../../domain/cart/offerOutletLines';
import './offers.css';
import { useLanguage } from '../../i18n/useLanguage';

interface OfferCardProps {
  offer: Offer;
  currency: string;
  /** Null until the venue is known. */
  onAdd: ((offer: Offer) => Promise<void>) | null;
}

function OfferCard({ offer, currency, onAdd }: OfferCardProps) {
  const { t } = useTranslation('offers');
  const lang = useLanguage();
  const id = useId();
  const [pending, setPending] = useState(false);
  const name = localized(offer, 'name', lang);
  const add = async () => {
    if (!onAdd) return;
    setPending(true);
    try {
      await onAdd(offer);
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="offer-card card" aria-labelledby={id}>
      <h2 id={id} className="offer-card__name" dir="auto">
        {name}
      </h2>
      {offer.description ? <p dir="auto">{localized(offer, 'description', lang)}</p> : null}
      <dl className="offer-card__facts">
        <div>
          <dt>{t('offers.validLabel')}</dt>
          <dd dir="ltr">{dayjs(offer.valid_to).format(DATE_FORMATS.dateDmy)}</dd>
        </div>
        <div>
          <dt>{t('offers.priceLabel')}</dt>
          <dd data-testid="offer-price">{t('priceWithVat', { price: formatAmount(offer.price + offer.tax_amount, currency) })}</dd>
        </div>
      </dl>
      <Button size="lg" pending={pending} disabled={onAdd === null} aria-label={t('addNamed', { name })} onClick={() => void add()}>
        {t('addToCart')}
      </Button>
    </li>
  );
}

const route = getRouteApi('/_site/_feature/offers');

/** /offers [S0-2.17]: the packages on sale today with their price; Add to cart puts one in (an offer line). */
export function OffersPage() {
  const { t } = useTranslation('offers');
  const { t: pages } = useTranslation('pages');
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const currency = config?.currency ?? 'AED';
  const venueId = config?.venue_id ?? null;
  const addToCart = useAddToCart();
  const state = screenData(route.useLoaderData());
  const add =
    venueId === null
      ? null
      : async (offer: Offer) => {
          await addToCart(offerLine(offer, { venueId, group: crypto.randomUUID() }));
        };

  return (
    <div className="container page">
      <PageHeading title={pages('sections.offers')} />
      <p>{t('offers.intro')}</p>
      <PagedList
        state={state}
        emptyText={t('offers.empty')}
        listClassName="card-grid offer-cards"
        renderItem={(offer) => <OfferCard key={offer.id} offer={offer} currency={currency} onAdd={add} />}
      />
    </div>
  );
}
