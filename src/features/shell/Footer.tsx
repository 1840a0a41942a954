import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type SiteConfig } from '../../domain/contract/config';
import { sameHost } from '../../domain/host';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { visibleSocialLinks } from '../../domain/social';
import { Icon } from '../../ui/Icon';
import './shell.css';

export interface FooterProps {
  config: Pick<SiteConfig, 'footer' | 'enable_footer_contact_us' | 'allow_support'>;
  lang: Lang;
  /** The host the portal is served from; the partner logo row belongs to one host only. */
  host: string;
  /** Resolves an image path against the venue's image base. */
  imageUrl: (path: string) => string;
}

// One footer a page, hydrated after the rest (SiteLayout): a fixed id, as `useId` would number it out of order.
const FOLLOW_TEXT_ID = 'shell-footer-follow';

type LegalLink = { key: 'terms' | 'privacy' | 'contact' | 'support'; to: string };

function legalLinks(config: FooterProps['config']): LegalLink[] {
  return [
    { key: 'terms', to: '/terms-and-conditions' },
    { key: 'privacy', to: '/privacy-policy' },
    ...(config.enable_footer_contact_us === 1 ? [{ key: 'contact', to: '/contact-us' } as const] : []),
    ...(config.allow_support === 1 ? [{ key: 'support', to: '/customer-support' } as const] : []),
  ];
}

function NewTabHint() {
  const { t } = useTranslation('shell');
  return <span className="visually-hidden"> {t('newTab')}</span>;
}

export function Footer({ config, lang, host, imageUrl }: FooterProps) {
  const { t } = useTranslation('shell');
  const { footer } = config;
  const social = visibleSocialLinks(footer.social);
  const partnersHost = footer.partner_logos_host?.trim();
  const showPartners = footer.partner_logos.length > 0 && !!partnersHost && sameHost(host, partnersHost);
  const poweredByUrl = footer.powered_by_url?.trim();
  const poweredByText = footer.powered_by_text?.trim() || (poweredByUrl ? t('footer.poweredBy') : '');

  return (
    <footer className="shell-footer">
      {footer.cover_image ? (
        <img
          className="shell-footer__cover"
          src={imageUrl(footer.cover_image)}
          alt=""
          width={1440}
          height={320}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="shell-footer__inner">
        {showPartners ? (
          <section className="shell-footer__partners" aria-label={t('footer.partners')}>
            <ul className="shell-footer__partner-list">
              {footer.partner_logos.map((partner) => {
                const logo = (
                  <img
                    src={imageUrl(partner.image)}
                    alt={partner.name}
                    width={144}
                    height={64}
                    loading="lazy"
                    decoding="async"
                  />
                );
                return (
                  <li key={`${partner.name}:${partner.image}`}>
                    {partner.url ? (
                      <a href={partner.url} target="_blank" rel="noopener noreferrer" className="shell-footer__partner">
                        {logo}
                        <NewTabHint />
                      </a>
                    ) : (
                      <span className="shell-footer__partner">{logo}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}

        {social.length > 0 ? (
          <section className="shell-footer__follow" aria-labelledby={FOLLOW_TEXT_ID}>
            <p id={FOLLOW_TEXT_ID} className="shell-footer__follow-text">
              <bdi>{localized(footer, 'follow_text', lang) || t('footer.follow')}</bdi>
            </p>
            <ul className="shell-footer__social">
              {social.map(({ platform, url }) => (
                <li key={platform}>
                  <a href={url} target="_blank" rel="noopener noreferrer" className="shell-icon-link shell-footer__social-link">
                    <Icon name={platform} label={t(`footer.social.${platform}`)} />
                    <NewTabHint />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <nav className="shell-footer__legal" aria-label={t('footer.legal')}>
          <ul>
            {legalLinks(config).map((link) => (
              <li key={link.key}>
                <Link to={link.to} className="shell-footer__legal-link">
                  {t(`footer.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {footer.payment_methods_image ? (
          <img
            className="shell-footer__payments"
            src={imageUrl(footer.payment_methods_image)}
            alt={t('footer.paymentMethods')}
            width={320}
            height={40}
            loading="lazy"
            decoding="async"
          />
        ) : null}
      </div>
      {poweredByText ? (
        <div className="shell-footer__powered">
          {poweredByUrl ? (
            <a href={poweredByUrl} target="_blank" rel="noopener noreferrer">
              <bdi>{poweredByText}</bdi>
              <NewTabHint />
            </a>
          ) : (
            <bdi>{poweredByText}</bdi>
          )}
        </div>
      ) : null}
    </footer>
  );
}
