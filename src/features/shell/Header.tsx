import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SiteConfig } from '../../domain/contract/config';
import { type SearchResult } from '../../domain/contract/search';
import { type Lang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { type SearchResultTarget } from '../../domain/search';
import { type User } from '../../domain/session';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { HydrateLater } from '../../app/hydrateLater';
import { CartLink } from './CartLink';
import { GlobalSearch } from './GlobalSearch';
import { LanguageToggle } from './LanguageToggle';
import { JoinNowLink, NavMenu } from './NavMenu';
import './shell.css';

// Menus that only some visitors open load on demand, keeping them out of the first screen's JavaScript.
const MobileDrawer = lazy(() => import('./MobileDrawer').then((m) => ({ default: m.MobileDrawer })));
const ProfileMenu = lazy(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));

const HOME_PATH: string = '/';
const FACILITY_BOOKINGS_PATH: string = '/profile/facility-bookings';

export interface HeaderProps {
  config: SiteConfig;
  lang: Lang;
  user: User | null;
  cartCount: number;
  /** enable_search is 1 and the special brand mode is off. */
  searchEnabled: boolean;
  search: (text: string, signal: AbortSignal) => Promise<SearchResult[]>;
  onSearchNavigate: (target: SearchResultTarget) => void;
  onLanguageChange: (lang: Lang) => void;
  onLogout: () => void;
  /** The full current path with its query, carried to login as nextUrl. */
  currentPath: string;
  /** Resolves an image path against the venue's image base. */
  imageUrl: (path: string) => string;
}

/**
 * The sticky header. Below 900 px the menu, join-now and language move into the drawer behind the menu
 * button; logo, search, cart and account stay in the bar.
 */
export function Header({
  config,
  lang,
  user,
  cartCount,
  searchEnabled,
  search,
  onSearchNavigate,
  onLanguageChange,
  onLogout,
  currentPath,
  imageUrl,
}: HeaderProps) {
  const { t } = useTranslation('shell');
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  return (
    <header className="shell-header">
      <div className="shell-header__bar">
        <Button
          variant="ghost"
          className="shell-icon-button shell-header__menu-button"
          aria-label={t('header.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls={drawerWanted ? drawerId : undefined}
          onClick={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
        >
          <Icon name="menu" />
        </Button>
        <Link to={HOME_PATH} className="shell-header__logo">
          <img
            src={imageUrl(config.logo_url)}
            alt={localized(config.venue, 'name', lang)}
            width={160}
            height={48}
            decoding="async"
          />
        </Link>
        {/* Hidden on a phone, where the drawer holds the menu. */}
        {config.header_nav.length > 0 ? (
          <HydrateLater>
            <NavMenu items={config.header_nav} lang={lang} variant="bar" className="shell-header__nav" />
          </HydrateLater>
        ) : null}
        <div className="shell-header__actions">
          {searchEnabled ? (
            <GlobalSearch search={search} onNavigate={onSearchNavigate} lang={lang} imageUrl={imageUrl} />
          ) : null}
          <JoinNowLink config={config} lang={lang} className="shell-wide-only" />
          {config.is_baps === 1 ? (
            <Link to={FACILITY_BOOKINGS_PATH} className="shell-icon-link" aria-label={t('profile.myBookings')}>
              <Icon name="bookings" />
            </Link>
          ) : null}
          {config.enable_arabic === 1 ? (
            <LanguageToggle lang={lang} onChange={onLanguageChange} className="shell-wide-only" />
          ) : null}
          <CartLink count={cartCount} />
          {user ? (
            <Suspense fallback={<span className="shell-profile-placeholder" aria-hidden="true" />}>
              <ProfileMenu user={user} config={config} onLogout={onLogout} />
            </Suspense>
          ) : (
            <Link to="/login" search={{ nextUrl: currentPath }} className={`${buttonClass('secondary')} shell-login`}>
              <Icon name="user" />
              <span className="shell-login__text">{t('login')}</span>
            </Link>
          )}
        </div>
      </div>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <MobileDrawer
            id={drawerId}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            config={config}
            lang={lang}
            user={user}
            currentPath={currentPath}
            onLanguageChange={onLanguageChange}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
