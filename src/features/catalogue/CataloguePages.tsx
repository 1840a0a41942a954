import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { type CatalogueKind } from '../../api/catalogue';
import type { Academy, CatalogueEvent, Trainer } from '../../domain/contract/catalogue';
import { dayjs, DATE_FORMATS } from '../../domain/dates';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { formatAmount } from '../../domain/money';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { LaterSection } from '../../ui/LaterSection';
import { DeviceCopyNote, LoadState } from '../../app/LoadState';
import { PageHeading } from '../../ui/PageHeading';
import { screenData } from '../../app/screenData';
import { PagedList } from '../../app/PagedList';
import { usePortal } from '../../app/portal';
import { HydrateLater } from '../../app/hydrateLater';
import { imageUrl } from '../../domain/venueLook';
import { AcademyPurchase } from './AcademyPurchase';
import { EventPurchase, scheduleText } from './EventPurchase';
import { catalogueUnitPrice } from '../../domain/cart/catalogueLines';
import { TrainerPurchase } from './TrainerPurchase';
import { useLanguage } from '../../i18n/useLanguage';

type Entry = CatalogueEvent | Trainer | Academy;

const DETAIL_ROUTE = { events: '/events/$id', trainers: '/training/$id', academies: '/academy/$id' } as const;
const TITLE_KEY = { events: 'sections.events', trainers: 'sections.training', academies: 'sections.workshops' } as const;

function useImage() {
  const portal = usePortal();
  const config = useSelector(portal.shell, (state) => state.context.config);
  return (path: string | null | undefined) => (path && config ? imageUrl(config, path) : undefined);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

function facts(entry: Entry, kind: CatalogueKind, lang: Lang, t: Translate, currency: string): string[] {
  const lines: string[] = [];
  if ('start_date' in entry) {
    const from = dayjs(entry.start_date).locale(lang).format(DATE_FORMATS.display);
    const to = dayjs(entry.end_date).locale(lang).format(DATE_FORMATS.display);
    lines.push(from === to ? from : t('catalogue.dateRange', { from, to }));
  }
  if ('location' in entry && entry.location) lines.push(localized(entry, 'location', lang));
  if (kind === 'trainers' && 'specialty' in entry && entry.specialty) lines.push(localized(entry, 'specialty', lang));
  const price = 'price' in entry ? entry.price : 'session_price' in entry ? entry.session_price : null;
  if (price != null) {
    const unit = catalogueUnitPrice(price);
    lines.push(t('catalogue.fromPrice', { price: formatAmount(unit.price + unit.tax_amount, currency) }));
  }
  return lines;
}

const LIST_ROUTE = {
  events: getRouteApi('/_site/_feature/events'),
  trainers: getRouteApi('/_site/_feature/training'),
  academies: getRouteApi('/_site/_feature/academies'),
} as const;
const ITEM_ROUTE = {
  events: getRouteApi('/_site/_feature/events/$id'),
  trainers: getRouteApi('/_site/_feature/training/$id'),
  academies: getRouteApi('/_site/_feature/academy/$id'),
} as const;

/**
 * The cards of the first screen (two on a phone, four on a kiosk) load their images first (the server's page preloads
 * them): they are all the same size, so the last of them to paint is the largest paint. The rest wait to be scrolled to.
 */
const FIRST_SCREEN_CARDS = 4;
const firstScreenImage = (index: number) => (index < FIRST_SCREEN_CARDS ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const });

function CatalogueList({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation('pages');
  const portal = usePortal();
  const lang = useLanguage();
  const image = useImage();
  const currency = useSelector(portal.shell, (state) => state.context.config?.currency ?? 'AED');
  const state = screenData(LIST_ROUTE[kind].useLoaderData());
  return (
    <div className="container page">
      <PageHeading title={t(TITLE_KEY[kind])} />
      <PagedList
        state={state}
        emptyText={t('catalogue.empty')}
        listClassName="card-grid"
        renderItem={(entry: Entry, index: number) => {
          // Each card is hydrated after the rest of the page, in a task of its own (the first four took ~0.1 s of the
          // hydration's one task at 4x CPU); until then its server nodes show, and its link still opens the page.
          return (
            <HydrateLater key={entry.id}>
              <EntryCard entry={entry} kind={kind} index={index} lang={lang} currency={currency} image={image} t={t} />
            </HydrateLater>
          );
        }}
      />
    </div>
  );
}

type EntryCardProps = {
  entry: Entry;
  kind: CatalogueKind;
  index: number;
  lang: Lang;
  currency: string;
  image: ReturnType<typeof useImage>;
  t: Translate;
};

function EntryCard({ entry, kind, index, lang, currency, image, t }: EntryCardProps) {
  return (
    <li>
      <Link to={DETAIL_ROUTE[kind]} params={{ id: String(entry.id) }} className="entry-card card">
        {entry.image_path && <img src={image(entry.image_path)} alt="" width={400} height={240} {...firstScreenImage(index)} />}
        <span className="entry-card-body">
          <span className="entry-card-title" dir="auto">{localized(entry, 'name', lang)}</span>
          {facts(entry, kind, lang, t, currency).map((line) => (
            <span key={line} className="entry-card-fact">{line}</span>
          ))}
        </span>
      </Link>
    </li>
  );
}

function CatalogueDetail({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation('pages');
  const portal = usePortal();
  const lang = useLanguage();
  const image = useImage();
  const currency = useSelector(portal.shell, (state) => state.context.config?.currency ?? 'AED');
  const state = screenData(ITEM_ROUTE[kind].useLoaderData().item);
  if (state.status !== 'ready') {
    return (
      <div className="container page">
        {state.status === 'error' && state.code === 404 ? (
          <PageHeading title={t('catalogue.notFound')} />
        ) : (
          <LoadState state={state} />
        )}
      </div>
    );
  }
  const entry = state.data.data;
  const timeSlots = 'event_schedules' in entry ? entry.event_schedules : 'schedules' in entry ? entry.schedules : [];
  return (
    <article className="container page detail">
      {entry.image_path && <img className="detail-image" src={image(entry.image_path)} alt="" width={1200} height={600} fetchPriority="high" />}
      <PageHeading title={localized(entry, 'name', lang)}>
        <CopyLinkButton />
      </PageHeading>
      <DeviceCopyNote state={state} />
      <ul className="detail-facts">
        {facts(entry, kind, lang, t, currency).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p dir="auto">{localized(entry, 'description', lang)}</p>
      {timeSlots.length > 0 && (
        <section aria-labelledby="schedule-title">
          <h2 id="schedule-title">{t('catalogue.schedule')}</h2>
          <ul>
            {timeSlots.map((s) => (
              <li key={s.start_time + s.end_time}>
                <span dir="ltr">{scheduleText(s)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {kind === 'events' && 'event_schedules' in entry && entry.price != null && <EventPurchase event={{ ...entry, price: entry.price }} lang={lang} currency={currency} />}
      {kind === 'trainers' && 'session_price' in entry && entry.session_price != null && entry.session_minutes != null && (
        <TrainerPurchase trainer={{ ...entry, session_price: entry.session_price, session_minutes: entry.session_minutes }} lang={lang} currency={currency} />
      )}
      {kind === 'academies' && 'min_age' in entry && entry.price != null && <AcademyPurchase academy={{ ...entry, price: entry.price }} lang={lang} currency={currency} />}
    </article>
  );
}

export const EventsPage = () => <CatalogueList kind="events" />;
export const EventDetailPage = () => <CatalogueDetail kind="events" />;
export const TrainingPage = () => <CatalogueList kind="trainers" />;
export const TrainerDetailPage = () => <CatalogueDetail kind="trainers" />;
export const AcademiesPage = () => <CatalogueList kind="academies" />;
export const AcademyDetailPage = () => <CatalogueDetail kind="academies" />;
export const AcademyPackagesPage = () => <LaterSection titleKey="later.academyPackages" detailKey="later.academyPackagesText" />;
export const BlogsPage = () => <LaterSection titleKey="sections.blogs" detailKey="later.blogsText" />;
export const BlogDetailPage = () => <LaterSection titleKey="later.blogDetail" detailKey="later.blogsText" />;
export const RetailPage = () => <LaterSection titleKey="sections.retail" detailKey="later.retailText" />;
export const MediaLibraryPage = () => <LaterSection titleKey="sections.mediaLibrary" detailKey="later.mediaLibraryText" />;
export const EventInvitePage = () => <LaterSection titleKey="later.eventInvite" detailKey="later.eventInviteText" />;
