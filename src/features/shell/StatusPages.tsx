import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '../../domain/contract/config';
import type { Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { imageUrl } from '../../domain/venueLook';

function StatusLayout({ logo, title, children }: { logo?: { src: string; alt: string }; title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="status-page">
      <div className="status-card card">
        {logo && <img className="status-logo" src={logo.src} alt={logo.alt} width={160} height={48} />}
        <h1 ref={heading} tabIndex={-1}>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function SplashScreen() {
  const { t } = useTranslation();
  return (
    <main className="splash" aria-busy="true">
      <div className="splash-mark" aria-hidden="true" />
      <Spinner label={t('shell.loading')} />
    </main>
  );
}

function venueLogo(config: SiteConfig, lang: Lang) {
  return { src: imageUrl(config, config.logo_url), alt: localized(config.venue, 'name', lang) };
}

export function SiteNotAvailablePage({ config, lang }: { config: SiteConfig; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <StatusLayout logo={venueLogo(config, lang)} title={t('pageNotFound')}>
      <p>{t('shell.siteNotAvailableHint')}</p>
    </StatusLayout>
  );
}

export function MaintenancePage({ config, lang }: { config: SiteConfig; lang: Lang }) {
  return (
    <StatusLayout logo={venueLogo(config, lang)} title={localized(config.maintenance, 'title', lang)}>
      <p>{localized(config.maintenance, 'message', lang)}</p>
    </StatusLayout>
  );
}

export function HealthCheckPage({ config, lang }: { config: SiteConfig; lang: Lang }) {
  const check = config.health_check;
  if (!check) return null;
  return (
    <StatusLayout logo={venueLogo(config, lang)} title={localized(check, 'title', lang)}>
      <p>{localized(check, 'message', lang)}</p>
      {check.webButtons.length > 0 && (
        <div className="cluster status-actions">
          {check.webButtons.map((button) => (
            <a key={button.url + button.text} className={buttonClass('primary', 'lg')} href={button.url}>
              {localized(button, 'text', lang)}
            </a>
          ))}
        </div>
      )}
    </StatusLayout>
  );
}

export function InvalidConfigPage() {
  const { t } = useTranslation();
  return (
    <StatusLayout title={t('shell.invalidConfig')}>
      <p>{t('shell.invalidVenue')}</p>
    </StatusLayout>
  );
}

export function VenueNotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusLayout title={t('notFound.title')}>
      <p>{t('notFound.venueMissing')}</p>
    </StatusLayout>
  );
}

export function ConfigUnavailablePage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusLayout title={t('shell.unavailableTitle')}>
      <p>{t('shell.unavailableMessage')}</p>
      <Button size="lg" onClick={onRetry} icon={<Icon name="refresh" />}>
        {t('shell.retry')}
      </Button>
    </StatusLayout>
  );
}
