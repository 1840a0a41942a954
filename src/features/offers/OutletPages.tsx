import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutletProduct, OutletWithProducts } from '../../domain/contract/offersOutlets';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { Button } from '../../ui/Button';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { useAddToCart } from '../../app/useAddToCart';
import { LoadState } from '../../app/LoadState';
import { PagedList } from '../../app/PagedList';
import { PageHeading } from '../../ui/PageHeading';
import { screenData } from '../../app/screenData';
import { usePortal } from '../../app/portal';
import { posLine } from '../../domain/cart/offerOutletLines';
import './offers.css';
import { useLanguage } from '../../i18n/useLanguage';

const listRoute = getRouteApi('/_site/_feature/outlets');
const detailRoute = getRouteApi('/_site/_feature/outlets/$id');

/** /outlets [S0-2.14]: the venue's outlets, each leading to its products. */
export function OutletsPage() {
  const { t } = useTranslation('offers');
  const { t: pages } = useTranslation('pages');
  const lang = useLanguage();
  const state = screenData(listRoute.useLoaderData());
  return (
    <div className="container page">
      <PageHeading title={pages('sections.outlets')} />
      <p>{t('outlets.intro')}</p>
      <PagedList
        state={state}
        emptyText={t('outlets.empty')}
        listClassName="card-grid"
        renderItem={(outlet) => (
          <li key={outlet.id}>
            <Link to="/outlets/$id" params={{ id: String(outlet.id) }} className="entry-card card">
              <span className="entry-card-body">
                <span className="entry-card-title" dir="auto">
                  {localized(outlet, 'name', lang)}
                </span>
                {outlet.description ? (
                  <span className="entry-card-fact" dir="auto">
                    {localized(outlet, 'description', lang)}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        )}
      />
    </div>
  );
}

interface ProductProps {
  product: OutletProduct;
  currency: string;
  lang: Lang;
  /** Null until the venue is known. */
  onAdd: ((product: OutletProduct, quantity: number) => Promise<boolean>) | null;
}

function Product({ product, currency, lang, onAdd }: ProductProps) {
  const { t } = useTranslation('offers');
  const id = useId();
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState(false);
  const name = localized(product, 'name', lang);
  const add = async () => {
    if (!onAdd) return;
    setPending(true);
    try {
      if (await onAdd(product, quantity)) setQuantity(1);
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="outlet-product card" aria-labelledby={id}>
      <h3 id={id} className="outlet-product__name" dir="auto">
        {name}
      </h3>
      <p className="outlet-product__price">{t('priceWithVat', { price: formatAmount(product.price + product.tax_amount, currency) })}</p>
      <QuantityStepper label={t('outlets.quantity')} value={quantity} min={1} onChange={(next) => setQuantity(Math.max(1, Math.floor(next) || 1))} />
      <Button size="lg" pending={pending} disabled={onAdd === null} aria-label={t('addNamed', { name })} onClick={() => void add()}>
        {t('addToCart')}
      </Button>
    </li>
  );
}

function OutletProducts({ outlet, lang }: { outlet: OutletWithProducts; lang: Lang }) {
  const { t } = useTranslation('offers');
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const currency = config?.currency ?? 'AED';
  const venueId = config?.venue_id ?? null;
  const addToCart = useAddToCart();
  const add =
    venueId === null ? null : (product: OutletProduct, quantity: number) => addToCart(posLine(outlet, product, { venueId, quantity, group: crypto.randomUUID() }));
  return (
    <section aria-labelledby="outlet-products-title">
      <h2 id="outlet-products-title">{t('outlets.products')}</h2>
      {outlet.products.length === 0 ? (
        <p className="empty-state">{t('outlets.noProducts')}</p>
      ) : (
        <ul className="card-grid outlet-products">
          {outlet.products.map((product) => (
            <Product key={product.id} product={product} currency={currency} lang={lang} onAdd={add} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /outlets/{id} [S0-2.15]: one outlet's products, each with a quantity and Add to cart (a POS line). */
export function OutletDetailPage() {
  const { t } = useTranslation('offers');
  const lang = useLanguage();
  const state = screenData(detailRoute.useLoaderData());
  if (state.status !== 'ready') {
    return (
      <div className="container page">
        {state.status === 'error' && state.code === 404 ? <PageHeading title={t('outlets.notFound')} /> : <LoadState state={state} />}
      </div>
    );
  }
  const outlet = state.data.data;
  return (
    <article className="container page">
      <PageHeading title={localized(outlet, 'name', lang)} />
      {outlet.description ? <p dir="auto">{localized(outlet, 'description', lang)}</p> : null}
      <OutletProducts outlet={outlet} lang={lang} />
    </article>
  );
}
