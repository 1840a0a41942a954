import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { localized } from '../../domain/localize';
import { buttonClass } from '../../ui/Button';
import { usePortal } from '../../app/portal';
import { imageUrl } from '../../domain/venueLook';
import { Carousel } from './Carousel';
import { useLanguage } from '../../i18n/useLanguage';

/** A partner landing page without header and footer; the token identifies the campaign that sent the visitor. */
export function HomeBslPage() {
  const { t } = useTranslation('pages');
  const portal = usePortal();
  const lang = useLanguage();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const carousel = useSelector(portal.shell, (state) => state.context.carousel);
  if (!config) return null;
  return (
    <div className="landing">
      <img className="landing-logo" src={imageUrl(config, config.logo_url)} alt={localized(config.venue, 'name', lang)} width={200} height={60} />
      <h1>{t('homeBsl.title', { venue: localized(config.venue, 'name', lang) })}</h1>
      <Carousel items={carousel} lang={lang} imageUrl={(p) => imageUrl(config, p)} />
      <Link to="/" className={buttonClass('primary', 'lg')}>
        {t('homeBsl.enter')}
      </Link>
    </div>
  );
}
