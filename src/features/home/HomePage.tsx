import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '../../domain/localize';
import { isSectionEnabled } from '../../domain/navigation';
import { FEATURE_ROUTES, type FeatureSection } from '../../domain/routeTable';
import { useAnchorScroll } from '../../app/useAnchorScroll';
import { HydrateLater } from '../../app/hydrateLater';
import { usePortal } from '../../app/portal';
import { imageUrl } from '../../domain/venueLook';
import { Carousel } from './Carousel';
import { useLanguage } from '../../i18n/useLanguage';

const SECTION_ORDER: FeatureSection[] = ['events', 'workshops', 'training', 'memberships', 'outlets', 'retail', 'offers', 'blogs', 'mediaLibrary'];

type HomePageProps = {
  /** The facility booking entry (the booking feature's). */
  bookFacility: ReactNode;
  /** The venue's lead form entry (the leads feature's). */
  leads: ReactNode;
};

/** The home page; src/routes/HomeScreen.tsx hands it the parts other features own. */
export function HomePage({ bookFacility, leads }: HomePageProps) {
  const { t } = useTranslation('pages');
  const portal = usePortal();
  const lang = useLanguage();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const carousel = useSelector(portal.shell, (state) => state.context.carousel);
  useAnchorScroll(Boolean(config));
  if (!config) return null;

  const sections = SECTION_ORDER.filter((section) => isSectionEnabled(section, config.header_nav));
  const venueName = localized(config.venue, 'name', lang);
  return (
    <div className="home">
      <h1 className="visually-hidden">{venueName}</h1>
      <Carousel items={carousel} lang={lang} imageUrl={(p) => imageUrl(config, p)} />
      <div className="container page">
        {isSectionEnabled('facilities', config.header_nav) && (
          <section id="facilities" className="home-facilities card" aria-labelledby="facilities-title">
            <h2 id="facilities-title">{t('home.facilitiesTitle')}</h2>
            <p>{t('home.facilitiesText')}</p>
            {bookFacility}
          </section>
        )}
        {sections.length > 0 && (
          // Below the fold on a phone.
          <HydrateLater>
            <ExploreSection sections={sections} />
          </HydrateLater>
        )}
        {leads}
      </div>
    </div>
  );
}

function ExploreSection({ sections }: { sections: FeatureSection[] }) {
  const { t } = useTranslation('pages');
  return (
    <section aria-labelledby="explore-title" className="home-explore">
      <h2 id="explore-title">{t('home.exploreTitle')}</h2>
      <ul className="tile-grid">
        {sections.map((section) => (
          <li key={section}>
            <Link to={FEATURE_ROUTES[section]} className="tile">
              <span className="tile-title">{t(`sections.${section}`)}</span>
              <span className="tile-text">{t(`sections.${section}Hint`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
